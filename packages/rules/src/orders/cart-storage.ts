/**
 * The stored cart: where the browser keeps the visitor's open order (per site and location, with an
 * expiry), how a stored value is checked before it is trusted, and the count the navigation shows. Kept
 * apart from cart.ts (choices, prices, notices) so the cart button on every page carries only this; the
 * placed orders the order page reads are placed-orders.ts.
 */
import { DEFAULT_CURRENCY, majorUnits } from "./currency";
import { siteStorageKey } from "../site/storage";
import { isSessionToken } from "../api/session-token";
import type { OrderLineView, OrderView } from "../api/order-api";
import type { LineItemPayload } from "../api/api-requests";

/**
 * A cart lives for a day after its last change: long enough to come back after lunch, short enough
 * that a week-old cart with yesterday's specials never greets the visitor. Every change restarts it.
 */
export const CART_EXPIRY_MS = 24 * 60 * 60 * 1000;

export function cartStorageKey(siteId: string, locationId: string): string {
  if (!locationId.trim()) throw new RangeError(`cartStorageKey: expected a location id, got ${JSON.stringify(locationId)}`);
  return siteStorageKey(siteId, `cart:${locationId.trim()}`);
}

export interface StoredCart {
  version: 1;
  orderId: string;
  token: string;
  locationId: string;
  order: OrderView;
}

/** The stored cart if it is one this site can use for this location, else null (so it starts over). */
export function parseStoredCart(value: unknown, locationId: string): StoredCart | null {
  if (value === null || typeof value !== "object") return null;
  const cart = value as Partial<StoredCart>;
  if (cart.version !== 1 || typeof cart.orderId !== "string" || !isSessionToken(cart.token)) return null;
  if (cart.locationId !== locationId || !isOrderView(cart.order) || cart.order.id !== cart.orderId) return null;
  // A cart whose order went into checkout elsewhere is still shown (the checkout page finishes it);
  // a placed one is history, not a cart.
  if (cart.order.status === "placed") return null;
  return cart as StoredCart;
}

export function storedCart(order: OrderView, token: string, locationId: string): StoredCart {
  return { version: 1, orderId: order.id, token, locationId, order };
}

export function cartItemCount(order: Pick<OrderView, "line_items"> | null | undefined): number {
  return (order?.line_items ?? []).reduce((sum, line) => sum + line.quantity, 0);
}

/** "Cart, 3 items" for the navigation button; the badge shows the number alone. */
export function cartButtonLabel(count: number): string {
  return count === 0 ? "Cart, empty" : `Cart, ${count} item${count === 1 ? "" : "s"}`;
}

/**
 * Whether a request for the stored order means the visitor needs a new one: the service lost it
 * (404), the token no longer matches (401, 403), or it was placed or frozen elsewhere (409).
 */
export function isStaleOrderStatus(status: number): boolean {
  return status === 401 || status === 403 || status === 404 || status === 409;
}

/** A stored line again as a payload, to rebuild an order the service no longer has (display prices in whole units of `currency`). */
export function payloadFromLine(line: OrderView["line_items"][number], currency: string = DEFAULT_CURRENCY): LineItemPayload {
  return {
    selected_variation: { id: line.selected_variation.id, menu_item: line.menu_item, name: line.selected_variation.name, order: 0, price: majorUnits(line.selected_variation.price_cents, currency) },
    selected_modifiers: line.selected_modifiers.map((modifier) => ({ id: modifier.id, modifier_set_id: modifier.modifier_set_id, name: modifier.name, price: majorUnits(modifier.price_cents, currency) })),
    special_instructions: line.special_instructions,
    quantity: line.quantity,
  };
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

/**
 * True when `value` has the fields of an order view the cart and confirmation read. A structural check,
 * not the zod contract: this runs in every visitor's first load, where zod would cost more than the cart.
 * A test holds it to the contract (anything OrderViewSchema accepts, this accepts).
 */
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
