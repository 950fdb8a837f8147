import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import { botCheckOff, type BotCheck } from "../src/bot-check/bot-check";
import { IDEMPOTENCY_LEASE_MS } from "../src/http/idempotency";
import { API, FIXED_NOW, PRODUCT, call, createOrder, createTestContext, line, prepareForCheckout, type CreatedOrder, type Json, type Reply, type TestContext } from "./helpers";

/**
 * Safe retries: every POST/PUT/PATCH/DELETE under orders/ and checkouts/ honours an
 * Idempotency-Key. Same key and request: the first answer, no second action (in sequence, at the same
 * moment, after a takeover); same key and another request: 422; a repeat while the first still runs: 409;
 * answers kept 24 hours.
 */
let ctx: TestContext;
let now = FIXED_NOW;
/** A bot check that holds checkout calls until released: a request that stays in flight on purpose. */
let gate: Promise<void> | null = null;
const gatedBotCheck: BotCheck = {
  ...botCheckOff,
  async verify(input) {
    if (gate) await gate;
    return botCheckOff.verify(input);
  },
};

before(async () => {
  ctx = await createTestContext({ clock: () => now, botCheck: gatedBotCheck });
});
after(() => ctx.close());
afterEach(() => {
  now = FIXED_NOW;
  gate = null;
});

let counter = 0;
/** A fresh key per test step, as the site makes one per visitor action. */
const newKey = () => `test-key-${process.pid}-${Date.now()}-${(counter += 1)}`;
const withKey = (key: string) => ({ "idempotency-key": key });

const addFries = (order: CreatedOrder, key: string, quantity = 1) =>
  call<Json>(ctx.app, "POST", `${API}/orders/${order.id}/items/`, { token: order.session_token, body: { line_items: [line("fries-regular", "fries", quantity)] }, headers: withKey(key) });
const lineCount = async (order: CreatedOrder) => (await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token })).body.line_items.length as number;

