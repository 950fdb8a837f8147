import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import { API, PRODUCT, SEARCH_KEY, call, createOrder, createTestContext, line, prepareForCheckout, type Json, type TestContext } from "./helpers";

/**
 * Every route refuses bad input with a 4xx and `{ message, detail? }` (SPEC §8 client rule), and no
 * input at all produces a 5xx. Route ids and tokens come from a real order so each case reaches the
 * validation it is about.
 */

let ctx: TestContext;
let order: { id: string; token: string; line: string; checkout: string };
const uuid0 = "0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b";

before(async () => {
  ctx = await createTestContext();
  const created = await createOrder(ctx.app);
  await prepareForCheckout(ctx.app, created, "tok_test_declined");
  const declined = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: created.session_token, body: { order_uuid: created.id } });
  order = { id: created.id, token: created.session_token, line: created.line_items[0].id, checkout: declined.body.detail.checkout_id };
});
after(() => ctx.close());

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface Route {
  name: string;
  method: Method;
  url: () => string;
  auth?: boolean;
  search?: boolean;
  body?: () => Record<string, unknown>;
}

const validLine = () => line("burger-single", "burger", 1, ["mod-rare"]);
const recipient = {
  first_name: "Sam",
  last_name: "Lee",
  street_address: "5 Elm St",
  locality: "New York",
  administrative_area_level_1: "NY",
  postal_code: "10002",
  country: "US",
};
const event = (type: string, fieldValues: Record<string, unknown>) => ({
  business_info: { id: "fixture-bistro" },
  location: { id: "loc-main" },
  component_configuration: { type },
  event_data: { fieldValues },
});

const routes: Route[] = [
  { name: "POST orders/", method: "POST", url: () => `${API}/orders/`, body: () => ({ merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [validLine()] }) },
  { name: "GET orders/{id}/", method: "GET", url: () => `${API}/orders/${order.id}/`, auth: true },
  { name: "PUT customers/", method: "PUT", url: () => `${API}/orders/${order.id}/customers/`, auth: true, body: () => ({ first_name: "A", last_name: "B", email: "a@b.co", phone: "212-555-0100" }) },
  { name: "PUT recipient/", method: "PUT", url: () => `${API}/orders/${order.id}/recipient/`, auth: true, body: () => ({ ...recipient }) },
  { name: "PUT fulfillments/", method: "PUT", url: () => `${API}/orders/${order.id}/fulfillments/`, auth: true, body: () => ({ method: "pickup" }) },
  { name: "PUT attributes/", method: "PUT", url: () => `${API}/orders/${order.id}/attributes/`, auth: true, body: () => ({ tip: 100 }) },
  { name: "PUT payment-source/", method: "PUT", url: () => `${API}/orders/${order.id}/payment-source/`, auth: true, body: () => ({ token: "tok_test_visa", provider_id: "test" }) },
  { name: "GET orders/items/{itemId}/", method: "GET", url: () => `${API}/orders/items/${order.line}/`, auth: true },
  { name: "GET orders/items/{itemId}/options/", method: "GET", url: () => `${API}/orders/items/${order.line}/options/`, auth: true },
  { name: "POST orders/{id}/items/", method: "POST", url: () => `${API}/orders/${order.id}/items/`, auth: true, body: () => ({ line_items: [validLine()] }) },
  { name: "PATCH orders/items/{itemId}/", method: "PATCH", url: () => `${API}/orders/items/${order.line}/`, auth: true, body: () => ({ quantity: 2 }) },
  { name: "DELETE orders/items/{itemId}/", method: "DELETE", url: () => `${API}/orders/items/${uuid0}/`, auth: true },
  { name: "POST orders/{id}/adjustments/", method: "POST", url: () => `${API}/orders/${order.id}/adjustments/`, auth: true, body: () => ({ adjustments: [{ id: uuid0 }] }) },
  { name: "POST checkouts/", method: "POST", url: () => `${API}/checkouts/`, auth: true, body: () => ({ order_uuid: order.id }) },
  { name: "POST checkouts/{id}/close/", method: "POST", url: () => `${API}/checkouts/${order.checkout}/close/`, auth: true },
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
];

function send(route: Route, options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; url?: string } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (route.search) headers["x-api-key"] ??= SEARCH_KEY;
  return call<Json>(ctx.app, route.method, options.url ?? route.url(), { body: options.body, rawBody: options.rawBody, headers, token: route.auth ? order.token : undefined });
}

function assertErrorShape(reply: { status: number; body: Json }, expected: number | number[], where: string) {
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

const withBody = routes.filter((route) => route.body);

describe("malformed requests, every route with a body", () => {
  const cases: [string, (route: Route) => Parameters<typeof send>[1], number][] = [
    ["malformed JSON", () => ({ rawBody: '{"a": ', headers: { "content-type": "application/json" } }), 400],
    ["a JSON array", () => ({ body: [1, 2] }), 400],
    ["a JSON string", () => ({ rawBody: '"hello"', headers: { "content-type": "application/json" } }), 400],
    ["an unknown field", (route) => ({ body: { ...route.body!(), surprise: true } }), 400],
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
      const reply = await send(target, { body: mutate(target.body?.() ?? {}) });
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
  ];
  for (const [name, url, status, message] of urlTable) {
    it(`${name} at ${url.replace(API, "")} → ${status}`, async () => {
      const target = route(name);
      const reply = await send(target, { url, body: target.body?.() });
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

describe("no input produces a 5xx", () => {
  const junk = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.dictionary(fc.constantFrom("line_items", "quantity", "selected_variation", "id", "tip", "email", "event_data", "fieldValues", "type", "x"), fc.jsonValue({ maxDepth: 3 })),
  );
  for (const route of routes) {
    it(`${route.name} survives random bodies, params and headers`, async () => {
      await fc.assert(
        fc.asyncProperty(
          junk,
          fc.string({ maxLength: 40 }),
          fc.constantFrom("", "Bearer ", "Bearer x", `Bearer ${"f".repeat(32)}`, "Basic abc", `Bearer ${"A".repeat(32)}`),
          async (body, segment, authorization) => {
            const options: Parameters<typeof send>[1] = { headers: authorization ? { authorization } : {} };
            if (route.body) options.body = body;
            const reply = await send({ ...route, auth: false }, options);
            assert.ok(reply.status < 500, `${route.name} body ${JSON.stringify(body)} → ${reply.status} ${JSON.stringify(reply.body)}`);
            const mangled = route.url().replace(/[0-9a-f-]{36}|fixture-bistro|loc-main|joes/, encodeURIComponent(segment) || "%20");
            const second = await send({ ...route, auth: false }, { ...options, url: mangled });
            assert.ok(second.status < 500, `${route.method} ${mangled} → ${second.status} ${JSON.stringify(second.body)}`);
          },
        ),
        { numRuns: 25, seed: 4242 },
      );
    });
  }
});
