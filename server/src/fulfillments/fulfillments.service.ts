import { validatePostalCode } from "@mainstreet/rules/orders/address";
import type { Catalog } from "../catalog/catalog";
import { unprocessable, type IssueDetail } from "../http/errors";
import { deliveryProblems } from "../orders/orders.service";
import { type AddressValidationBody } from "@mainstreet/rules/api/api-requests";

/**
 * `fulfillments/address-validation/`: is this a plausible address (required parts, postal-code shape
 * for the country) and can the chosen location fulfil to it (delivery offered, inside its area)?
 */
export class FulfillmentsService {
  constructor(private readonly catalog: Catalog) {}

  validateAddress(body: AddressValidationBody) {
    const entry = this.catalog.byMerchantProduct(body.merchant_product);
    if (!entry) throw unprocessable(`body.merchant_product: no business here sells product "${body.merchant_product}"`);
    const location = entry.locations.get(body.merchant_location);
    if (!location) throw unprocessable(`body.merchant_location: "${body.merchant_location}" is not a location of ${entry.business.name}`);
    const problems: IssueDetail[] = [];
    if (!validatePostalCode(body.country, body.postal_code)) {
      problems.push({ path: "body.postal_code", message: `"${body.postal_code}" is not a valid postal code for ${body.country}` });
    } else if (body.fulfillment_type === "delivery") {
      problems.push(...deliveryProblems(location, body, "body"));
    } else if (!location.pickupEnabled) {
      problems.push({ path: "body.fulfillment_type", message: `${location.name ?? location.street} does not offer pickup` });
    }
    if (problems.length > 0) throw unprocessable(`${problems[0].path}: ${problems[0].message}`, problems);
    return {
      valid: true,
      address: {
        line1: body.line1,
        line2: body.line2,
        city: body.city,
        state: body.state,
        postal_code: body.postal_code.toUpperCase(),
        country: body.country,
      },
      fulfillment_type: body.fulfillment_type,
      fulfillment_provider: body.fulfillment_provider,
      delivery:
        body.fulfillment_type === "delivery"
          ? { fee_cents: location.delivery.feeCents, minimum_cents: location.delivery.minimumCents }
          : null,
    };
  }
}
