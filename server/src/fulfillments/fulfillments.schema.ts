import { z } from "zod";
import { countryCode, id, optionalText, text } from "../http/common.schema";

export const AddressValidationBody = z.strictObject({
  country: countryCode,
  state: optionalText(100).default(""),
  city: text(100),
  postal_code: text(20),
  line1: text(200),
  line2: optionalText(200).default(""),
  merchant_product: id,
  merchant_location: id,
  fulfillment_type: z.enum(["delivery", "pickup"], { message: 'expected "delivery" or "pickup"' }),
  /** Who carries the order; only the merchant's own delivery exists today. */
  fulfillment_provider: z.enum(["merchant"], { message: 'expected "merchant"' }).default("merchant"),
});
export type AddressValidationBody = z.output<typeof AddressValidationBody>;
