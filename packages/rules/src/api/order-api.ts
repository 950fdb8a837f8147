import { z } from "zod";

/**
 * The one contract for what the API service's order calls answer (docs/api.md, "order view"): the server
 * builds its replies as these types and its tests parse every reply with these schemas; the site reads
 * them as types only, so zod never reaches a visitor's first load (the import-graph test checks that).
 */

const cents = z.number().int().nonnegative();
const iso = z.string().nullable();

export const OrderStatusSchema = z.enum(["open", "checkout", "placed"]);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/**
 * What happens to a placed order in the kitchen (fulfillment-status.ts holds the moves): the
 * merchant workspace sets it, the visitor's order page shows it.
 */
export const FulfillmentStatusSchema = z.enum(["placed", "accepted", "ready", "completed", "cancelled"]);
export type FulfillmentStatus = z.infer<typeof FulfillmentStatusSchema>;

export const FulfillmentMethodSchema = z.enum(["pickup", "delivery"]);
export type FulfillmentMethod = z.infer<typeof FulfillmentMethodSchema>;

export const OrderLineViewSchema = z
  .object({
    id: z.string(),
    menu_item: z.string(),
    name: z.string(),
    selected_variation: z.object({ id: z.string(), menu_item: z.string(), name: z.string(), price_cents: cents }).strict(),
    selected_modifiers: z.array(z.object({ id: z.string(), name: z.string(), price_cents: cents, modifier_set_id: z.string() }).strict()),
    special_instructions: z.string(),
    quantity: z.number().int().min(1),
    unit_price_cents: cents,
    total_price_cents: cents,
  })
  .strict();
export type OrderLineView = z.infer<typeof OrderLineViewSchema>;

export const AdjustmentViewSchema = z
  .object({
    id: z.string(),
    line_item: z.string().nullable(),
    kind: z.enum(["price_changed", "unavailable"]),
    reason: z.string(),
    previous_unit_price_cents: cents.nullable(),
    unit_price_cents: cents.nullable(),
  })
  .strict();
export type AdjustmentView = z.infer<typeof AdjustmentViewSchema>;

export const TotalsViewSchema = z
  .object({ subtotal_cents: cents, tax_cents: cents, tip_cents: cents, delivery_fee_cents: cents, total_cents: cents })
  .strict();
export type TotalsView = z.infer<typeof TotalsViewSchema>;

export const RecipientViewSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    street_address: z.string(),
    extended_address: z.string(),
    locality: z.string(),
    administrative_area_level_1: z.string(),
    postal_code: z.string(),
    country: z.string(),
  })
  .strict();

export const OrderViewSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    status: OrderStatusSchema,
    business_id: z.string(),
    merchant_product: z.string(),
    merchant_location: z.string(),
    location_name: z.string().nullable(),
    currency: z.string(),
    line_items: z.array(OrderLineViewSchema),
    customer: z.object({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string() }).strict().nullable(),
    recipient: RecipientViewSchema.nullable(),
    fulfillment: z.object({ method: FulfillmentMethodSchema, fee_cents: cents }).strict().nullable(),
    attributes: z
      .union([
        z.object({ tip: cents, instructions: z.string() }).strict(),
        z.object({ tip_percentage: z.number().nonnegative(), instructions: z.string() }).strict(),
      ])
      .nullable(),
    payment_source: z.object({ provider_id: z.string().nullable(), default: z.boolean(), token_last4: z.string() }).strict().nullable(),
    adjustments: z.array(AdjustmentViewSchema),
    totals: TotalsViewSchema,
    totals_frozen: z.boolean(),
    checkout: z
      .object({ id: z.string(), status: z.string(), payment_status: z.string().nullable(), failure_message: z.string().nullable() })
      .strict()
      .nullable(),
    /** IANA zone of the location: promised times are shown on its wall clock (ready-times.ts promiseText). */
    location_time_zone: z.string().nullable(),
    /** The time the visitor chose (ISO with offset), or null for as soon as possible. */
    scheduled_for: iso,
    /**
     * When the order is ready (pickup) or starts its delivery window: set with the fulfillment, fixed when
     * the order is paid for; null without a fulfillment, or for shipping.
     */
    promised_at: iso,
    /** End of the delivery window (equal to promised_at for pickup); null when promised_at is. */
    promised_until: iso,
    /**
     * The promise in words, as the order page shows it: the date written out, on the location's wall clock,
     * in the business's locale (ready-times-format.ts confirmationPromise); null when promised_at is.
     */
    promise_text: z.string().nullable(),
    created_at: iso,
    updated_at: iso,
    placed_at: iso,
    /** Where the kitchen is with a placed order (null before it is placed), and since when. */
    fulfillment_status: FulfillmentStatusSchema.nullable(),
    fulfillment_status_at: iso,
  })
  .strict();
export type OrderView = z.infer<typeof OrderViewSchema>;

export const CreatedOrderViewSchema = OrderViewSchema.extend({ session_token: z.string() }).strict();
export type CreatedOrderView = z.infer<typeof CreatedOrderViewSchema>;

export const CheckoutViewSchema = z
  .object({
    id: z.string(),
    order_uuid: z.string(),
    order_number: z.string(),
    status: z.enum(["authorized", "payment_failed", "closed"]),
    order_status: OrderStatusSchema,
    currency: z.string(),
    totals: TotalsViewSchema,
    payment: z
      .object({
        status: z.string(),
        provider: z.string(),
        amount_cents: cents,
        failure_code: z.string().nullable(),
        failure_message: z.string().nullable(),
      })
      .strict()
      .nullable(),
    /** The promise as the checkout fixed it (see OrderView). */
    location_time_zone: z.string().nullable(),
    promised_at: iso,
    promised_until: iso,
    placed_at: iso,
  })
  .strict();
export type CheckoutView = z.infer<typeof CheckoutViewSchema>;

const isoInstant = z.string();

export const ReadySlotViewSchema = z
  .object({ start: isoInstant, label: z.string(), available: z.boolean(), remaining: z.number().int().nonnegative().nullable() })
  .strict();

/**
 * `GET orders/{id}/fulfillment-slots/?method=pickup|delivery`: what the checkout offers for the order's
 * location (ready-times.ts readyTimes, with the kitchen's bookings counted): as soon as possible, when it
 * is possible, and the scheduled times of today through `days_ahead` days after it.
 */
export const FulfillmentSlotsViewSchema = z
  .object({
    order_id: z.string(),
    location_id: z.string(),
    method: FulfillmentMethodSchema,
    time_zone: z.string(),
    /** False for shipping (and a location without hours): no time is promised or chosen, `days` is empty. */
    timed: z.boolean(),
    slot_minutes: z.number().int().positive(),
    preparation_minutes: z.number().int().nonnegative(),
    /** Delivery: how long after promised_at a delivery may arrive; null for pickup. */
    delivery_window_minutes: z.number().int().positive().nullable(),
    days_ahead: z.number().int().nonnegative(),
    asap: z
      .object({
        available: z.boolean(),
        promised_at: isoInstant.nullable(),
        promised_until: isoInstant.nullable(),
        /** Why it is not available: closed now, too close to closing, or the kitchen full until it closes (ready-times.ts). */
        reason: z.enum(["closed", "closing", "full", "paused"]).nullable(),
        /** The same, in words for the visitor. */
        message: z.string().nullable(),
      })
      .strict(),
    days: z.array(z.object({ date: z.string(), label: z.string(), slots: z.array(ReadySlotViewSchema) }).strict()),
  })
  .strict();
export type FulfillmentSlotsView = z.infer<typeof FulfillmentSlotsViewSchema>;
