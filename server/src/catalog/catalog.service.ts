import type { CatalogView } from "@mainstreet/rules/api/api-views";
import { ORDER_SLOT_MINUTES } from "@mainstreet/rules/orders/ready-times";
import type { Catalog } from "./catalog";
import { notFound } from "../http/errors";
import type { FormsService } from "../forms/forms.service";

/**
 * What the site may ask the service about its own catalog at run time: live prices and availability
 * (a static page can be weeks old) and like counts. Hidden items are never listed.
 */
export class CatalogService {
  constructor(
    private readonly catalog: Catalog,
    private readonly forms: FormsService,
  ) {}

  async menu(businessId: string): Promise<CatalogView> {
    const entry = this.catalog.get(businessId);
    if (!entry) throw notFound(`Business ${businessId} does not exist`);
    const { business } = entry;
    const likes = await this.forms.likeCounts(businessId);
    return {
      id: business.id,
      type: business.type,
      name: business.name,
      ordering: {
        enabled: business.ordering.enabled,
        merchant_product: business.ordering.merchantProduct,
        currency: business.ordering.currency,
        tip_percentages: business.ordering.tipPercentages,
      },
      locations: business.locations.map((location) => ({
        id: location.id,
        name: location.name ?? null,
        ordering_enabled: location.orderingEnabled,
        pickup_enabled: location.pickupEnabled,
        delivery: { enabled: location.delivery.enabled, fee_cents: location.delivery.feeCents, minimum_cents: location.delivery.minimumCents, window_minutes: location.delivery.windowMinutes },
        reservations: { enabled: location.reservations.enabled, slot_minutes: location.reservations.slotMinutes },
        order_times: {
          time_zone: location.timezone,
          slot_minutes: ORDER_SLOT_MINUTES,
          preparation_minutes: location.orderTimes.preparationMinutes,
          days_ahead: location.orderTimes.daysAhead,
          orders_per_slot: location.orderTimes.ordersPerSlot,
        },
      })),
      items: business.menu.items
        .filter((item) => item.visible)
        .map((item) => ({
          id: item.id,
          name: item.name,
          available: item.available,
          like_count: likes[item.id] ?? item.likeCount,
          variations: item.variations.map((variation) => ({ id: variation.id, name: variation.name, price_cents: variation.priceCents, available: variation.available })),
          modifier_set_ids: item.modifierSetIds,
        })),
      modifiers: business.menu.modifiers.map((modifier) => ({ id: modifier.id, name: modifier.name, price_cents: modifier.priceCents, available: modifier.available })),
    };
  }
}
