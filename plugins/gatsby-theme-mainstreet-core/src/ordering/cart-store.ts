import { useEffect, useState } from "react";
import {
  CART_EXPIRY_MS,
  cartStorageKey,
  isStaleOrderStatus,
  parseStoredCart,
  payloadFromLine,
  storedCart,
  type StoredCart,
} from "@mainstreet/rules/orders/cart-storage";
import type { LineItemPayload } from "@mainstreet/rules/api/api-requests";
import type { CreatedOrderView, OrderView } from "@mainstreet/rules/api/order-api";
import { browserLocalStorage, createStore } from "@mainstreet/rules/site/storage";
import { apiError, isApiError, apiRequest } from "../runtime/api-client";
import type { OrderingConfig } from "./use-ordering-config";
import { openDeferred } from "../hydration/deferred";
import { CART_SIGNAL } from "./cart-signal";
import { hideToast, showToast } from "../components/toast";

/**
 * The browser side of the cart: the API service's open order, its id, bearer token and last view
 * kept in local storage per site and location (expiring a day after the last change), and the calls
 * that change it. Calls run one at a time, so two quick taps on + never race each other.
 */
const CHANGE_EVENT = "mainstreet:cart";
const store = createStore(browserLocalStorage);

function readCart(siteId: string, locationId: string): StoredCart | null {
  return parseStoredCart(store.get<unknown>(cartStorageKey(siteId, locationId), null, { now: Date.now() }), locationId);
}

function notify(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(CHANGE_EVENT));
  // The header's cart button shows the count: its code comes now if it was still waiting for the visitor.
  openDeferred(CART_SIGNAL);
}

export function saveCart(siteId: string, cart: StoredCart): void {
  store.set(cartStorageKey(siteId, cart.locationId), cart, { expiresInMs: CART_EXPIRY_MS, now: Date.now() });
  notify();
}

export function clearCart(siteId: string, locationId: string): void {
  store.remove(cartStorageKey(siteId, locationId));
  notify();
}

