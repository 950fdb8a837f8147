import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SESSION_COOKIE } from "@mainstreet/rules/api/manage-api";
import {
  API,
  FIXTURE_FILE,
  SECOND_BUSINESS_FILE,
  call,
  createMerchant,
  createTestContext,
  createWorkspaceContext,
  line,
  manageCall,
  placeOrder,
  signIn,
  type Json,
  type MerchantRef,
  type TestContext,
} from "./helpers";
import { openDb } from "../src/db/db";
import { connectSse, type SseConnection } from "./sse-client";

/**
 * The workspace's order queue: tickets of placed orders, the status moves and what they do
 * (money back on cancel, the customer's mails, the visitor's order view), and the live stream of server-sent
 * events, on both engines.
 */

let ctx: TestContext;
let base: string;
let owner: MerchantRef;
let staff: MerchantRef;
let otherOwner: MerchantRef;

before(async () => {
  ({ ctx, owner, staff, otherOwner } = await createWorkspaceContext({ streamPingMs: 200 }));
  base = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});
after(() => ctx.close());

const move = (who: MerchantRef, orderId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  manageCall<Json>(ctx.app, "POST", `orders/${orderId}/status/`, who, { body, headers });
const visitorView = (order: { id: string; session_token: string }) => call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });
const stream = (who: MerchantRef, headers: Record<string, string> = {}) => connectSse(`${base}${API}/manage/orders/stream/`, { cookie: `${SESSION_COOKIE}=${who.cookie}`, ...headers });
const outboxTo = async (email: string) =>
  (await ctx.db.query<{ subject: string; body: string }>("SELECT subject, body FROM outbox WHERE mail_to @> $1::jsonb ORDER BY created_at", [JSON.stringify([email])])).rows;

describe("the order queue", () => {
  it("lists a placed order as a ticket, oldest promise first, with lines, modifiers, customer and totals", async () => {
    const order = await placeOrder(ctx.app, [line("burger-single", "burger", 2, ["mod-medium", "mod-cheese"], { special_instructions: "no pickles" })]);
    const reply = await manageCall<Json>(ctx.app, "GET", "orders/", staff);
    assert.equal(reply.status, 200);
    const ticket = reply.body.orders.find((candidate: { id: string }) => candidate.id === order.id);
    assert.ok(ticket, "the placed order is in the queue");
    assert.equal(ticket.status, "placed");
    assert.equal(ticket.number, order.id.replace(/-/g, "").slice(0, 8).toUpperCase());
    assert.deepEqual(ticket.location, { id: "loc-main", name: "Main Street", time_zone: "America/New_York" });
    assert.deepEqual(ticket.fulfillment, { method: "pickup" });
    assert.deepEqual(ticket.customer, { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "212-555-0199" });
    assert.deepEqual(
      ticket.lines.map((entry: Json) => [entry.item_name, entry.variation_name, entry.quantity, entry.modifiers.map((modifier: Json) => modifier.name), entry.special_instructions]),
      [["House Burger", "Single", 2, ["Medium", "Cheddar"], "no pickles"]],
    );
    assert.equal(ticket.totals.total_cents, ticket.totals.subtotal_cents + ticket.totals.tax_cents + ticket.totals.tip_cents);
    assert.match(ticket.placed_at, /T\d\d:\d\d:\d\d\.\d{3}-0[45]:00$/, "on the location's clock (New York)");
    assert.ok(ticket.promised_at);
    assert.equal(ticket.cancel_reason, undefined);
    const promises = reply.body.orders.map((candidate: Json) => candidate.promised_at ?? "9999");
    assert.deepEqual(promises, [...promises].sort());
  });

  it("never lists another business's orders", async () => {
    await placeOrder(ctx.app);
    const reply = await manageCall<Json>(ctx.app, "GET", "orders/", otherOwner);
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body.orders, []);
  });

  it("refuses an unknown view", async () => {
    const reply = await manageCall<Json>(ctx.app, "GET", "orders/?view=all", staff);
    assert.equal(reply.status, 400);
    assert.match(reply.body.message, /^query\.view: expected "active"/);
  });
});