describe("the same key and request: the first answer, one action", () => {
  it("a repeated item add answers 201 with the first order view and adds one line", async () => {
    const order = await createOrder(ctx.app);
    const key = newKey();
    const first = await addFries(order, key);
    const again = await addFries(order, key);
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.deepEqual(again.body, first.body);
    assert.equal(first.headers["idempotent-replayed"], undefined);
    assert.equal(again.headers["idempotent-replayed"], "true");
    assert.equal(await lineCount(order), 2);
  });

  it("a repeated POST orders/ answers the same order and session token, and creates one order", async () => {
    const key = newKey();
    const body = { merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [line("fries-regular", "fries")] };
    const first = await call<Json>(ctx.app, "POST", `${API}/orders/`, { body, headers: withKey(key) });
    const again = await call<Json>(ctx.app, "POST", `${API}/orders/`, { body: { line_items: body.line_items, merchant_location: "loc-main", merchant_product: PRODUCT }, headers: withKey(key) });
    assert.equal(first.status, 201);
    assert.deepEqual([again.status, again.body.id, again.body.session_token], [201, first.body.id, first.body.session_token]);
    const { rows } = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE created_at >= now() - interval '1 minute' AND id = $1", [first.body.id]);
    assert.equal(rows[0].n, 1);
  });

  it("stores neither the key nor the session token readable in the database", async () => {
    const key = newKey();
    const created = await call<Json>(ctx.app, "POST", `${API}/orders/`, { body: { merchant_product: PRODUCT, merchant_location: "loc-main" }, headers: withKey(key) });
    const { rows } = await ctx.db.query<Json>("SELECT * FROM idempotency_keys");
    const dump = JSON.stringify(rows);
    assert.ok(rows.length > 0);
    assert.ok(!dump.includes(key), "the key is stored only as a hash");
    assert.ok(!dump.includes(created.body.session_token), "the reply is stored encrypted");
  });

  it("a repeated DELETE answers the first 200, not a 404", async () => {
    const order = await createOrder(ctx.app);
    const added = await addFries(order, newKey());
    const lineId = added.body.line_items[1].id;
    const key = newKey();
    const first = await call<Json>(ctx.app, "DELETE", `${API}/orders/items/${lineId}/`, { token: order.session_token, headers: withKey(key) });
    const again = await call<Json>(ctx.app, "DELETE", `${API}/orders/items/${lineId}/`, { token: order.session_token, headers: withKey(key) });
    assert.deepEqual([first.status, again.status], [200, 200]);
    assert.deepEqual(again.body, first.body);
    const fresh = await call<Json>(ctx.app, "DELETE", `${API}/orders/items/${lineId}/`, { token: order.session_token, headers: withKey(newKey()) });
    assert.equal(fresh.status, 404, "a new key is a new request");
  });

  it("a repeated checkout and close take one payment", async () => {
    const order = await createOrder(ctx.app);
    await prepareForCheckout(ctx.app, order);
    const [startKey, closeKey] = [newKey(), newKey()];
    const start = () => call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id }, headers: withKey(startKey) });
    const started = await start();
    const close = () => call<Json>(ctx.app, "POST", `${API}/checkouts/${started.body.id}/close/`, { token: order.session_token, headers: withKey(closeKey) });
    const replies = [started, await start(), await close(), await close()];
    assert.deepEqual(replies.map((reply) => reply.status), [200, 200, 200, 200]);
    assert.deepEqual(replies[3].body, replies[2].body);
    const movements = (await ctx.payments.ledger()).filter((entry) => entry.orderId === order.id).map((entry) => entry.kind);
    assert.deepEqual(movements, ["authorization", "capture"]);
  });

  it("a refusal a repeat would get again is kept too (422 sold out)", async () => {
    const order = await createOrder(ctx.app);
    const key = newKey();
    const send = () => call<Json>(ctx.app, "POST", `${API}/orders/${order.id}/items/`, { token: order.session_token, body: { line_items: [line("fries-large", "fries")] }, headers: withKey(key) });
    const first = await send();
    const again = await send();
    assert.deepEqual([first.status, again.status], [422, 422]);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers["idempotent-replayed"], "true");
  });

  it("a malformed request is not kept: the corrected one may reuse the key", async () => {
    const order = await createOrder(ctx.app);
    const key = newKey();
    const bad = await call<Json>(ctx.app, "POST", `${API}/orders/${order.id}/items/`, { token: order.session_token, body: { line_items: [] }, headers: withKey(key) });
    assert.equal(bad.status, 400);
    const good = await addFries(order, key);
    assert.equal(good.status, 201);
  });

  it("without a key every request acts, as before", async () => {
    const order = await createOrder(ctx.app);
    for (let index = 0; index < 2; index += 1) {
      assert.equal((await call(ctx.app, "POST", `${API}/orders/${order.id}/items/`, { token: order.session_token, body: { line_items: [line("fries-regular", "fries")] } })).status, 201);
    }
    assert.equal(await lineCount(order), 3);
  });

  it("keys belong to one order session: the same key on another order is another request", async () => {
    const [a, b] = [await createOrder(ctx.app), await createOrder(ctx.app)];
    const key = newKey();
    assert.equal((await addFries(a, key)).status, 201);
    const other = await addFries(b, key);
    assert.deepEqual([other.status, other.headers["idempotent-replayed"]], [201, undefined]);
    assert.deepEqual([await lineCount(a), await lineCount(b)], [2, 2]);
  });
});

