import {
  CART_EXPIRY_MS,
  cartButtonLabel,
  cartItemCount,
  cartStorageKey,
  isOrderView,
  isStaleOrderStatus,
  parseStoredCart,
  payloadFromLine,
  storedCart,
} from "../cart-storage";
import { OrderViewSchema, type OrderView } from "../../api/order-api";
import { createStore, type StorageLike } from "../../site/storage";
import { line, order } from "./order-view-fixtures";

describe("payloadFromLine", () => {
  it("rebuilds a payload from a stored line (to recreate an order the service lost)", () => {
    expect(payloadFromLine(line())).toEqual({
      selected_variation: { id: "var-12", menu_item: "item-pizza", name: "12-inch", order: 0, price: 16 },
      selected_modifiers: [{ id: "mod-nduja", modifier_set_id: "set-top", name: "nduja", price: 3 }],
      special_instructions: "well done",
      quantity: 2,
    });
  });
});

describe("cart counts and labels", () => {
  it.each<[string, OrderView | null, number, string]>([
    ["no cart", null, 0, "Cart, empty"],
    ["one line of two", order(), 2, "Cart, 2 items"],
    ["two lines", order({ line_items: [line(), line({ id: "line-2", quantity: 1 })] }), 3, "Cart, 3 items"],
    ["a single item", order({ line_items: [line({ quantity: 1 })] }), 1, "Cart, 1 item"],
  ])("%s", (_label, input, count, label) => {
    expect(cartItemCount(input)).toBe(count);
    expect(cartButtonLabel(count)).toBe(label);
  });
});


describe("stored cart (per site and location, with expiry)", () => {
  const token = "0123456789abcdef0123456789abcdef";

  it("scopes keys by site and location", () => {
    expect(cartStorageKey("osteria", "loc-a")).toBe("mainstreet:osteria:cart:loc-a");
    expect(cartStorageKey("osteria", "loc-b")).not.toBe(cartStorageKey("osteria", "loc-a"));
    expect(cartStorageKey("fern", "loc-a")).not.toBe(cartStorageKey("osteria", "loc-a"));
    expect(() => cartStorageKey("osteria", " ")).toThrow('cartStorageKey: expected a location id, got " "');
  });

  it.each<[string, unknown, string, boolean]>([
    ["a cart of this location", storedCart(order(), token, "loc-a"), "loc-a", true],
    ["a cart of another location", storedCart(order(), token, "loc-a"), "loc-b", false],
    ["a placed order", storedCart(order({ status: "placed" }), token, "loc-a"), "loc-a", false],
    ["an order in checkout (finished on the checkout page)", storedCart(order({ status: "checkout" }), token, "loc-a"), "loc-a", true],
    ["a malformed token", { ...storedCart(order(), token, "loc-a"), token: "nope" }, "loc-a", false],
    ["another version", { ...storedCart(order(), token, "loc-a"), version: 2 }, "loc-a", false],
    ["an order id mismatch", { ...storedCart(order(), token, "loc-a"), orderId: "other" }, "loc-a", false],
    ["a line with quantity 0", storedCart(order({ line_items: [line({ quantity: 0 })] }), token, "loc-a"), "loc-a", false],
    ["not an object", "cart", "loc-a", false],
    ["nothing", null, "loc-a", false],
  ])("%s → usable: %s", (_label, value, locationId, usable) => {
    expect(parseStoredCart(value, locationId) !== null).toBe(usable);
  });

  it("expires a day after the last change (SPEC §4 storage expiry)", () => {
    const memory = new Map<string, string>();
    const storage: StorageLike = { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value), removeItem: (key) => void memory.delete(key) };
    const store = createStore(storage);
    const key = cartStorageKey("osteria", "loc-a");
    const saved = Date.UTC(2030, 0, 1, 12);
    store.set(key, storedCart(order(), token, "loc-a"), { expiresInMs: CART_EXPIRY_MS, now: saved });
    expect(parseStoredCart(store.get(key, null, { now: saved + CART_EXPIRY_MS - 1 }), "loc-a")).not.toBeNull();
    expect(parseStoredCart(store.get(key, null, { now: saved + CART_EXPIRY_MS }), "loc-a")).toBeNull();
    expect(memory.has(key)).toBe(false);
  });
});


describe("isStaleOrderStatus", () => {
  it.each<[number, boolean]>([
    [401, true],
    [403, true],
    [404, true],
    [409, true],
    [402, false],
    [422, false],
    [500, false],
    [0, false],
  ])("%i → %s", (status, stale) => {
    expect(isStaleOrderStatus(status)).toBe(stale);
  });
});


describe("isOrderView holds to the order-api contract", () => {
  const valid: [string, OrderView][] = [
    ["an open order", order()],
    ["an order with two lines and no modifiers", order({ line_items: [line(), line({ id: "line-2", selected_modifiers: [], quantity: 1, total_price_cents: 1900 })] })],
    ["a placed order", order({ status: "placed", placed_at: "2030-06-04T18:30:00.000Z" })],
  ];

  it.each(valid)("%s: the contract and the guard both accept it", (_name, view) => {
    expect(OrderViewSchema.safeParse(view).success).toBe(true);
    expect(isOrderView(view)).toBe(true);
  });

  it.each<[string, (view: OrderView) => unknown]>([
    ["an unknown status", (view) => ({ ...view, status: "shipped" })],
    ["a fractional price", (view) => ({ ...view, line_items: [{ ...view.line_items[0], unit_price_cents: 19.5 }] })],
    ["a line with quantity 0", (view) => ({ ...view, line_items: [{ ...view.line_items[0], quantity: 0 }] })],
    ["no totals", (view) => ({ ...view, totals: undefined })],
    ["a negative total", (view) => ({ ...view, totals: { ...view.totals, total_cents: -1 } })],
  ])("%s: the contract and the guard both refuse it", (_name, spoil) => {
    const spoiled = spoil(order());
    expect(OrderViewSchema.safeParse(spoiled).success).toBe(false);
    expect(isOrderView(spoiled)).toBe(false);
  });
});
