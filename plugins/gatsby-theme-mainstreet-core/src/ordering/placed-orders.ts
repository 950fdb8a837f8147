import { PLACED_ORDER_EXPIRY_MS, parsePlacedOrders, placedOrdersKey, rememberPlacedOrder, type PlacedOrderRef } from "@mainstreet/rules/orders/placed-orders";
import { browserLocalStorage, createStore } from "@mainstreet/rules/site/storage";

/**
 * The orders this browser placed, kept for the order page (apart from cart-store.ts, so the
 * order page does not load the cart's calls and pricing rules to read one list).
 */
const store = createStore(browserLocalStorage);

export function readPlacedOrders(siteId: string): PlacedOrderRef[] {
  return parsePlacedOrders(store.get<unknown>(placedOrdersKey(siteId), [], { now: Date.now() }));
}

export function rememberPlaced(siteId: string, order: PlacedOrderRef): void {
  store.set(placedOrdersKey(siteId), rememberPlacedOrder(readPlacedOrders(siteId), order), { expiresInMs: PLACED_ORDER_EXPIRY_MS, now: Date.now() });
}
