/**
 * The orders a browser placed, remembered per site for the order page: their ids, numbers and order session
 * tokens, newest first, for a month. Apart from the cart's rules (cart-storage.ts, cart.ts), so the order
 * page carries only this.
 */
import { siteStorageKey } from "../site/storage";
import { isSessionToken } from "../api/session-token";

/** A placed order's token is kept this long so the confirmation page can be reloaded. */
export const PLACED_ORDER_EXPIRY_MS = 30 * 24 * 60 * 60 * 1000;
/** Placed orders remembered per site, newest first. */
export const MAX_REMEMBERED_ORDERS = 10;

export function placedOrdersKey(siteId: string): string {
  return siteStorageKey(siteId, "placed-orders");
}

export interface PlacedOrderRef {
  orderId: string;
  token: string;
  number: string;
}

export function parsePlacedOrders(value: unknown): PlacedOrderRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is PlacedOrderRef =>
      entry !== null && typeof entry === "object" && typeof entry.orderId === "string" && typeof entry.number === "string" && isSessionToken(entry.token),
  );
}

/** Adds a placed order to the remembered list, newest first, without duplicates, capped. */
export function rememberPlacedOrder(list: readonly PlacedOrderRef[], order: PlacedOrderRef): PlacedOrderRef[] {
  return [order, ...list.filter((entry) => entry.orderId !== order.orderId)].slice(0, MAX_REMEMBERED_ORDERS);
}
