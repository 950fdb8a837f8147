import { useStaticQuery } from "gatsby";
import { sampleSite } from "../../__tests__/fixtures";
import { orderingConfigFrom, type OrderingConfig } from "../use-ordering-config";
import { line as orderLine, order } from "@mainstreet/rules/orders/__tests__/order-view-fixtures";
import type { CreatedOrderView, FulfillmentSlotsView, OrderLineView, OrderView } from "@mainstreet/rules/api/order-api";

/**
 * The ordering static query's answer built from a real sample business through the same node
 * builder gatsby-node uses, and a small in-memory stand-in for the API service's order calls that
 * prices lines from that same catalog, so component tests exercise real requests and real data.
 */
export function orderingQuery(name: "restaurant" | "merchant" | "salon" = "restaurant") {
  const site = sampleSite(name);
  const modifiers = site.business.menu.modifiers;
  return {
    site,
    data: {
      mainstreetBusiness: { businessId: site.business.id, type: site.business.type, ordering: site.business.ordering },
      allMainstreetLocation: { nodes: site.locations },
      allMainstreetMenuItem: { nodes: site.items.map((item) => ({ itemId: item.itemId, modifierSetIds: item.modifierSetIds })) },
      allMainstreetModifierSet: {
        nodes: site.business.menu.modifierSets.map((set) => ({
          setId: set.id,
          name: set.name,
          description: set.description ?? null,
          minAllowed: set.minAllowed,
          maxAllowed: set.maxAllowed,
          modifiers: set.modifierIds.flatMap((id) => modifiers.filter((modifier) => modifier.id === id).map((modifier) => ({ modifierId: modifier.id, name: modifier.name, priceCents: modifier.priceCents, available: modifier.available }))),
        })),
      },
      allMainstreetPlannedPage: { nodes: site.plannedPages.map((page) => ({ path: page.path, template: page.template })) },
    },
  };
}

export function useSample(name: "restaurant" | "merchant" | "salon" = "restaurant"): { config: OrderingConfig | null; site: ReturnType<typeof sampleSite> } {
  const { site, data } = orderingQuery(name);
  (useStaticQuery as jest.Mock).mockReturnValue(data);
  return { config: orderingConfigFrom(data as unknown as Parameters<typeof orderingConfigFrom>[0]), site };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: Call) => { status: number; body?: unknown } | undefined;

/** The restaurant sample's locations that take online orders, none paused, as the availability reply lists them. */
export const RESTAURANT_ORDERING = [
  { location_id: "loc-fishtown", paused_until: null as string | null, rush_minutes: 0 },
  { location_id: "loc-passyunk", paused_until: null as string | null, rush_minutes: 0 },
];

/** What is sold out now as the service answers it (`GET businesses/{id}/availability/`), with the locations taking orders. */
export function availabilityReply(soldOutItems: string[] = [], soldOutVariations: string[] = [], soldOutModifiers: string[] = [], locations = RESTAURANT_ORDERING) {
  return { sold_out_items: soldOutItems, sold_out_variations: soldOutVariations, sold_out_modifiers: soldOutModifiers, locations, as_of: "2030-06-01T12:00:00.000Z" };
}

/** Answers the availability call with `reply`. */
export const AVAILABILITY_PATH = /^businesses\/[^/]+\/availability\/$/;
export function availabilityHandler(reply: unknown = availabilityReply()): Handler {
  return (call) => (call.method === "GET" && AVAILABILITY_PATH.test(call.path) ? { status: 200, body: reply } : undefined);
}

/**
 * A fetch that records every call and answers from `handlers` (first match wins), else 404. Calls whose
 * path matches `ignore` are answered but kept apart (`ignored`), so a test of the order calls is not
 * about the side reads the ordering code makes (what is sold out now).
 */
