/**
 * The shapes the site reads from and sends to the API service's order calls (docs/api.md, "order
 * view"). Types only, plus the one guard the browser needs: data read back from storage is checked
 * before it is trusted, since another version of the site (or a visitor) may have written it.
 */

/** Where checkout and the order confirmation live on a site that takes orders (planned by page-plan.ts). */
export const ORDERING_PATHS = { checkout: "/checkout/", order: "/order/" } as const;

export type FulfillmentMethod = "pickup" | "delivery";
export type OrderStatus = "open" | "checkout" | "placed";

export interface OrderLineView {
  id: string;
  menu_item: string;
  name: string;
  selected_variation: { id: string; menu_item: string; name: string; price_cents: number };
  selected_modifiers: { id: string; name: string; price_cents: number; modifier_set_id: string }[];
  special_instructions: string;
  quantity: number;
  unit_price_cents: number;
  total_price_cents: number;
}

export interface AdjustmentView {
  id: string;
  line_item: string | null;
  kind: "price_changed" | "unavailable";
  reason: string;
  previous_unit_price_cents: number | null;
  unit_price_cents: number | null;
}

export interface TotalsView {
  subtotal_cents: number;
  tax_cents: number;
  tip_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
}

export interface RecipientView {
  first_name: string;
  last_name: string;
  street_address: string;
  extended_address: string;
  locality: string;
  administrative_area_level_1: string;
  postal_code: string;
  country: string;
}

export interface OrderView {
  id: string;
  number: string;
  status: OrderStatus;
  business_id: string;
  merchant_location: string;
  location_name: string | null;
  currency: string;
  line_items: OrderLineView[];
  customer: { first_name: string; last_name: string; email: string; phone: string } | null;
  recipient: RecipientView | null;
  fulfillment: { method: FulfillmentMethod; fee_cents: number } | null;
  attributes: { tip: number; instructions: string } | { tip_percentage: number; instructions: string } | null;
  payment_source: { provider_id: string; default: boolean; token_last4: string } | null;
  adjustments: AdjustmentView[];
  totals: TotalsView;
  totals_frozen: boolean;
  checkout: { id: string; status: string; payment_status: string | null; failure_message: string | null } | null;
  placed_at: string | null;
}

export interface CreatedOrderView extends OrderView {
  session_token: string;
}

export interface CheckoutView {
  id: string;
  order_uuid: string;
  order_number: string;
  status: "authorized" | "payment_failed" | "closed";
  order_status: OrderStatus;
  currency: string;
  totals: TotalsView;
  placed_at: string | null;
}

/** A cart line as the order calls take it (SPEC §3 cart line, snake_case); names and prices are display copies the server ignores. */
export interface LineItemPayload {
  selected_variation: { id: string; menu_item: string; name: string; order: number; price: number };
  selected_modifiers: { id: string; modifier_set_id: string; name: string; price: number }[];
  special_instructions: string;
  quantity: number;
}

/** The live catalog (`GET catalog/{businessId}/`), reduced to what the cart checks. */
export interface CatalogView {
  ordering: { enabled: boolean };
  locations: { id: string; name: string | null; ordering_enabled: boolean; pickup_enabled: boolean; delivery: { enabled: boolean; fee_cents: number; minimum_cents: number } }[];
  items: { id: string; name: string; available: boolean; variations: { id: string; price_cents: number }[] }[];
  modifiers: { id: string; name: string; available: boolean }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function isLine(value: unknown): value is OrderLineView {
  if (!isRecord(value) || typeof value.id !== "string" || typeof value.name !== "string" || typeof value.menu_item !== "string") return false;
  const variation = value.selected_variation;
  return (
    isRecord(variation) &&
    typeof variation.id === "string" &&
    Array.isArray(value.selected_modifiers) &&
    value.selected_modifiers.every((modifier) => isRecord(modifier) && typeof modifier.id === "string" && typeof modifier.name === "string") &&
    isCount(value.quantity) &&
    value.quantity >= 1 &&
    isCount(value.unit_price_cents) &&
    isCount(value.total_price_cents)
  );
}

/** True when `value` has the fields of an order view the cart and confirmation read. */
export function isOrderView(value: unknown): value is OrderView {
  if (!isRecord(value)) return false;
  const totals = value.totals;
  return (
    typeof value.id === "string" &&
    typeof value.number === "string" &&
    (value.status === "open" || value.status === "checkout" || value.status === "placed") &&
    typeof value.currency === "string" &&
    Array.isArray(value.line_items) &&
    value.line_items.every(isLine) &&
    Array.isArray(value.adjustments) &&
    isRecord(totals) &&
    ["subtotal_cents", "tax_cents", "tip_cents", "delivery_fee_cents", "total_cents"].every((key) => isCount(totals[key]))
  );
}