describe("the same key with another request, or a request still running", () => {
  const cases: [string, (order: CreatedOrder, key: string) => Promise<Reply<Json>>][] = [
    ["another body", (order, key) => addFries(order, key, 2)],
    ["another route", (order, key) => call<Json>(ctx.app, "PUT", `${API}/orders/${order.id}/fulfillments/`, { token: order.session_token, body: { method: "pickup" }, headers: withKey(key) })],
  ];
  for (const [name, send] of cases) {
    it(`${name}: 422, and nothing happens`, async () => {
      const order = await createOrder(ctx.app);
      const key = newKey();
      await addFries(order, key);
      const reply = await send(order, key);
      assert.equal(reply.status, 422);
      assert.match(reply.body.message, /^Idempotency-Key was already used for a different request \(another method, path or body\): send a new key with a new request$/);
      assert.equal(await lineCount(order), 2);
    });
  }

  /**
   * A checkout start held in flight: it has claimed its key and waits in the bot check until released.
   * `start` sends the same request again.
   */
  async function heldCheckout() {
    const order = await createOrder(ctx.app);
    await prepareForCheckout(ctx.app, order);
    const key = newKey();
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const start = () => call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id }, headers: withKey(key) });
    const first = start();
    await waitFor(async () => (await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM idempotency_keys WHERE state = 'running'")).rows[0].n === 1);
    return { order, start, first, release };
  }

  it("a repeat while the first is still running: 409 with Retry-After, then the first answer", async () => {
    const { start, first, release } = await heldCheckout();
    const during = await start();
    assert.equal(during.status, 409);
    assert.match(during.body.message, /^A request with this Idempotency-Key is still being processed: retry in a moment to get its answer$/);
    assert.equal(during.headers["retry-after"], "1");
    release();
    const done = await first;
    assert.equal(done.status, 200);
    const afterwards = await start();
    assert.deepEqual([afterwards.status, afterwards.body], [200, done.body]);
  });

  it("a retry after the first request's lease ran out takes over; the first then acts not at all", async () => {
    const { order, start, first: stuck, release } = await heldCheckout();
    now = new Date(FIXED_NOW.getTime() + IDEMPOTENCY_LEASE_MS + 1);
    const gated = gate;
    gate = null;
    const retry = await start();
    assert.equal(retry.status, 200);
    gate = gated;
    release();
    const first = await stuck;
    assert.equal(first.status, 409);
    assert.match(first.body.message, /took over while it was still running/);
    const movements = (await ctx.payments.ledger()).filter((entry) => entry.orderId === order.id).map((entry) => entry.kind);
    assert.deepEqual(movements, ["authorization"], "one authorisation, by the retry");
  });

  it("ten identical requests at once: exactly one acts, the others answer its reply or 409", async () => {
    const order = await createOrder(ctx.app);
    const key = newKey();
    const replies = await Promise.all(Array.from({ length: 10 }, () => addFries(order, key)));
    const answered = replies.filter((reply) => reply.status === 201);
    assert.ok(answered.length >= 1);
    assert.ok(replies.every((reply) => reply.status === 201 || reply.status === 409), replies.map((reply) => reply.status).join());
    for (const reply of answered) assert.deepEqual(reply.body, answered[0].body);
    assert.equal(await lineCount(order), 2, "one line added");
  });
});

describe("keys expire after 24 hours", () => {
  it("an expired key is a new request, and expired keys are purged", async () => {
    const order = await createOrder(ctx.app);
    const key = newKey();
    await addFries(order, key);
    now = new Date(FIXED_NOW.getTime() + 24 * 60 * 60 * 1000 - 1);
    assert.equal((await addFries(order, key, 2)).status, 422, "still the same key a moment before");
    now = new Date(FIXED_NOW.getTime() + 24 * 60 * 60 * 1000 + 1);
    const later = await addFries(order, key, 2);
    assert.deepEqual([later.status, later.headers["idempotent-replayed"]], [201, undefined]);
    assert.equal(await lineCount(order), 3);

    now = new Date(FIXED_NOW.getTime() + 3 * 24 * 60 * 60 * 1000);
    const before = (await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM idempotency_keys")).rows[0].n;
    const purged = await ctx.app.maintenance.purgeIdempotencyKeys();
    const left = (await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM idempotency_keys")).rows[0].n;
    assert.ok(purged > 0);
    assert.deepEqual([left, before - purged], [0, 0]);
  });
});

describe("the header itself", () => {
  const bad: [string, string][] = [
    ["too short", "abc"],
    ["with a space", "0b6a3f5e 8c1d 4e2f 9a7b 1c2d3e4f5a6b"],
    ["too long", "k".repeat(256)],
  ];
  for (const [name, value] of bad) {
    it(`refuses a key ${name} with 400, naming the header`, async () => {
      const order = await createOrder(ctx.app);
      const reply = await addFries(order, value);
      assert.equal(reply.status, 400);
      assert.match(reply.body.message, /^Idempotency-Key: expected 16 to 255 visible ASCII characters/);
      assert.equal(await lineCount(order), 1);
    });
  }

  it("is ignored by calls outside orders/ and checkouts/ and by reads", async () => {
    const order = await createOrder(ctx.app);
    const read = await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token, headers: withKey("abc") });
    assert.equal(read.status, 200);
  });

  it("is allowed by CORS for a site on another origin", async () => {
    const cors = await createTestContext({ env: { CORS_ORIGINS: "https://www.example.com" } });
    try {
      const reply = await cors.app.inject({
        method: "OPTIONS",
        url: `${API}/orders/`,
        headers: { origin: "https://www.example.com", "access-control-request-method": "POST", "access-control-request-headers": "content-type,idempotency-key" },
      });
      assert.match(String(reply.headers["access-control-allow-headers"]), /idempotency-key/);
    } finally {
      await cors.close();
    }
  });
});

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error("waitFor: the condition never held");
}
