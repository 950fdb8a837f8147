import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { TestPaymentProvider } from "../src/payments/test-provider";
import type { PaymentResult } from "../src/payments/payment-provider";
import { API, call, createOrder, createTestContext, prepareForCheckout, type CreatedOrder, type Json, type TestContext } from "./helpers";

/**
 * Payments that survive a restart: the test processor keeps its books in the database, has
 * void and refund, and the checkout recovers what cannot be captured: the hold is released and the order
 * reopened with a message for the visitor; checkouts left authorised are swept.
 */
let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

let sequence = 0;
const key = (what: string) => `${what}-${process.pid}-${(sequence += 1)}`;

async function authorised(amountCents = 2500, token = "tok_test_visa"): Promise<string> {
  const result = await ctx.payments.authorize({ token, amountCents, currency: "USD", idempotencyKey: key("auth"), orderId: "order-test" });
  assert.equal(result.status, "authorized");
  return (result as { reference: string }).reference;
}

describe("the test processor's books", () => {
  it("keeps authorisations in the database: another instance (a restarted service) captures them", async () => {
    const reference = await authorised();
    const restarted = new TestPaymentProvider(ctx.db);
    assert.deepEqual(await restarted.capture({ reference, amountCents: 2500, currency: "USD", idempotencyKey: key("capture") }), { status: "captured", reference });
  });

  it("answers a repeated request from its first answer, and refuses a reused key", async () => {
    const reference = await authorised();
    const captureKey = key("capture");
    const first = await ctx.payments.capture({ reference, amountCents: 2000, currency: "USD", idempotencyKey: captureKey });
    const again = await new TestPaymentProvider(ctx.db).capture({ reference, amountCents: 2000, currency: "USD", idempotencyKey: captureKey });
    assert.deepEqual(again, first);
    const reused = await ctx.payments.capture({ reference, amountCents: 2100, currency: "USD", idempotencyKey: captureKey });
    assert.deepEqual(reused, { status: "declined", code: "idempotency_key_reused", message: "This idempotency key was used for a different request." });
    const captures = (await ctx.payments.ledger()).filter((entry) => entry.reference === reference && entry.kind === "capture");
    assert.equal(captures.length, 1);
  });

  const steps: [string, (reference: string) => (() => Promise<PaymentResult>)[], (PaymentResult["status"] | string)[]][] = [
    ["void releases an authorisation; a second void says the same", (r) => [() => ctx.payments.void({ reference: r, idempotencyKey: key("void") }), () => ctx.payments.void({ reference: r, idempotencyKey: key("void") })], ["voided", "voided"]],
    ["a voided authorisation cannot be captured", (r) => [() => ctx.payments.void({ reference: r, idempotencyKey: key("void") }), () => ctx.payments.capture({ reference: r, amountCents: 2500, currency: "USD", idempotencyKey: key("capture") })], ["voided", "authorization_voided"]],
    ["a capture cannot be voided", (r) => [() => ctx.payments.capture({ reference: r, amountCents: 2500, currency: "USD", idempotencyKey: key("capture") }), () => ctx.payments.void({ reference: r, idempotencyKey: key("void") })], ["captured", "already_captured"]],
    [
      "refunds up to what was captured, in parts",
      (r) => [
        () => ctx.payments.capture({ reference: r, amountCents: 2500, currency: "USD", idempotencyKey: key("capture") }),
        () => ctx.payments.refund({ reference: r, amountCents: 1000, currency: "USD", idempotencyKey: key("refund") }),
        () => ctx.payments.refund({ reference: r, amountCents: 1500, currency: "USD", idempotencyKey: key("refund") }),
        () => ctx.payments.refund({ reference: r, amountCents: 1, currency: "USD", idempotencyKey: key("refund") }),
      ],
      ["captured", "refunded", "refunded", "amount_too_large"],
    ],
    ["an authorisation cannot be refunded", (r) => [() => ctx.payments.refund({ reference: r, amountCents: 100, currency: "USD", idempotencyKey: key("refund") })], ["not_captured"]],
    ["a refund in another currency is refused", (r) => [() => ctx.payments.capture({ reference: r, amountCents: 2500, currency: "USD", idempotencyKey: key("capture") }), () => ctx.payments.refund({ reference: r, amountCents: 100, currency: "EUR", idempotencyKey: key("refund") })], ["captured", "currency_mismatch"]],
    ["more than authorised cannot be captured", (r) => [() => ctx.payments.capture({ reference: r, amountCents: 2501, currency: "USD", idempotencyKey: key("capture") })], ["amount_too_large"]],
    ["an unknown reference", () => [() => ctx.payments.capture({ reference: "test_auth_nope", amountCents: 1, currency: "USD", idempotencyKey: key("capture") }), () => ctx.payments.void({ reference: "test_auth_nope", idempotencyKey: key("void") })], ["unknown_authorization", "unknown_authorization"]],
  ];
  for (const [name, run, expected] of steps) {
    it(name, async () => {
      const reference = await authorised();
      const outcomes: string[] = [];
      // In order: each call may depend on the one before.
      for (const step of run(reference)) {
        const result = await step();
        outcomes.push(result.status === "declined" ? result.code : result.status);
      }
      assert.deepEqual(outcomes, expected);
    });
  }

  it("writes every movement to the ledger once", async () => {
    const reference = await authorised(1200);
    await ctx.payments.capture({ reference, amountCents: 1200, currency: "USD", idempotencyKey: key("capture") });
    await ctx.payments.refund({ reference, amountCents: 200, currency: "USD", idempotencyKey: key("refund") });
    const movements = (await ctx.payments.ledger()).filter((entry) => entry.reference === reference).map((entry) => [entry.kind, entry.amountCents]);
    assert.deepEqual(movements, [["authorization", 1200], ["capture", 1200], ["refund", 200]]);
  });
});

