import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { API, PRODUCT, call, createTestContext, line, type Json, type TestContext } from "./helpers";

/**
 * One visitor's order through every SPEC §7 order call, in the order of SPEC §4 "Order flow", with
 * the database checked at the end: exactly one placed order, one captured payment, totals computed
 * by the server from the catalog.
 */
describe("full order walk (every SPEC §7 order call, in order)", () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext();
  });
  after(() => ctx.close());

  it("creates, edits, checks out and places a delivery order", async () => {
    const { app } = ctx;

    // POST orders/ — the client's prices (price: 0.01) are ignored.
    const created = await call<Json>(app, "POST", `${API}/orders/`, {
      body: {
        merchant_product: PRODUCT,
        merchant_location: "loc-main",
        line_items: [line("burger-single", "burger", 1, ["mod-rare"], { price: 0.01 })],
      },
    });
    assert.equal(created.status, 201);
    assert.match(created.body.session_token, /^[0-9a-f]{32}$/);
    assert.equal(created.body.status, "open");
    assert.equal(created.body.line_items[0].unit_price_cents, 1250);
    const orderId: string = created.body.id;
    const token: string = created.body.session_token;
    const burgerLine: string = created.body.line_items[0].id;

    // GET orders/items/{itemId}/ and its options.
    const item = await call<Json>(app, "GET", `${API}/orders/items/${burgerLine}/`, { token });
    assert.equal(item.status, 200);
    assert.deepEqual(item.body.selected_variation, { id: "burger-single", menu_item: "burger", name: "Single", price_cents: 1250 });
    const options = await call<Json>(app, "GET", `${API}/orders/items/${burgerLine}/options/`, { token });
    assert.equal(options.status, 200);
    assert.deepEqual(
      options.body.variations.map((v: Json) => [v.id, v.price_cents, v.selected]),
      [
        ["burger-single", 1250, true],
        ["burger-double", 1500, false],
      ],
    );
    assert.deepEqual(
      options.body.modifier_sets.map((set: Json) => [set.id, set.min_allowed, set.max_allowed]),
      [
        ["set-cook", 1, 1],
        ["set-extras", 0, 2],
      ],
    );

    // POST orders/{id}/items/ — a second line.
    const added = await call<Json>(app, "POST", `${API}/orders/${orderId}/items/`, { token, body: { line_items: [line("fries-regular", "fries", 1)] } });
    assert.equal(added.status, 201);
    assert.equal(added.body.line_items.length, 2);
    const friesLine: string = added.body.line_items[1].id;

    // PATCH orders/items/{itemId}/ — upgrade to a double with bacon, two of them.
    const patched = await call<Json>(app, "PATCH", `${API}/orders/items/${burgerLine}/`, {
      token,
      body: { selected_variation: { id: "burger-double", menu_item: "burger" }, selected_modifiers: [{ id: "mod-medium" }, { id: "mod-bacon" }], quantity: 2 },
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.line_items[0].unit_price_cents, 1500 + 225);
    assert.equal(patched.body.line_items[0].total_price_cents, 2 * 1725);

    // DELETE orders/items/{itemId}/ — and add the fries back as three.
    const deleted = await call<Json>(app, "DELETE", `${API}/orders/items/${friesLine}/`, { token });
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.line_items.length, 1);
    const readded = await call<Json>(app, "POST", `${API}/orders/${orderId}/items/`, { token, body: { line_items: [line("fries-regular", "fries", 3)] } });
    assert.equal(readded.status, 201);

    // PUT customers/, recipient/, fulfillments/, attributes/, payment-source/.
    const customer = await call<Json>(app, "PUT", `${API}/orders/${orderId}/customers/`, {
      token,
      body: { first_name: "Grace", last_name: "Hopper", email: "Grace@Example.com", phone: "(212) 555-0142" },
    });
    assert.equal(customer.status, 200);
    assert.equal(customer.body.customer.email, "grace@example.com");
    const recipient = await call<Json>(app, "PUT", `${API}/orders/${orderId}/recipient/`, {
      token,
      body: {
        first_name: "Grace",
        last_name: "Hopper",
        street_address: "200 W 20th St",
        extended_address: "Apt 4",
        locality: "New York",
        administrative_area_level_1: "NY",
        postal_code: "10011",
        country: "US",
      },
    });
    assert.equal(recipient.status, 200);
    const fulfillment = await call<Json>(app, "PUT", `${API}/orders/${orderId}/fulfillments/`, { token, body: { method: "delivery" } });
    assert.equal(fulfillment.status, 200);
    assert.deepEqual(fulfillment.body.fulfillment, { method: "delivery", fee_cents: 399 });
    const attributes = await call<Json>(app, "PUT", `${API}/orders/${orderId}/attributes/`, { token, body: { tip: 500, instructions: "Ring twice" } });
    assert.equal(attributes.status, 200);
    assert.deepEqual(attributes.body.attributes, { tip: 500, instructions: "Ring twice" });
    const payment = await call<Json>(app, "PUT", `${API}/orders/${orderId}/payment-source/`, { token, body: { token: "tok_test_visa", provider_id: "test", default: false } });
    assert.equal(payment.status, 200);
    assert.deepEqual(payment.body.payment_source, { provider_id: "test", default: false, token_last4: "visa" });

    // The merchant raises the fries price: the server proposes an adjustment, checkout waits for it.
    const business = structuredClone(ctx.catalog.get("fixture-bistro")!.business);
    business.menu.items.find((candidate) => candidate.id === "fries")!.variations[0].priceCents = 450;
    ctx.catalog.put(business);
    const refused = await call<Json>(app, "POST", `${API}/checkouts/`, { token, body: { order_uuid: orderId } });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.detail.adjustments.length, 1);
    const read = await call<Json>(app, "GET", `${API}/orders/${orderId}/`, { token });
    assert.equal(read.body.adjustments.length, 1);
    assert.equal(read.body.adjustments[0].unit_price_cents, 450);

    // POST orders/{id}/adjustments/
    const accepted = await call<Json>(app, "POST", `${API}/orders/${orderId}/adjustments/`, { token, body: { adjustments: [{ id: read.body.adjustments[0].id }] } });
    assert.equal(accepted.status, 200);
    assert.equal(accepted.body.adjustments.length, 0);
    const subtotal = 2 * 1725 + 3 * 450;
    const tax = Math.floor((2 * subtotal * 888 + 10_000) / 20_000);
    assert.deepEqual(accepted.body.totals, {
      subtotal_cents: subtotal,
      tax_cents: tax,
      tip_cents: 500,
      delivery_fee_cents: 399,
      total_cents: subtotal + tax + 500 + 399,
    });

    // POST checkouts/ and POST checkouts/{id}/close/
    const started = await call<Json>(app, "POST", `${API}/checkouts/`, { token, body: { order_uuid: orderId } });
    assert.equal(started.status, 200);
    assert.equal(started.body.status, "authorized");
    assert.equal(started.body.payment.amount_cents, accepted.body.totals.total_cents);
    const closed = await call<Json>(app, "POST", `${API}/checkouts/${started.body.id}/close/`, { token });
    assert.equal(closed.status, 200);
    assert.equal(closed.body.status, "closed");
    assert.equal(closed.body.order_status, "placed");

    // GET orders/{orderId}/
    const final = await call<Json>(app, "GET", `${API}/orders/${orderId}/`, { token });
    assert.equal(final.status, 200);
    assert.equal(final.body.status, "placed");
    assert.ok(final.body.placed_at);
    assert.equal(final.body.totals.total_cents, accepted.body.totals.total_cents);

    const placed = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE status = 'placed' AND id = $1", [orderId]);
    assert.equal(placed.rows[0].n, 1);
    const payments = await ctx.db.query<{ status: string; amount_cents: number }>("SELECT status, amount_cents FROM payments WHERE order_id = $1", [orderId]);
    assert.deepEqual(payments.rows, [{ status: "captured", amount_cents: accepted.body.totals.total_cents }]);
    const mail = await ctx.db.query<{ mail_to: string[] }>("SELECT mail_to FROM outbox ORDER BY created_at");
    assert.deepEqual(
      mail.rows.map((row) => row.mail_to),
      [["owner@bistro.example", "events@bistro.example", "hello@bistro.example"], ["grace@example.com"]],
    );
  });
});
