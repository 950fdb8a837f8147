import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { API, call, createOrder, createTestContext, type Json, type TestContext } from "./helpers";

/** The service reads a customer's number with the country of the order's location, any country's number accepted. */
let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

const customer = (phone: string) => ({ first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone });

/** The fixture's one location, moved to `country`. */
function locationIn(country: string): void {
  const business = structuredClone(ctx.catalog.get("fixture-bistro")!.business);
  business.locations = business.locations.map((location) => ({ ...location, country }));
  ctx.catalog.put(business);
}

describe("a customer's phone number on an order", () => {
  for (const [country, phone, status] of [
    ["US", "(212) 555-0142", 200],
    ["US", "+44 20 7946 0958", 200],
    ["US", "212-555-0142 ext. 7", 200],
    ["US", "020 7946 0958", 422],
    ["US", "555-0100", 422],
    ["GB", "020 7946 0958", 200],
    ["FR", "01 23 45 67 89", 200],
    ["JP", "03-1234-5678", 200],
    ["DE", "030 12345678", 200],
    ["GB", "(212) 555-0142", 422],
  ] as const) {
    it(`at a location in ${country}, ${JSON.stringify(phone)} answers ${status}`, async () => {
      locationIn(country);
      const order = await createOrder(ctx.app);
      const reply = await call<Json>(ctx.app, "PUT", `${API}/orders/${order.id}/customers/`, { token: order.session_token, body: customer(phone) });
      assert.equal(reply.status, status, JSON.stringify(reply.body));
      if (status === 422) {
        assert.deepEqual(reply.body.detail.map((issue: { path: string }) => issue.path), ["body.phone"]);
        assert.match(reply.body.message, new RegExp(`^body\\.phone: expected a phone number, national for the location's country \\(${country}\\)`));
      }
    });
  }
  after(() => locationIn("US"));
});

describe("a visitor's phone number on a job application", () => {
  const application = (phone: string) => ({
    business_info: { id: "fixture-bistro", type: "restaurant", name: "Fixture Bistro" },
    website: { url: "https://bistro.example/careers/", page: "/careers/" },
    location: { id: "loc-main" },
    component_configuration: { type: "application", id: "application-form" },
    event_data: { fieldValues: { name: "Cy", email: "cy@example.com", phone, role: "Line cook", message: "Five years on the grill." } },
  });

  for (const [country, phone, status] of [
    ["US", "(212) 555-0142", 201],
    ["US", "+81 3 1234 5678", 201],
    ["US", "03-1234-5678", 422],
    ["JP", "03-1234-5678", 201],
  ] as const) {
    it(`at a location in ${country}, ${JSON.stringify(phone)} answers ${status}`, async () => {
      locationIn(country);
      const reply = await call<Json>(ctx.app, "POST", `${API}/events/website/`, { body: application(phone) });
      assert.equal(reply.status, status, JSON.stringify(reply.body));
      if (status === 422) assert.deepEqual(reply.body.detail.map((issue: { path: string }) => issue.path), ["event_data.fieldValues.phone"]);
    });
  }
  after(() => locationIn("US"));
});
