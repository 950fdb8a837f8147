import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { API, call, createTestContext, type Json, type TestContext } from "./helpers";
import { ROUTES, type OrderRefs, type Route, type SendOptions, assertErrorShape, event, prepareOrderRefs, sendTo, uuid0, validLine } from "./routes";

/**
 * Every route refuses bad input with a 4xx and `{ message, detail? }` (SPEC §8 client rule), and no
 * input at all produces a 5xx. Route ids and tokens come from a real order so each case reaches the
 * validation it is about.
 */

let ctx: TestContext;
let order: OrderRefs;

before(async () => {
  ctx = await createTestContext();
  order = await prepareOrderRefs(ctx.app);
});
after(() => ctx.close());

const routes = ROUTES;
const send = (route: Route, options: SendOptions = {}) => sendTo(ctx.app, order, route, options);

const withBody = routes.filter((route) => route.body);

describe("malformed requests, every route with a body", () => {
  const cases: [string, (route: Route) => Parameters<typeof send>[1], number][] = [
    ["malformed JSON", () => ({ rawBody: '{"a": ', headers: { "content-type": "application/json" } }), 400],
    ["a JSON array", () => ({ body: [1, 2] }), 400],
    ["a JSON string", () => ({ rawBody: '"hello"', headers: { "content-type": "application/json" } }), 400],
    ["an unknown field", (route) => ({ body: { ...route.body!(order), surprise: true } }), 400],
    ["a prototype-polluting key", () => ({ rawBody: '{"__proto__": {"admin": true}}', headers: { "content-type": "application/json" } }), 400],
    ["text/plain", () => ({ rawBody: "hello", headers: { "content-type": "text/plain" } }), 415],
    ["form encoding", () => ({ rawBody: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } }), 415],
    ["a body over 64 KB", () => ({ rawBody: JSON.stringify({ pad: "x".repeat(70_000) }), headers: { "content-type": "application/json" } }), 413],
  ];
  for (const route of withBody) {
    for (const [name, make, status] of cases) {
      it(`${route.name}: ${name} → ${status}`, async () => {
        assertErrorShape(await send(route, make(route)), status, `${route.name} ${name}`);
      });
    }
  }
});

