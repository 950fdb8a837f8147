import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { API, call, createOrder, createTestContext, line, type Json, type TestContext } from "./helpers";

/**
 * Inputs that could reach the database or the router and come back as a 500 or as a framework body:
 * NUL bytes and lone surrogates in any text, dates in year 9999, malformed URLs, overlong
 * path parameters, numbers beyond a double, `__proto__` keys. Each is a 4xx `{ message, detail? }` that
 * names the field.
 */
let ctx: TestContext;
let order: { id: string; token: string };

before(async () => {
  ctx = await createTestContext();
  const created = await createOrder(ctx.app);
  order = { id: created.id, token: created.session_token };
});
after(() => ctx.close());

function assertRefused(reply: { status: number; body: Json }, status: number, messagePattern: RegExp) {
  assert.equal(reply.status, status, JSON.stringify(reply.body));
  assert.deepEqual(Object.keys(reply.body).filter((key) => key !== "message" && key !== "detail"), [], `only message and detail: ${JSON.stringify(reply.body)}`);
  assert.match(reply.body.message, messagePattern);
}

const contact = (message: string) => ({ contact_name: "Ann", contact_email: "ann@example.com", contact_message: message, contact_opt_in: false });
const contactUrl = `${API}/businesses/restaurants/fixture-bistro/locations/loc-main/email/`;

describe("text with characters no database stores", () => {
  const cases: [string, string][] = [
    ["a NUL byte", "hello\u0000world"],
    ["a lone high surrogate", "hello\ud800"],
    ["a lone low surrogate", "\udc00hello"],
  ];
  for (const [name, text] of cases) {
    it(`${name} in a contact message is a 400 naming the field`, async () => {
      const reply = await call<Json>(ctx.app, "POST", contactUrl, { body: contact(text) });
      assertRefused(reply, 400, /^body\.contact_message: /);
    });
    it(`${name} in an order line's instructions is a 400 naming the field`, async () => {
      const reply = await call<Json>(ctx.app, "POST", `${API}/orders/${order.id}/items/`, { token: order.token, body: { line_items: [line("burger-single", "burger", 1, ["mod-rare"], { special_instructions: text })] } });
      assertRefused(reply, 400, /^body\.line_items\[0\]\.special_instructions: /);
    });
    it(`${name} in a customer's name is a 400 naming the field`, async () => {
      const reply = await call<Json>(ctx.app, "PUT", `${API}/orders/${order.id}/customers/`, { token: order.token, body: { first_name: text, last_name: "B", email: "a@b.co", phone: "212-555-0100" } });
      assertRefused(reply, 400, /^body\.first_name: /);
    });
  }
  it("a NUL byte in a query parameter is a 400 naming it", async () => {
    const reply = await call<Json>(ctx.app, "GET", `${API}/reservations/slots/?business_id=fixture-bistro&location_id=loc-main%00&date=2030-06-04`);
    assertRefused(reply, 400, /^query\.location_id: expected text without NUL/);
  });
  it("a NUL byte in a field name is a 400", async () => {
    const reply = await call<Json>(ctx.app, "POST", contactUrl, { body: { ...contact("Hi"), "x\u0000": 1 } });
    assertRefused(reply, 400, /field name/);
  });
});

describe("dates far in the future", () => {
  it("reservation slots for 9999-12-31 are a 400", async () => {
    const reply = await call<Json>(ctx.app, "GET", `${API}/reservations/slots/?business_id=fixture-bistro&location_id=loc-main&date=9999-12-31`);
    assertRefused(reply, 400, /^query\.date: /);
  });
  it("a reservation starting in year 9999 is a 400", async () => {
    const reply = await call<Json>(ctx.app, "POST", `${API}/events/website/`, {
      body: {
        business_info: { id: "fixture-bistro" },
        location: { id: "loc-main" },
        component_configuration: { type: "reservation" },
        event_data: { fieldValues: { start: "9999-12-31T19:00:00-05:00", partySize: 2, name: "Ann", email: "ann@example.com", phone: "212-555-0100" } },
      },
    });
    assertRefused(reply, 400, /start: expected a real date and time between 2000 and 2199/);
  });
});

describe("framework errors in the documented shape", () => {
  it("a malformed percent-encoding in the path is a 400 { message }", async () => {
    assertRefused(await call<Json>(ctx.app, "GET", `${API}/orders/%ZZ/`), 400, /URL/);
  });
  it("a path parameter over the router's limit is a 400 { message }", async () => {
    assertRefused(await call<Json>(ctx.app, "GET", `${API}/orders/${"a".repeat(400)}/`, { token: order.token }), 414, /too long/);
  });
});

describe("JSON the parser accepts but the schema must word well", () => {
  it("JSON nested 2,000 levels deep is a 400, not a stack overflow", async () => {
    const reply = await call<Json>(ctx.app, "POST", contactUrl, { rawBody: `{"a": ${"[".repeat(2000)}${"]".repeat(2000)}}`, headers: { "content-type": "application/json" } });
    assertRefused(reply, 400, /nested deeper than 64 levels/);
  });
  it("brackets inside strings do not count as nesting", async () => {
    const reply = await call<Json>(ctx.app, "POST", contactUrl, { body: contact(`${"[{".repeat(100)} \" ${"]}".repeat(100)}`) });
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
  });
  it("a quantity of 1e400 (Infinity once parsed) says the number is too large", async () => {
    const reply = await call<Json>(ctx.app, "PATCH", `${API}/orders/items/${"0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b"}/`, {
      token: order.token,
      rawBody: '{"quantity": 1e400}',
      headers: { "content-type": "application/json" },
    });
    assertRefused(reply, 400, /^body\.quantity: .*too large/);
    assert.doesNotMatch(reply.body.message, /got null/);
  });
  it("a __proto__ key is valid JSON: refused as an unexpected field, not as bad JSON", async () => {
    const reply = await call<Json>(ctx.app, "POST", contactUrl, {
      rawBody: '{"contact_name":"Ann","contact_email":"ann@example.com","contact_message":"Hi","contact_opt_in":false,"__proto__":{"x":1}}',
      headers: { "content-type": "application/json" },
    });
    assertRefused(reply, 400, /__proto__/);
    assert.doesNotMatch(reply.body.message, /not valid JSON/);
  });
});