export function fakeFetch(handlers: Handler[], options: { ignore?: RegExp } = {}) {
  const calls: Call[] = [];
  const ignored: Call[] = [];
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? "GET",
      path: url.replace(/^\/api\//, ""),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    (options.ignore?.test(call.path) ? ignored : calls).push(call);
    const answer = handlers.map((handler) => handler(call)).find(Boolean) ?? { status: 404, body: { message: `no route ${call.method} ${call.path}` } };
    return { ok: answer.status < 400, status: answer.status, statusText: "", text: async () => (answer.body === undefined ? "" : JSON.stringify(answer.body)) } as Response;
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  return { calls, ignored, fetchMock };
}

export const TOKEN = "0123456789abcdef0123456789abcdef";
export const ORDER_ID = "6f9c1f7e-4a59-4d8b-9d3c-2b1f9c6d7e10";

/** The rules package's order line, as a Margherita with 'Nduja at Osteria Vela. */
export function line(overrides: Partial<OrderLineView> = {}): OrderLineView {
  return orderLine({
    menu_item: "item-margherita",
    name: "Margherita",
    selected_variation: { id: "var-margherita-12", menu_item: "item-margherita", name: "12-inch", price_cents: 1600 },
    selected_modifiers: [{ id: "mod-nduja", name: "'Nduja", price_cents: 300, modifier_set_id: "set-toppings" }],
    special_instructions: "",
    ...overrides,
  });
}

/** The rules package's order, placed at the Fishtown location, its totals worked out from its lines (8% tax). */
export function orderView(overrides: Partial<OrderView> = {}): OrderView {
  const lines = overrides.line_items ?? [line()];
  const subtotal = lines.reduce((sum, entry) => sum + entry.total_price_cents, 0);
  const tax = Math.round(subtotal * 0.08);
  return order({
    id: ORDER_ID,
    business_id: "osteria-vela",
    merchant_location: "loc-fishtown",
    location_name: "Vela Fishtown",
    line_items: lines,
    totals: { subtotal_cents: subtotal, tax_cents: tax, tip_cents: 0, delivery_fee_cents: 0, total_cents: subtotal + tax },
    ...overrides,
  });
}

export function created(order: OrderView): CreatedOrderView {
  return { ...order, session_token: TOKEN };
}

/** Puts a cart in local storage the way the cart store writes it. */
export function storeCart(siteId: string, locationId: string, order: OrderView, expiresAt = Date.now() + 60_000): void {
  window.localStorage.setItem(`mainstreet:${siteId}:cart:${locationId}`, JSON.stringify({ v: { version: 1, orderId: order.id, token: TOKEN, locationId, order }, e: expiresAt }));
}

/**
 * `GET orders/{id}/fulfillment-slots/` for the Fishtown location on Tuesday 4 June 2030 (New York):
 * open with as soon as possible at 6:25pm, or (`closed: true`) closed now with times from 5:30pm.
 */
export function slotsView(options: { closed?: boolean; method?: "pickup" | "delivery"; full?: string[] } = {}): FulfillmentSlotsView {
  const slot = (start: string, label: string) => ({ start, label, available: !(options.full ?? []).includes(start), remaining: (options.full ?? []).includes(start) ? 0 : 6 });
  const method = options.method ?? "pickup";
  return {
    order_id: ORDER_ID,
    location_id: "loc-fishtown",
    method,
    time_zone: "America/New_York",
    timed: true,
    slot_minutes: 15,
    preparation_minutes: 25,
    delivery_window_minutes: method === "delivery" ? 30 : null,
    days_ahead: 2,
    asap: options.closed
      ? { available: false, promised_at: null, promised_until: null, reason: "closed", message: "Vela Fishtown is closed and opens tomorrow at 5:00pm: you can order now for later." }
      : { available: true, promised_at: "2030-06-04T18:25:00.000-04:00", promised_until: method === "delivery" ? "2030-06-04T18:55:00.000-04:00" : "2030-06-04T18:25:00.000-04:00", reason: null, message: null },
    days: [
      { date: "2030-06-04", label: "Today", slots: options.closed ? [] : [slot("2030-06-04T18:30:00.000-04:00", "6:30pm"), slot("2030-06-04T18:45:00.000-04:00", "6:45pm")] },
      { date: "2030-06-05", label: "Tomorrow", slots: [slot("2030-06-05T17:30:00.000-04:00", "5:30pm"), slot("2030-06-05T17:45:00.000-04:00", "5:45pm")] },
      { date: "2030-06-06", label: "Thu 6 Jun", slots: [slot("2030-06-06T17:30:00.000-04:00", "5:30pm")] },
    ],
  };
}