describe("field-level bad payloads", () => {
  const big = "x".repeat(6000);
  const route = (name: string) => routes.find((candidate) => candidate.name === name)!;
  const table: [string, (base: Record<string, unknown>) => unknown, number, RegExp][] = [
    ["POST orders/", (b) => ({ ...b, merchant_product: undefined }), 400, /merchant_product/],
    ["POST orders/", (b) => ({ ...b, line_items: "burger" }), 400, /line_items/],
    ["POST orders/", (b) => ({ ...b, line_items: [{ ...validLine(), quantity: 0 }] }), 400, /line_items\[0\]\.quantity: expected at least 1/],
    ["POST orders/", (b) => ({ ...b, line_items: [{ ...validLine(), quantity: 1.5 }] }), 400, /quantity: expected a whole number/],
    ["POST orders/", (b) => ({ ...b, line_items: [{ ...validLine(), quantity: 100 }] }), 400, /expected at most 99/],
    ["POST orders/", (b) => ({ ...b, line_items: [{ ...validLine(), selected_variation: undefined }] }), 400, /selected_variation/],
    ["POST orders/", (b) => ({ ...b, line_items: [{ ...validLine(), special_instructions: big }] }), 400, /special_instructions: expected at most 500/],
    ["POST orders/", (b) => ({ ...b, line_items: Array.from({ length: 51 }, validLine) }), 400, /at most 50 line items/],
    ["PUT customers/", (b) => ({ ...b, email: undefined }), 400, /email/],
    ["PUT customers/", (b) => ({ ...b, email: "ada@" }), 422, /body\.email: expected an email address/],
    ["PUT customers/", (b) => ({ ...b, phone: "12" }), 422, /body\.phone: expected a phone number/],
    ["PUT customers/", (b) => ({ ...b, first_name: "   " }), 400, /first_name: expected non-empty text/],
    ["PUT recipient/", (b) => ({ ...b, country: "USA" }), 400, /country: expected a two-letter country code/],
    ["PUT recipient/", (b) => ({ ...b, postal_code: undefined }), 400, /postal_code/],
    ["PUT recipient/", (b) => ({ ...b, country: "GB", postal_code: "12345" }), 422, /not a valid postal code for GB/],
    ["PUT fulfillments/", () => ({ method: "drone" }), 400, /expected "pickup" or "delivery"/],
    ["PUT fulfillments/", (b) => ({ ...b, scheduled_for: "2030-06-04 18:00" }), 400, /body\.scheduled_for: expected an ISO 8601 date and time with its offset/],
    ["PUT fulfillments/", (b) => ({ ...b, scheduled_for: "2030-06-04T18:00:00" }), 400, /with its offset/],
    ["PUT fulfillments/", (b) => ({ ...b, scheduled_for: "2030-02-30T18:00:00-05:00" }), 400, /expected a real date and time between 2000 and 2199/],
    ["PUT fulfillments/", (b) => ({ ...b, scheduled_for: "1999-12-31T18:00:00-05:00" }), 400, /between 2000 and 2199/],
    ["PUT fulfillments/", (b) => ({ ...b, scheduled_for: 1717538400000 }), 400, /scheduled_for/],
    ["PUT fulfillments/", (b) => ({ ...b, scheduled_for: "2030-06-04T03:00:00-04:00" }), 422, /body\.scheduled_for: Today at 3:00am has already passed/],
    ["PUT fulfillments/", () => ({}), 400, /method/],
    ["PUT attributes/", () => ({ tip: -1 }), 400, /tip: expected 0 or more cents/],
    ["PUT attributes/", () => ({ tip: 1.5 }), 400, /tip: expected a whole number of cents/],
    ["PUT attributes/", () => ({ tip: "5" }), 400, /tip/],
    ["PUT attributes/", () => ({ tip_percentage: 101 }), 400, /tip_percentage: expected a percentage from 0 to 100/],
    ["PUT payment-source/", (b) => ({ ...b, token: undefined }), 400, /token/],
    ["PUT payment-source/", (b) => ({ ...b, default: "yes" }), 400, /default/],
    ["POST orders/{id}/items/", () => ({ line_items: [] }), 400, /expected exactly one line item/],
    ["POST orders/{id}/items/", () => ({ line_items: [validLine(), validLine()] }), 400, /expected exactly one line item/],
    ["PATCH orders/items/{itemId}/", () => ({}), 400, /expected at least one of/],
    ["PATCH orders/items/{itemId}/", () => ({ quantity: 0 }), 400, /quantity: expected at least 1/],
    ["POST orders/{id}/adjustments/", () => ({ adjustments: [] }), 400, /expected at least one adjustment/],
    ["POST orders/{id}/adjustments/", () => ({ adjustments: [{ id: "42" }] }), 400, /expected a UUID/],
    ["POST checkouts/", () => ({ order_uuid: "order-1" }), 400, /order_uuid: expected a UUID/],
    ["POST checkouts/", () => ({}), 400, /order_uuid/],
    ["POST checkouts/{id}/close/", () => ({ force: true }), 400, /unexpected field "force"/],
    ["POST fulfillments/address-validation/", (b) => ({ ...b, city: undefined }), 400, /city/],
    ["POST fulfillments/address-validation/", (b) => ({ ...b, fulfillment_type: "teleport" }), 400, /expected "delivery" or "pickup"/],
    ["POST fulfillments/address-validation/", (b) => ({ ...b, postal_code: "ABC" }), 422, /"ABC" is not a valid postal code for US/],
    ["POST fulfillments/address-validation/", (b) => ({ ...b, postal_code: "90210" }), 422, /does not deliver to 90210/],
    ["POST fulfillments/address-validation/", (b) => ({ ...b, merchant_location: "loc-harbor" }), 422, /does not deliver; choose pickup/],
    ["POST businesses/…/email/", (b) => ({ ...b, contact_email: "not an email" }), 422, /contact_email: expected an email address/],
    ["POST businesses/…/email/", (b) => ({ ...b, contact_message: "" }), 400, /contact_message: expected non-empty text/],
    ["POST businesses/…/email/", (b) => ({ ...b, contact_message: big }), 400, /contact_message: expected at most 5000/],
    ["POST businesses/…/email/", (b) => ({ ...b, destination_email: "attacker@evil.example" }), 422, /not a contact address of Main Street/],
    ["POST businesses/…/email/", (b) => ({ ...b, destination_emails: ["owner@bistro.example", "spam@evil.example"] }), 422, /destination_emails\[1\]: spam@evil\.example/],
    ["POST events/website/", () => event("rumour", {}), 400, /component_configuration\.type: expected one of review/],
    ["POST events/website/", () => ({ ...event("review", {}), event_data: {} }), 400, /event_data\.fieldValues/],
    ["POST events/website/", () => event("review", { rating: 6, text: "x" }), 400, /fieldValues\.rating: expected 1 to 5 stars/],
    ["POST events/website/", () => event("review", { rating: 5, text: "x", extra: 1 }), 400, /unexpected field "extra"/],
    ["POST events/website/", () => event("reservation", { start: "2030-06-04T18:00:00-04:00", partySize: 0, name: "A", email: "a@b.co" }), 400, /partySize: expected at least 1/],
    ["POST events/website/", () => event("subscribe", { email: "a@b.co", optIn: false }), 400, /optIn: expected true/],
    ["POST events/website/", () => event("like", { menuItemId: "burger", visitorId: "me" }), 400, /visitorId: expected 32 lowercase hex/],
    ["POST events/website/", () => ({ ...event("review", { rating: 5, text: "x" }), business_info: { id: "nobody" } }), 422, /no business "nobody"/],
    ["POST reservations/{reference}/cancel/", () => ({ cancel_token: "short" }), 400, /cancel token/],
  ];
  for (const [name, mutate, status, message] of table) {
    it(`${name}: ${message.source} → ${status}`, async () => {
      const target = route(name);
      const reply = await send(target, { body: mutate(target.body?.(order) ?? {}) });
      assertErrorShape(reply, status, name);
      assert.match(reply.body.message, message);
    });
  }

  const urlTable: [string, string, number, RegExp][] = [
    ["GET orders/{id}/", `${API}/orders/not-a-uuid/`, 400, /params\.id: expected a UUID/],
    ["GET orders/items/{itemId}/", `${API}/orders/items/${uuid0}/`, 404, /Order item .* does not exist/],
    ["POST businesses/…/email/", `${API}/businesses/merchants/fixture-bistro/locations/loc-main/email/`, 404, /listed under restaurants, not merchants/],
    ["POST businesses/…/email/", `${API}/businesses/restaurants/fixture-bistro/locations/nowhere/email/`, 404, /Location nowhere/],
    ["GET domains/search/details/", `${API}/domains/search/details/`, 400, /query\.domain/],
    ["GET domains/search/details/", `${API}/domains/search/details/?domain=---`, 422, /no letters or digits/],
    ["GET domains/search/details/", `${API}/domains/search/details/?domain=joes.c0m`, 400, /top-level domain/],
    ["GET businesses/search/autocomplete/", `${API}/businesses/search/autocomplete/?input=main&session_token=xyz`, 400, /session_token/],
    ["GET businesses/search/autocomplete/", `${API}/businesses/search/autocomplete/?input=main&session_token=${"a".repeat(32)}&types=city`, 400, /types/],
    ["GET businesses/search/place/details/", `${API}/businesses/search/place/details/?place_id=x&session_token=${"a".repeat(32)}`, 404, /no known place/],
    ["GET reservations/slots/", `${API}/reservations/slots/?business_id=fixture-bistro&location_id=loc-main&date=2030-6-4`, 400, /query\.date/],
    ["GET reservations/slots/", `${API}/reservations/slots/?business_id=fixture-bistro&location_id=loc-harbor&date=2030-06-04`, 422, /does not take reservations/],
    ["POST reservations/{reference}/cancel/", `${API}/reservations/nope/cancel/`, 400, /reservation reference/],
    ["GET catalog/{businessId}/", `${API}/catalog/nobody/`, 404, /Business nobody/],
    ["GET catalog/{businessId}/", `${API}/catalog/fixture-bistro/?x=1`, 400, /unexpected field "x"/],
    ["GET orders/{id}/fulfillment-slots/", `${API}/orders/${uuid0}/fulfillment-slots/?method=boat`, 400, /query\.method: expected "pickup" or "delivery"/],
    ["GET orders/{id}/fulfillment-slots/", `${API}/orders/${uuid0}/fulfillment-slots/?method=pickup&day=1`, 400, /unexpected field "day"/],
    ["GET orders/{id}/fulfillment-slots/", `${API}/orders/${uuid0}/fulfillment-slots/`, 404, /Order .* does not exist/],
  ];
  for (const [name, url, status, message] of urlTable) {
    it(`${name} at ${url.replace(API, "")} → ${status}`, async () => {
      const target = route(name);
      const reply = await send(target, { url, body: target.body?.(order) });
      assertErrorShape(reply, status, url);
      assert.match(reply.body.message, message);
    });
  }

  it("answers unknown API paths and methods with a JSON 404", async () => {
    for (const [method, url] of [
      ["GET", `${API}/nothing-here/`],
      ["GET", `${API}/orders`],
      ["PUT", `${API}/orders/`],
      ["GET", `${API}`],
    ] as const) {
      const reply = await call<Json>(ctx.app, method, url);
      assertErrorShape(reply, 404, `${method} ${url}`);
    }
  });
});
