/**
 * Fills a merchant's queue for bench:workspace through the public API, with the calls a visitor's checkout makes
 * (as server/scripts/bench-api.ts's flow does, which runs its own benchmark when imported and orders the test
 * fixture's items): create the order with a line, add another, customer, a pickup time, tip, card, start and close
 * the checkout. Each order is for a time the location offers, spread over the times offered, so a busy slot
 * never refuses one, at any hour the bench runs.
 */
import type { Business } from "@mainstreet/rules/business/schema";

interface OrderLine {
  selected_variation: { id: string; menu_item: string };
  selected_modifiers: { id: string }[];
  quantity: number;
}

interface Offered {
  days?: { slots: { start: string; available: boolean }[] }[];
}

/** Items anyone can add as they are: on sale, with no modifier set that requires a choice. */
function plainLines(business: Business): OrderLine[] {
  const menu = business.menu;
  if (!menu) return [];
  const required = new Set(menu.modifierSets.filter((set) => (set.minAllowed ?? 0) > 0).map((set) => set.id));
  return menu.items
    .filter((item) => item.available && !item.modifierSetIds.some((set) => required.has(set)))
    .flatMap((item) => item.variations.filter((variation) => variation.available).slice(0, 1).map((variation) => ({ selected_variation: { id: variation.id, menu_item: item.id }, selected_modifiers: [], quantity: 1 })));
}

async function call<T>(origin: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${origin}/api/${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api/${path}: expected 2xx, got ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** One order placed and paid, for the `index`-th pickup time offered (wrapping round). */
async function placeOrder(origin: string, business: Business, location: string, lines: OrderLine[], index: number): Promise<void> {
  const product = business.ordering?.merchantProduct;
  if (!product) throw new Error(`${business.id}: ordering.merchantProduct is not set, so it takes no orders`);
  const first = lines[index % lines.length];
  const second = lines[(index + 1) % lines.length];
  const order = await call<{ id: string; session_token: string }>(origin, "POST", "orders/", { merchant_product: product, merchant_location: location, line_items: [first] });
  const { id, session_token: token } = order;
  await call(origin, "POST", `orders/${id}/items/`, { line_items: [second] }, token);
  await call(origin, "PUT", `orders/${id}/customers/`, { first_name: "Ada", last_name: `Lovelace ${index + 1}`, email: `ada+${index + 1}@example.com`, phone: "212-555-0199" }, token);
  const offered = await call<Offered>(origin, "GET", `orders/${id}/fulfillment-slots/?method=pickup`, undefined, token);
  const open = (offered.days ?? []).flatMap((day) => day.slots).filter((slot) => slot.available);
  if (open.length === 0) throw new Error(`${location}: no pickup time offered in the days ahead`);
  await call(origin, "PUT", `orders/${id}/fulfillments/`, { method: "pickup", scheduled_for: open[index % open.length].start }, token);
  await call(origin, "PUT", `orders/${id}/attributes/`, { tip_percentage: 15, instructions: index % 4 === 0 ? "Extra napkins, please." : "" }, token);
  await call(origin, "PUT", `orders/${id}/payment-source/`, { token: "tok_test_visa", provider_id: "test", default: false }, token);
  const checkout = await call<{ id: string }>(origin, "POST", "checkouts/", { order_uuid: id }, token);
  await call(origin, "POST", `checkouts/${checkout.id}/close/`, undefined, token);
}

/** Places `count` orders at the business's first location that takes them, four at a time. */
export async function fillQueue(origin: string, business: Business, count: number): Promise<void> {
  const location = business.locations.find((candidate) => candidate.id)?.id;
  if (!location) throw new Error(`${business.id}: no location with an id to order from`);
  const lines = plainLines(business);
  if (lines.length === 0) throw new Error(`${business.id}: no menu item can be ordered without a required choice`);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await placeOrder(origin, business, location, lines, index);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}
