import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import { API, PRODUCT, SEARCH_KEY, call, createOrder, line, prepareForCheckout, recipient, type Json } from "./helpers";

/**
 * Every API route with a request that reaches its validation: ids and tokens come from a real order
 * (prepared by prepareOrderRefs), so each case is about the input, not a missing order. Shared by the
 * bad-payload tables and the fuzzer.
 */
export interface OrderRefs {
  id: string;
  token: string;
  line: string;
  checkout: string;
}

export const uuid0 = "0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b";

export async function prepareOrderRefs(app: FastifyInstance): Promise<OrderRefs> {
  const created = await createOrder(app);
  await prepareForCheckout(app, created, "tok_test_declined");
  const declined = await call<Json>(app, "POST", `${API}/checkouts/`, { token: created.session_token, body: { order_uuid: created.id } });
  return { id: created.id, token: created.session_token, line: created.line_items[0].id, checkout: declined.body.detail.checkout_id };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export interface Route {
  name: string;
  method: Method;
  url: (order: OrderRefs) => string;
  auth?: boolean;
  search?: boolean;
  body?: (order: OrderRefs) => Record<string, unknown>;
}

export const validLine = () => line("burger-single", "burger", 1, ["mod-rare"]);
export const event = (type: string, fieldValues: Record<string, unknown>) => ({
  business_info: { id: "fixture-bistro" },
  location: { id: "loc-main" },
  component_configuration: { type },
  event_data: { fieldValues },
});

export const ROUTES: Route[] = [
  { name: "POST orders/", method: "POST", url: () => `${API}/orders/`, body: () => ({ merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [validLine()] }) },
  { name: "GET orders/{id}/", method: "GET", url: (order) => `${API}/orders/${order.id}/`, auth: true },
  { name: "PUT customers/", method: "PUT", url: (order) => `${API}/orders/${order.id}/customers/`, auth: true, body: () => ({ first_name: "A", last_name: "B", email: "a@b.co", phone: "212-555-0100" }) },
  { name: "PUT recipient/", method: "PUT", url: (order) => `${API}/orders/${order.id}/recipient/`, auth: true, body: () => recipient() },
  { name: "PUT fulfillments/", method: "PUT", url: (order) => `${API}/orders/${order.id}/fulfillments/`, auth: true, body: () => ({ method: "pickup", scheduled_for: "2030-06-04T18:00:00-04:00" }) },
  { name: "GET orders/{id}/fulfillment-slots/", method: "GET", url: (order) => `${API}/orders/${order.id}/fulfillment-slots/?method=pickup`, auth: true },
  { name: "PUT attributes/", method: "PUT", url: (order) => `${API}/orders/${order.id}/attributes/`, auth: true, body: () => ({ tip: 100 }) },
  { name: "PUT payment-source/", method: "PUT", url: (order) => `${API}/orders/${order.id}/payment-source/`, auth: true, body: () => ({ token: "tok_test_visa", provider_id: "test" }) },
  { name: "GET orders/items/{itemId}/", method: "GET", url: (order) => `${API}/orders/items/${order.line}/`, auth: true },
  { name: "GET orders/items/{itemId}/options/", method: "GET", url: (order) => `${API}/orders/items/${order.line}/options/`, auth: true },
  { name: "POST orders/{id}/items/", method: "POST", url: (order) => `${API}/orders/${order.id}/items/`, auth: true, body: () => ({ line_items: [validLine()] }) },
  { name: "PATCH orders/items/{itemId}/", method: "PATCH", url: (order) => `${API}/orders/items/${order.line}/`, auth: true, body: () => ({ quantity: 2 }) },
  { name: "DELETE orders/items/{itemId}/", method: "DELETE", url: () => `${API}/orders/items/${uuid0}/`, auth: true },
  { name: "POST orders/{id}/adjustments/", method: "POST", url: (order) => `${API}/orders/${order.id}/adjustments/`, auth: true, body: () => ({ adjustments: [{ id: uuid0 }] }) },
  { name: "POST checkouts/", method: "POST", url: () => `${API}/checkouts/`, auth: true, body: (order) => ({ order_uuid: order.id }) },
  { name: "POST checkouts/{id}/close/", method: "POST", url: (order) => `${API}/checkouts/${order.checkout}/close/`, auth: true },
  {
    name: "POST fulfillments/address-validation/",
    method: "POST",
    url: () => `${API}/fulfillments/address-validation/`,
    body: () => ({ country: "US", state: "NY", city: "New York", postal_code: "10002", line1: "5 Elm St", line2: "", merchant_product: PRODUCT, merchant_location: "loc-main", fulfillment_type: "delivery", fulfillment_provider: "merchant" }),
  },
  {
    name: "POST businesses/…/email/",
    method: "POST",
    url: () => `${API}/businesses/restaurants/fixture-bistro/locations/loc-main/email/`,
    body: () => ({ contact_name: "Ann", contact_email: "ann@example.com", contact_message: "Hello", contact_opt_in: false }),
  },
  { name: "POST events/website/", method: "POST", url: () => `${API}/events/website/`, body: () => event("review", { rating: 5, text: "Great" }) },
  { name: "GET domains/search/details/", method: "GET", url: () => `${API}/domains/search/details/?domain=joes`, search: true },
  { name: "GET businesses/search/autocomplete/", method: "GET", url: () => `${API}/businesses/search/autocomplete/?input=main&session_token=${"a".repeat(32)}`, search: true },
  { name: "GET businesses/search/place/details/", method: "GET", url: () => `${API}/businesses/search/place/details/?place_id=x&session_token=${"a".repeat(32)}`, search: true },
  { name: "GET reservations/slots/", method: "GET", url: () => `${API}/reservations/slots/?business_id=fixture-bistro&location_id=loc-main&date=2030-06-04` },
  { name: "POST reservations/{reference}/cancel/", method: "POST", url: () => `${API}/reservations/R-ABCD-EFGH/cancel/`, body: () => ({ cancel_token: "a".repeat(32) }) },
  { name: "GET catalog/{businessId}/", method: "GET", url: () => `${API}/catalog/fixture-bistro/` },
  { name: "GET businesses/{id}/site-facts/", method: "GET", url: () => `${API}/businesses/fixture-bistro/site-facts/` },
  { name: "GET appointments/availability/", method: "GET", url: () => `${API}/appointments/availability/?business_id=fixture-bistro&location_id=loc-main&variation_id=burger-single&staff_id=any&days=3` },
  {
    name: "POST appointments/",
    method: "POST",
    url: () => `${API}/appointments/`,
    body: () => ({ business_id: "fixture-bistro", location_id: "loc-main", variation_id: "burger-single", staff_id: "any", start: "2030-06-05T12:00:00-04:00", customer: { first_name: "A", last_name: "B", email: "a@b.co", phone: "212-555-0100" } }),
  },
  { name: "GET appointments/{reference}/", method: "GET", url: () => `${API}/appointments/A-ABCD-EFGH/?token=${"a".repeat(32)}` },
  { name: "POST appointments/{reference}/cancel/", method: "POST", url: () => `${API}/appointments/A-ABCD-EFGH/cancel/`, body: () => ({ token: "a".repeat(32) }) },
  { name: "POST appointments/{reference}/move/", method: "POST", url: () => `${API}/appointments/A-ABCD-EFGH/move/`, body: () => ({ token: "a".repeat(32), start: "2030-06-05T12:00:00-04:00" }) },
];

export type SendOptions = { body?: unknown; rawBody?: string; headers?: Record<string, string>; url?: string; auth?: boolean };

export function sendTo(app: FastifyInstance, order: OrderRefs, route: Route, options: SendOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (route.search) headers["x-api-key"] ??= SEARCH_KEY;
  const auth = options.auth ?? route.auth;
  return call<Json>(app, route.method, options.url ?? route.url(order), { body: options.body, rawBody: options.rawBody, headers, token: auth ? order.token : undefined });
}

export function assertErrorShape(reply: { status: number; body: Json }, expected: number | number[], where: string) {
  const allowed = Array.isArray(expected) ? expected : [expected];
  assert.ok(allowed.includes(reply.status), `${where}: expected ${allowed.join(" or ")}, got ${reply.status} ${JSON.stringify(reply.body)}`);
  assert.equal(typeof reply.body?.message, "string", `${where}: error body has a message`);
  assert.ok(reply.body.message.length > 0);
  assert.deepEqual(
    Object.keys(reply.body).filter((key) => key !== "message" && key !== "detail"),
    [],
    `${where}: only message and detail`,
  );
}