describe("status moves", () => {
  it("accepts, readies and completes an order; the visitor's view follows; the customer is mailed when it is ready", async () => {
    const order = await placeOrder(ctx.app);
    assert.deepEqual([(await visitorView(order)).body.fulfillment_status], ["placed"]);
    for (const status of ["accepted", "ready", "completed"]) {
      const reply = await move(staff, order.id, { status });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.equal(reply.body.status, status);
      const view = await visitorView(order);
      assert.equal(view.body.fulfillment_status, status);
      assert.equal(view.body.fulfillment_status_at, new Date("2030-06-04T16:00:00.000Z").toISOString());
      assert.equal(view.body.status, "placed");
    }
    const mail = await outboxTo("ada@example.com");
    const ready = mail.filter((entry) => entry.subject.endsWith(": Ready for pickup"));
    assert.equal(ready.length, 1);
    assert.match(ready[0].body, /is ready for pickup at Main Street, 12 Main St, New York/);
    const recent = await manageCall<Json>(ctx.app, "GET", "orders/?view=recent", staff);
    assert.ok(recent.body.orders.some((ticket: { id: string; status: string }) => ticket.id === order.id && ticket.status === "completed"));
    const active = await manageCall<Json>(ctx.app, "GET", "orders/", staff);
    assert.ok(!active.body.orders.some((ticket: { id: string }) => ticket.id === order.id));
    const { rows } = await ctx.db.query<{ from_status: string; to_status: string; user_email: string }>(
      "SELECT from_status, to_status, user_email FROM order_status_changes WHERE order_id = $1",
      [order.id],
    );
    // The pinned clock gives every move the same time: compared as a set.
    assert.deepEqual(
      rows.map((row) => [row.from_status, row.to_status, row.user_email]).sort((a, b) => ["placed", "accepted", "ready"].indexOf(a[0]) - ["placed", "accepted", "ready"].indexOf(b[0])),
      [
        ["placed", "accepted", "staff@bistro.test"],
        ["accepted", "ready", "staff@bistro.test"],
        ["ready", "completed", "staff@bistro.test"],
      ],
    );
  });

  for (const [path, to, message] of [
    [[], "ready", "The order is placed: it can be marked accepted or cancelled, not ready."],
    [[], "completed", "The order is placed: it can be marked accepted or cancelled, not completed."],
    [["accepted"], "accepted", "The order is already accepted."],
    [["accepted", "ready", "completed"], "cancelled", "The order is completed: it cannot be marked cancelled any more."],
  ] as const) {
    it(`refuses ${[...path, to].join(" → ")} with 409 naming the current status`, async () => {
      const order = await placeOrder(ctx.app);
      for (const status of path) assert.equal((await move(staff, order.id, { status })).status, 200);
      const reply = await move(staff, order.id, { status: to });
      assert.equal(reply.status, 409);
      assert.deepEqual(reply.body, { message, detail: { status: path.length > 0 ? path[path.length - 1] : "placed" } });
    });
  }

  it("gives one of two screens pressing Accept at once the move and the other a 409", async () => {
    const order = await placeOrder(ctx.app);
    const replies = await Promise.all([move(staff, order.id, { status: "accepted" }), move(owner, order.id, { status: "accepted" })]);
    assert.deepEqual(replies.map((reply) => reply.status).sort(), [200, 409]);
  });

  it("cancels with a refund of the captured payment, tells the customer why, and shows the reason", async () => {
    const order = await placeOrder(ctx.app);
    const ledgerBefore = (await ctx.payments.ledger()).length;
    const reply = await move(owner, order.id, { status: "cancelled", reason: "We ran out of buns." });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.equal(reply.body.status, "cancelled");
    assert.equal(reply.body.cancel_reason, "We ran out of buns.");
    const ledger = (await ctx.payments.ledger()).slice(ledgerBefore);
    assert.deepEqual(
      ledger.map((entry) => [entry.kind, entry.amountCents]),
      [["refund", reply.body.totals.total_cents]],
    );
    const { rows } = await ctx.db.query<{ status: string; refunded_cents: number }>("SELECT status, refunded_cents FROM payments WHERE order_id = $1", [order.id]);
    assert.deepEqual(rows, [{ status: "refunded", refunded_cents: reply.body.totals.total_cents }]);
    const mail = (await outboxTo("ada@example.com")).filter((entry) => entry.subject.endsWith("was cancelled"));
    assert.ok(mail.some((entry) => entry.body.includes("The business wrote: We ran out of buns.") && /\$\d+\.\d\d was refunded to your card/.test(entry.body)));
    assert.equal((await visitorView(order)).body.fulfillment_status, "cancelled");
  });

  it("answers a cancel repeated with its Idempotency-Key from the first, refunding once", async () => {
    const order = await placeOrder(ctx.app);
    const ledgerBefore = (await ctx.payments.ledger()).length;
    const key = { "idempotency-key": "cancel-0123456789abcdef" };
    const first = await move(owner, order.id, { status: "cancelled" }, key);
    const again = await move(owner, order.id, { status: "cancelled" }, key);
    assert.equal(first.status, 200);
    assert.equal(again.status, 200);
    assert.equal(again.headers["idempotent-replayed"], "true");
    assert.deepEqual(again.body, first.body);
    assert.equal((await ctx.payments.ledger()).slice(ledgerBefore).length, 1);
    // Another session's key space is its own: the same key there is a new request (409: already cancelled).
    assert.equal((await move(staff, order.id, { status: "cancelled" }, key)).status, 409);
  });

  it("answers 403 for an order of another business and for an id that is no order, the same way", async () => {
    const order = await placeOrder(ctx.app);
    const foreign = await move(otherOwner, order.id, { status: "accepted" });
    const unknown = await move(otherOwner, "0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b", { status: "accepted" });
    assert.equal(foreign.status, 403);
    assert.equal(unknown.status, 403);
    assert.equal(foreign.body.message.replace(order.id, "ID"), unknown.body.message.replace("0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b", "ID"));
    assert.equal((await visitorView(order)).body.fulfillment_status, "placed");
  });

  it("refuses an open order (not placed yet) with 403 like any other id", async () => {
    const created = await call<Json>(ctx.app, "POST", `${API}/orders/`, { body: { merchant_product: "prod-bistro", merchant_location: "loc-main", line_items: [] } });
    assert.equal((await move(owner, created.body.id, { status: "accepted" })).status, 403);
  });
});

