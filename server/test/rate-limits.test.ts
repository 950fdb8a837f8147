import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { purgeRateLimits } from "../src/http/rate-limits";
import { API, FIXED_NOW, PRODUCT, call, createTestContext, line, openTestDb, type Json } from "./helpers";

/**
 * Rate limits on PostgreSQL are counted in the database, so replicas sharing it hold one limit between
 * them (docs/api.md "Rate limits"). Two service instances on one database stand for two replicas.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const ONE_PROCESS = "PGlite belongs to one process: its limits are counted in that process's memory";

const order = (ctx: { app: Parameters<typeof call>[0] }) =>
  call<Json>(ctx.app, "POST", `${API}/orders/`, { body: { merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [line("fries-regular", "fries")] } });
const contact = (ctx: { app: Parameters<typeof call>[0] }) =>
  call<Json>(ctx.app, "POST", `${API}/businesses/restaurants/fixture-bistro/locations/loc-main/email/`, {
    body: { contact_name: "A", contact_email: "a@example.com", contact_message: "Hi" },
  });

describe("rate limits across replicas", () => {
  it("a limit reached through one replica holds on the other, per budget", { skip: !onPostgres && ONE_PROCESS }, async () => {
    const db = await openTestDb();
    const env = { RATE_LIMIT_ORDERS_PER_MINUTE: "3", RATE_LIMIT_FORMS_PER_MINUTE: "2" };
    const a = await createTestContext({ db, env });
    const b = await createTestContext({ db, env });
    try {
      assert.deepEqual([(await order(a)).status, (await order(b)).status, (await order(a)).status], [201, 201, 201]);
      const refused = await order(b);
      assert.equal(refused.status, 429, "the fourth order of the minute, through the other replica");
      assert.match(refused.body.message, /Rate limit exceeded/);
      assert.ok(Number(refused.headers["retry-after"]) > 0, "it says when to try again");
      assert.equal((await order(a)).status, 429);
      // The forms budget is its own: orders used up do not refuse a contact message.
      assert.deepEqual([(await contact(b)).status, (await contact(a)).status, (await contact(b)).status], [201, 201, 429]);
    } finally {
      await a.close();
      await b.close();
      await db.close();
    }
  });

  it("fifty requests at once through two replicas: exactly the limit passes", { skip: !onPostgres && ONE_PROCESS }, async () => {
    const db = await openTestDb();
    const env = { RATE_LIMIT_FORMS_PER_MINUTE: "7" };
    const a = await createTestContext({ db, env });
    const b = await createTestContext({ db, env });
    try {
      const statuses = await Promise.all(Array.from({ length: 50 }, (_, index) => contact(index % 2 === 0 ? a : b).then((reply) => reply.status)));
      assert.equal(statuses.filter((status) => status === 201).length, 7);
      assert.equal(statuses.filter((status) => status === 429).length, 43);
    } finally {
      await a.close();
      await b.close();
      await db.close();
    }
  });

  it("a window ends a minute after it began, and ended windows are purged after an hour", { skip: !onPostgres && ONE_PROCESS }, async () => {
    let now = FIXED_NOW;
    const db = await openTestDb();
    const ctx = await createTestContext({ db, clock: () => now, env: { RATE_LIMIT_FORMS_PER_MINUTE: "1" } });
    try {
      assert.deepEqual([(await contact(ctx)).status, (await contact(ctx)).status], [201, 429]);
      now = new Date(FIXED_NOW.getTime() + 59_000);
      assert.equal((await contact(ctx)).status, 429, "still inside the minute");
      now = new Date(FIXED_NOW.getTime() + 60_000);
      assert.equal((await contact(ctx)).status, 201, "a new window");
      assert.equal(await purgeRateLimits(db, new Date(now.getTime() + 30 * 60_000)), 0, "a window that ended half an hour ago is kept");
      assert.equal(await purgeRateLimits(db, new Date(now.getTime() + 2 * 60 * 60_000)), 1);
      assert.equal((await contact(ctx)).status, 201, "the purged client starts again");
    } finally {
      await ctx.close();
      await db.close();
    }
  });
});