async function checkedOut(token = "tok_test_visa"): Promise<{ order: CreatedOrder; checkout: string }> {
  const order = await createOrder(ctx.app);
  await prepareForCheckout(ctx.app, order, token);
  const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  return { order, checkout: started.body.id };
}

const readOrder = (order: CreatedOrder) => call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });
const movementsOf = async (order: CreatedOrder) => (await ctx.payments.ledger()).filter((entry) => entry.orderId === order.id).map((entry) => entry.kind);

describe("an authorisation that cannot be captured", () => {
  it("is released, and the order reopens with a message for the visitor", async () => {
    const { order, checkout } = await checkedOut("tok_test_capture_declined");
    const closed = await call<Json>(ctx.app, "POST", `${API}/checkouts/${checkout}/close/`, { token: order.session_token });
    assert.equal(closed.status, 402);
    assert.equal(
      closed.body.message,
      "Payment could not be collected: The hold on the card expired before it was collected. The hold on your card was released and your order is open again: check the payment details and place it again.",
    );
    assert.deepEqual(closed.body.detail, { code: "authorization_expired" });
    const read = await readOrder(order);
    assert.deepEqual([read.body.status, read.body.totals_frozen, read.body.checkout.status, read.body.checkout.payment_status], ["open", false, "payment_failed", "voided"]);
    assert.match(read.body.checkout.failure_message, /^Payment could not be collected/);
    assert.deepEqual(await movementsOf(order), ["authorization", "void"]);

    // A second close tells why; another card places the order.
    const again = await call<Json>(ctx.app, "POST", `${API}/checkouts/${checkout}/close/`, { token: order.session_token });
    assert.equal(again.status, 409);
    assert.match(again.body.message, /^Payment could not be collected: .* has no authorised payment: start the checkout again/);
    await call(ctx.app, "PUT", `${API}/orders/${order.id}/payment-source/`, { token: order.session_token, body: { token: "tok_test_visa", provider_id: "test" } });
    const restarted = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    const placed = await call<Json>(ctx.app, "POST", `${API}/checkouts/${restarted.body.id}/close/`, { token: order.session_token });
    assert.deepEqual([placed.status, placed.body.order_status], [200, "placed"]);
    assert.deepEqual(await movementsOf(order), ["authorization", "void", "authorization", "capture"]);
    const attempts = await ctx.db.query<{ attempt: number; status: string }>("SELECT attempt, status FROM payments WHERE order_id = $1 ORDER BY attempt", [order.id]);
    assert.deepEqual(attempts.rows.map((row) => [row.attempt, row.status]), [[1, "voided"], [2, "captured"]]);
  });
});

describe("the sweeper: checkouts left authorised", () => {
  it("releases those past the timeout and reopens their orders; leaves fresh ones and placed ones alone", async () => {
    const stale = await checkedOut();
    const fresh = await checkedOut();
    const placed = await checkedOut();
    await call(ctx.app, "POST", `${API}/checkouts/${placed.checkout}/close/`, { token: placed.order.session_token });
    await ctx.db.query("UPDATE checkouts SET updated_at = now() - interval '1 hour' WHERE order_id = ANY($1::uuid[])", [[stale.order.id, placed.order.id]]);

    const swept = await ctx.app.maintenance.sweepStaleCheckouts();
    assert.equal(swept.released, 1);
    const read = await readOrder(stale.order);
    assert.deepEqual([read.body.status, read.body.checkout.payment_status], ["open", "voided"]);
    assert.equal(
      read.body.checkout.failure_message,
      "This checkout was not completed within 15 minutes, so the hold on your card was released. Your order is open again: review it and place it again.",
    );
    assert.deepEqual(await movementsOf(stale.order), ["authorization", "void"]);
    assert.equal((await readOrder(fresh.order)).body.status, "checkout");
    assert.equal((await readOrder(placed.order)).body.status, "placed");

    // The visitor's late close is told what happened.
    const late = await call<Json>(ctx.app, "POST", `${API}/checkouts/${stale.checkout}/close/`, { token: stale.order.session_token });
    assert.equal(late.status, 409);
    assert.match(late.body.message, /^This checkout was not completed within 15 minutes/);
    assert.equal((await ctx.app.maintenance.sweepStaleCheckouts()).released, 0, "nothing left to sweep");
  });

  it("is bounded: at most `limit` checkouts per call, oldest first", async () => {
    const orders = [await checkedOut(), await checkedOut(), await checkedOut()];
    for (const [index, { order }] of orders.entries()) {
      await ctx.db.query(`UPDATE checkouts SET updated_at = now() - interval '${3 - index} hours' WHERE order_id = $1`, [order.id]);
    }
    assert.equal((await ctx.app.maintenance.sweepStaleCheckouts(2)).released, 2);
    const statuses = await Promise.all(orders.map(async ({ order }) => (await readOrder(order)).body.status));
    assert.deepEqual(statuses, ["open", "open", "checkout"]);
    assert.equal((await ctx.app.maintenance.sweepStaleCheckouts(2)).released, 1);
  });
});