describe("the live stream (server-sent events)", () => {
  const opened: SseConnection[] = [];
  after(() => opened.forEach((connection) => connection.close()));
  const open = async (who: MerchantRef, headers: Record<string, string> = {}) => {
    const connection = await stream(who, headers);
    opened.push(connection);
    return connection;
  };

  it("starts with ready, then sends every new order and every move of its own business only", async () => {
    const mine = await open(staff);
    const theirs = await open(otherOwner);
    assert.equal(mine.status, 200);
    assert.match(String(mine.headers["content-type"]), /^text\/event-stream/);
    assert.equal(mine.headers["cache-control"], "no-cache, no-store, no-transform");
    const ready = await mine.next((event) => event.event === "ready");
    const head = JSON.parse(ready.data).last_event_id;
    assert.equal(ready.id, String(head));
    await theirs.next((event) => event.event === "ready");

    const order = await placeOrder(ctx.app);
    const placed = await mine.next((event) => event.event === "order" && JSON.parse(event.data).id === order.id);
    assert.equal(JSON.parse(placed.data).status, "placed");
    assert.ok(Number(placed.id) > head);
    await move(staff, order.id, { status: "accepted" });
    const accepted = await mine.next((event) => event.event === "order" && JSON.parse(event.data).status === "accepted");
    assert.equal(JSON.parse(accepted.data).id, order.id);

    // The other business's stream got neither: events are written to every stream in one pass, so once it has
    // had a ping written after that pass, anything for it would have arrived.
    await theirs.nextComment();
    await theirs.nextComment();
    assert.deepEqual(
      theirs.events.map((event) => event.event),
      ["ready"],
    );
  });

  it("resends what a reconnecting screen missed after its Last-Event-ID, each order once in its current state", async () => {
    const first = await open(staff);
    const ready = await first.next((event) => event.event === "ready");
    first.close();
    const order = await placeOrder(ctx.app);
    await move(staff, order.id, { status: "accepted" });
    await move(staff, order.id, { status: "ready" });
    const again = await open(staff, { "last-event-id": ready.id as string });
    const resent = await again.next((event) => event.event === "order" && JSON.parse(event.data).id === order.id);
    assert.equal(JSON.parse(resent.data).status, "ready");
    const readyAgain = await again.next((event) => event.event === "ready");
    assert.equal(again.events.filter((event) => event.event === "order" && JSON.parse(event.data).id === order.id).length, 1);
    assert.ok(again.events.indexOf(resent) < again.events.indexOf(readyAgain));
  });

  it("tells a screen that missed more than can be resent to read the lists again", async () => {
    const connection = await open(staff, { "last-event-id": "999999999" });
    const resync = await connection.next((event) => event.event === "resync");
    assert.equal(resync.data, "{}");
  });

  it("refuses a malformed Last-Event-ID and a stream without a session", async () => {
    const malformed = await open(staff, { "last-event-id": "abc" });
    assert.equal(malformed.status, 400);
    const anonymous = await connectSse(`${base}${API}/manage/orders/stream/`, {});
    opened.push(anonymous);
    assert.equal(anonymous.status, 401);
    assert.equal(JSON.parse(anonymous.body() || (await anonymous.ended.then(() => anonymous.body()))).message.length > 0, true);
  });

  it("pings, and ends the stream at once when its session signs out", async () => {
    const who = await signIn(ctx.app, "staff@bistro.test");
    const connection = await open(who);
    await connection.next((event) => event.event === "ready");
    assert.equal(await connection.nextComment(), "ping");
    assert.equal((await manageCall(ctx.app, "DELETE", "session/", who)).status, 204);
    await connection.ended;
  });

  it("ends the stream at its next ping when the session was revoked elsewhere (another replica)", async () => {
    const who = await signIn(ctx.app, "staff@bistro.test");
    const connection = await open(who);
    await connection.next((event) => event.event === "ready");
    await ctx.db.query("UPDATE merchant_sessions SET revoked_at = now() WHERE revoked_at IS NULL AND user_id = (SELECT id FROM merchant_users WHERE email = 'staff@bistro.test')");
    await connection.ended;
    staff = await signIn(ctx.app, "staff@bistro.test");
  });

  it("ends every stream when the service drains, without holding the drain", async () => {
    const drained = await createTestContext({ catalogFiles: [FIXTURE_FILE] });
    try {
      await createMerchant(drained.db, { email: "owner@bistro.test" });
      const who = await signIn(drained.app, "owner@bistro.test");
      const address = await drained.app.listen({ port: 0, host: "127.0.0.1" });
      const connections = await Promise.all(
        Array.from({ length: 3 }, () => connectSse(`${address}${API}/manage/orders/stream/`, { cookie: `${SESSION_COOKIE}=${who.cookie}` })),
      );
      await Promise.all(connections.map((connection) => connection.next((event) => event.event === "ready")));
      await drained.app.drain();
      await Promise.all(connections.map((connection) => connection.ended));
    } finally {
      await drained.close();
    }
  });

  // Replicas share one PostgreSQL; PGlite is one process, where the in-process bus is the whole story.
  if (process.env.DATABASE_URL) {
    it("reaches the streams of every replica (LISTEN/NOTIFY), also across a lost LISTEN connection", async () => {
      const { rows } = await ctx.db.query<{ schema: string }>("SELECT current_schema() AS schema");
      const replicaDb = await openDb({ databaseUrl: process.env.DATABASE_URL as string, schema: rows[0].schema });
      const replica = await createTestContext({ db: replicaDb, catalogFiles: [FIXTURE_FILE, SECOND_BUSINESS_FILE] });
      try {
        const address = await replica.app.listen({ port: 0, host: "127.0.0.1" });
        const connection = await connectSse(`${address}${API}/manage/orders/stream/`, { cookie: `${SESSION_COOKIE}=${staff.cookie}` });
        opened.push(connection);
        await connection.next((event) => event.event === "ready");
        const order = await placeOrder(ctx.app);
        await connection.next((event) => event.event === "order" && JSON.parse(event.data).id === order.id);

        // Both replicas' LISTEN connections dropped: each reconnects and reads what it missed from the log.
        await ctx.db.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN mainstreet_manage_events_' || current_schema()");
        const during = await placeOrder(ctx.app);
        await connection.next((event) => event.event === "order" && JSON.parse(event.data).id === during.id);
      } finally {
        await replica.close();
        await replicaDb.close();
      }
    });
  }
});