/** The stored cart for a location, kept current across components and tabs; null before mount. */
export function useCart(siteId: string | undefined, locationId: string | undefined): StoredCart | null {
  const [cart, setCart] = useState<StoredCart | null>(null);
  useEffect(() => {
    if (!siteId || !locationId) return undefined;
    const read = () => setCart(readCart(siteId, locationId));
    read();
    window.addEventListener(CHANGE_EVENT, read);
    window.addEventListener("storage", read);
    return () => {
      window.removeEventListener(CHANGE_EVENT, read);
      window.removeEventListener("storage", read);
    };
  }, [siteId, locationId]);
  return cart;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs cart calls one after another; a failed call does not block the next. */
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function createOrder(config: OrderingConfig, locationId: string, lines: LineItemPayload[]): Promise<StoredCart> {
  const created = await apiRequest<CreatedOrderView>("orders/", {
    method: "POST",
    body: { merchant_product: config.merchantProduct, merchant_location: locationId, line_items: lines },
  });
  const { session_token: token, ...order } = created;
  const cart = storedCart(order, token, locationId);
  saveCart(config.siteId, cart);
  return cart;
}

async function orderStatus(cart: StoredCart): Promise<OrderView | null> {
  try {
    return await apiRequest<OrderView>(`orders/${cart.orderId}/`, { token: cart.token });
  } catch {
    return null;
  }
}

/**
 * Handles a cart call refused because the stored order can no longer be used: a placed order is
 * history (the cart starts over), a lost one (service reset, token mismatch) is rebuilt from the
 * stored lines, and one frozen in checkout must be finished on the checkout page.
 */
async function recover(config: OrderingConfig, cart: StoredCart, error: unknown, lines: (kept: LineItemPayload[]) => LineItemPayload[]): Promise<StoredCart> {
  if (!isApiError(error) || !isStaleOrderStatus(error.status)) throw error;
  if (error.status === 409) {
    const current = await orderStatus(cart);
    if (current?.status === "checkout") {
      throw apiError("This cart is being paid for: finish checkout before changing it.", 409, error.body);
    }
    if (current?.status === "placed") {
      clearCart(config.siteId, cart.locationId);
      return createOrder(config, cart.locationId, lines([]));
    }
    throw error;
  }
  return createOrder(config, cart.locationId, lines(cart.order.line_items.map((line) => payloadFromLine(line, cart.order.currency))));
}

/** Adds a line: the first Add creates the order (SPEC §7 `POST orders/`), later ones add to it. */
export function addToCart(config: OrderingConfig, locationId: string, line: LineItemPayload): Promise<StoredCart> {
  return serial(async () => {
    const cart = readCart(config.siteId, locationId);
    if (!cart) return createOrder(config, locationId, [line]);
    try {
      const order = await apiRequest<OrderView>(`orders/${cart.orderId}/items/`, { method: "POST", body: { line_items: [line] }, token: cart.token });
      const next = storedCart(order, cart.token, locationId);
      saveCart(config.siteId, next);
      return next;
    } catch (error) {
      return recover(config, cart, error, (kept) => [...kept, line]);
    }
  });
}

export function setLineQuantity(config: OrderingConfig, locationId: string, lineId: string, quantity: number): Promise<StoredCart> {
  return serial(async () => {
    const cart = readCart(config.siteId, locationId);
    if (!cart) throw apiError("Your cart has expired; add the items again.", 404, undefined);
    try {
      const order = await apiRequest<OrderView>(`orders/items/${lineId}/`, { method: "PATCH", body: { quantity }, token: cart.token });
      const next = storedCart(order, cart.token, locationId);
      saveCart(config.siteId, next);
      return next;
    } catch (error) {
      const index = cart.order.line_items.findIndex((candidate) => candidate.id === lineId);
      return recover(config, cart, error, (kept) => kept.map((line, at) => (at === index ? { ...line, quantity } : line)));
    }
  });
}

export function removeLine(config: OrderingConfig, locationId: string, lineId: string): Promise<StoredCart | null> {
  return serial(async () => {
    const cart = readCart(config.siteId, locationId);
    if (!cart) return null;
    try {
      const order = await apiRequest<OrderView>(`orders/items/${lineId}/`, { method: "DELETE", token: cart.token });
      const next = storedCart(order, cart.token, locationId);
      saveCart(config.siteId, next);
      return next;
    } catch (error) {
      const index = cart.order.line_items.findIndex((candidate) => candidate.id === lineId);
      if (isApiError(error) && error.status === 404 && index >= 0 && cart.order.line_items.length === 1) {
        clearCart(config.siteId, locationId);
        return null;
      }
      return recover(config, cart, error, (kept) => kept.filter((_line, at) => at !== index));
    }
  });
}

/** Reads the order again (prices and adjustments are refreshed by the service on every read). */
export function refreshCart(config: OrderingConfig, locationId: string): Promise<StoredCart | null> {
  return serial(async () => {
    const cart = readCart(config.siteId, locationId);
    if (!cart) return null;
    try {
      const order = await apiRequest<OrderView>(`orders/${cart.orderId}/`, { token: cart.token });
      if (order.status === "placed") {
        clearCart(config.siteId, locationId);
        return null;
      }
      const next = storedCart(order, cart.token, locationId);
      saveCart(config.siteId, next);
      return next;
    } catch (error) {
      if (isApiError(error) && error.status !== 409 && isStaleOrderStatus(error.status) && cart.order.line_items.length > 0) {
        return createOrder(config, locationId, cart.order.line_items.map((line) => payloadFromLine(line, cart.order.currency)));
      }
      throw error;
    }
  });
}

/** Accepts the server's adjustments (SPEC §7 `POST orders/{id}/adjustments/`). */
export function acceptAdjustments(config: OrderingConfig, locationId: string, ids: string[]): Promise<StoredCart> {
  return serial(async () => {
    const cart = readCart(config.siteId, locationId);
    if (!cart) throw apiError("Your cart has expired; add the items again.", 404, undefined);
    const order = await apiRequest<OrderView>(`orders/${cart.orderId}/adjustments/`, { method: "POST", body: { adjustments: ids.map((id) => ({ id })) }, token: cart.token });
    const next = storedCart(order, cart.token, locationId);
    saveCart(config.siteId, next);
    return next;
  });
}

const ANNOUNCER_ID = "ordering-announcer";

/**
 * Says a cart change for screen readers (a polite live region outside any dialog); with `visible`, the
 * same region shows it on screen as a toast too (components/toast.ts: where it sits and when it goes), so a
 * sighted visitor reads what a tap did.
 */
export function announce(message: string, options: { visible?: boolean } = {}): void {
  if (typeof document === "undefined") return;
  let region = document.getElementById(ANNOUNCER_ID);
  if (!region) {
    region = document.createElement("div");
    region.id = ANNOUNCER_ID;
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.className = "visually-hidden";
    document.body.appendChild(region);
  }
  const target = region;
  if (options.visible) showToast(target);
  else hideToast();
  // Clearing first makes a repeated message ("Added … to your cart" twice) be read again.
  target.textContent = "";
  window.setTimeout(() => {
    target.textContent = message;
  }, 50);
}
