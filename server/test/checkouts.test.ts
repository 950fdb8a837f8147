import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { API, call, createOrder, createTestContext, prepareForCheckout, type Json, type TestContext } from "./helpers";

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

async function paymentsOf(orderId: string) {
  const { rows } = await ctx.db.query<{ status: string; attempt: number; failure_code: string | null }>(
    "SELECT status, attempt, failure_code FROM payments WHERE order_id = $1 ORDER BY attempt",
    [orderId],
  );
  return rows;
}

describe("checkout idempotency", () => {
  it("places one order and takes one payment when checkout is retried 10 times at once", async () => {
    const order = await createOrder(ctx.app);
    await prepareForCheckout(ctx.app, order);
    const token = order.session_token;
    const ledgerBefore = (await ctx.payments.ledger()).length;

    // Ten double-clicks of "Place order": each runs start then close, all at the same time.
    const attempts = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token, body: { order_uuid: order.id } });
        const closed = await call<Json>(ctx.app, "POST", `${API}/checkouts/${started.body.id}/close/`, { token });
        return { started, closed };
      }),
    );
    for (const { started, closed } of attempts) {
      assert.equal(started.status, 200);
      assert.equal(closed.status, 200);
      assert.equal(closed.body.order_status, "placed");
    }
    assert.equal(new Set(attempts.map(({ started }) => started.body.id)).size, 1, "one checkout id for every retry");

    const placed = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE id = $1 AND status = 'placed'", [order.id]);
    assert.equal(placed.rows[0].n, 1);
    const checkouts = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM checkouts WHERE order_id = $1", [order.id]);
    assert.equal(checkouts.rows[0].n, 1);
    assert.deepEqual(await paymentsOf(order.id), [{ status: "captured", attempt: 1, failure_code: null }]);
    const processorCalls = (await ctx.payments.ledger()).slice(ledgerBefore).map((entry) => entry.kind);
    assert.deepEqual(processorCalls, ["authorization", "capture"], "the processor authorised once and captured once");
  });

  it("answers a repeated close of a placed order with the same checkout", async () => {
    const order = await createOrder(ctx.app);
    await prepareForCheckout(ctx.app, order);
    const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    const first = await call<Json>(ctx.app, "POST", `${API}/checkouts/${started.body.id}/close/`, { token: order.session_token });
    const again = await call<Json>(ctx.app, "POST", `${API}/checkouts/${started.body.id}/close/`, { token: order.session_token, body: {} });
    const restart = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    assert.equal(restart.status, 200);
    assert.equal(restart.body.status, "closed");
  });
});

describe("payment failures", () => {
  it("reports a declined card with 402, keeps the order open, and accepts another card", async () => {
    const order = await createOrder(ctx.app);
    await prepareForCheckout(ctx.app, order, "tok_test_declined");
    const declined = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    assert.equal(declined.status, 402);
    assert.match(declined.body.message, /^Payment declined: The card was declined\./);
    assert.equal(declined.body.detail.code, "card_declined");
    const read = await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });
    assert.equal(read.body.status, "open");
    assert.equal(read.body.checkout.status, "payment_failed");

    const close = await call<Json>(ctx.app, "POST", `${API}/checkouts/${declined.body.detail.checkout_id}/close/`, { token: order.session_token });
    assert.equal(close.status, 409);

    await call(ctx.app, "PUT", `${API}/orders/${order.id}/payment-source/`, { token: order.session_token, body: { token: "tok_test_mastercard", provider_id: "test" } });
    const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    assert.equal(started.status, 200);
    assert.equal(started.body.id, declined.body.detail.checkout_id);
    const closed = await call<Json>(ctx.app, "POST", `${API}/checkouts/${started.body.id}/close/`, { token: order.session_token });
    assert.equal(closed.body.order_status, "placed");
    assert.deepEqual(await paymentsOf(order.id), [
      { status: "declined", attempt: 1, failure_code: "card_declined" },
      { status: "captured", attempt: 2, failure_code: null },
    ]);
  });

  it("reports a processor network error with a 4xx the visitor can read, and charges nothing", async () => {
    const order = await createOrder(ctx.app);
    await prepareForCheckout(ctx.app, order, "tok_test_network_error");
    const ledgerBefore = (await ctx.payments.ledger()).length;
    for (let retry = 0; retry < 2; retry += 1) {
      const reply = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
      assert.equal(reply.status, 424);
      assert.match(reply.body.message, /could not be reached; nothing was charged/);
    }
    // Retrying the same card reuses the attempt (same idempotency key), so one failed row, not two.
    assert.deepEqual(await paymentsOf(order.id), [{ status: "failed", attempt: 1, failure_code: "network_error" }]);
    assert.equal((await ctx.payments.ledger()).length, ledgerBefore);

    await call(ctx.app, "PUT", `${API}/orders/${order.id}/payment-source/`, { token: order.session_token, body: { token: "tok_test_visa", provider_id: "test" } });
    const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    assert.equal(started.status, 200);
    assert.equal(started.body.payment.status, "authorized");
  });

  const sources: [string, Record<string, unknown>, RegExp][] = [
    ["an unknown test token", { token: "tok_live_123", provider_id: "test" }, /unknown test token "tok_live_123"/],
    ["another provider", { token: "tok_test_visa", provider_id: "stripe" }, /takes payments through "test", got "stripe"/],
  ];
  for (const [name, body, message] of sources) {
    it(`refuses ${name} as payment source`, async () => {
      const order = await createOrder(ctx.app);
      const reply = await call<Json>(ctx.app, "PUT", `${API}/orders/${order.id}/payment-source/`, { token: order.session_token, body });
      assert.equal(reply.status, 422);
      assert.match(reply.body.message, message);
    });
  }
});
