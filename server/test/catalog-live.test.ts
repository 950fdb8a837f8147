import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { PublishCreatedSchema, PublishStatusReplySchema } from "@mainstreet/rules/api/publish-api";
import { SiteReplySchema } from "@mainstreet/rules/api/site-api";
import { announceLive } from "../src/catalog/live-announcements";
import { LiveCatalog } from "../src/catalog/live-catalog";
import { insertJob, setLive } from "../src/publish/publish.store";
import { PublishWorker } from "../src/publish/publish.worker";
import { headOf, insertRevision } from "../src/site/site.store";
import { dataFileAt } from "../src/site/site.service";
import {
  API,
  FIXED_NOW,
  FIXTURE_BUSINESS,
  FIXTURE_FILE,
  SECOND_BUSINESS_FILE,
  call,
  createOrder,
  createTestContext,
  createWorkspaceContext,
  line,
  manageCall,
  prepareForCheckout,
  type Json,
  type MerchantRef,
  type TestContext,
} from "./helpers";

/**
 * The order catalog follows the published revision (docs/publishing.md "The order catalog"): a business takes
 * orders on its SITE_DATA file until it publishes, then on its live revision, switched by a build going live or
 * a rollback on every replica (NOTIFY on PostgreSQL, in-process on PGlite), read at start, kept over a SIGHUP
 * reload of the files, and refused when the stored document fails the contract. An order begun on the old
 * prices meets the checkout's "prices changed" path. Runs on PGlite, and on PostgreSQL under
 * server/scripts/with-postgres.sh.
 */

const FAKE_BUILD = join(__dirname, "fixtures", "fake-build.mjs");

let ctx: TestContext;
let owner: MerchantRef;
let sitesDir: string;
const now = FIXED_NOW;
const fixture = (): Json => JSON.parse(readFileSync(FIXTURE_FILE, "utf8"));

function worker(): PublishWorker {
  process.env.FAKE_BUILD_RECORD = join(mkdtempSync(join(tmpdir(), "catalog-record-")), "builds.txt");
  return new PublishWorker({
    db: ctx.db,
    clock: () => now,
    log: { info: () => undefined, warn: () => undefined },
    sitesDir,
    buildCommand: [process.execPath, FAKE_BUILD],
    buildCwd: process.cwd(),
    leaseMs: 60_000,
    buildTimeoutMs: 20_000,
  });
}

/** Polls until `check` holds: the switch reaches each catalog once its transaction commits (NOTIFY is asynchronous). */
async function eventually(what: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const liveVersionOf = (context: TestContext) => context.catalog.get(FIXTURE_BUSINESS)?.live?.version ?? null;
const friesCents = (context: TestContext) => context.catalog.get(FIXTURE_BUSINESS)?.variations.get("fries-regular")?.variation.priceCents;

/** Saves the fixture with these fries prices (dollars) as the draft, publishes it and builds it: the live version. */
async function publishFries(price: number): Promise<number> {
  const data = fixture();
  data.menu.items[1].variations[0].price = price;
  const draft = SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", owner)).body).revision;
  const saved = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: draft, data } });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const queued = await manageCall<Json>(ctx.app, "POST", "site/publishes/", owner);
  assert.equal(queued.status, 202, JSON.stringify(queued.body));
  assert.equal(await worker().runOnce(), "live");
  const status = await manageCall<Json>(ctx.app, "GET", `site/publishes/${PublishCreatedSchema.parse(queued.body).id}/`, owner);
  const { version } = PublishStatusReplySchema.parse(status.body);
  await eventually(`the catalog takes orders on version ${version}`, () => liveVersionOf(ctx) === version);
  return version;
}

async function newFriesOrderCents(): Promise<number> {
  const order = await createOrder(ctx.app, [line("fries-regular", "fries", 1)]);
  return order.line_items[0].unit_price_cents;
}

before(async () => {
  sitesDir = mkdtempSync(join(tmpdir(), "catalog-sites-"));
  ({ ctx, owner } = await createWorkspaceContext({ clock: () => now, env: { SITES_DIR: sitesDir } }));
  await ctx.app.maintenance.seedSiteData([dataFileAt(FIXTURE_FILE), dataFileAt(SECOND_BUSINESS_FILE)]);
});
after(() => ctx.close());

describe("the order catalog follows the published revision", () => {
  it("takes orders on the SITE_DATA file while the business has never published", async () => {
    assert.equal(ctx.catalog.sourceOf(FIXTURE_BUSINESS), "file");
    assert.equal(await newFriesOrderCents(), 400);
  });

  it("takes orders on the live revision once a version goes live: new orders and the site's menu call carry its prices", async () => {
    const version = await publishFries(5);
    assert.equal(ctx.catalog.sourceOf(FIXTURE_BUSINESS), "live");
    assert.deepEqual(ctx.catalog.get(FIXTURE_BUSINESS)?.live, { version, revision: 2 });
    assert.equal(await newFriesOrderCents(), 500);
    const menu = await call<Json>(ctx.app, "GET", `${API}/catalog/${FIXTURE_BUSINESS}/`);
    const fries = menu.body.items.find((item: Json) => item.id === "fries");
    assert.equal(fries.variations[0].price_cents, 500);
  });

  it("an order begun on the old prices: reading it proposes the new price, checkout answers 409 until the visitor accepts, then charges the new price", async () => {
    const order = await createOrder(ctx.app, [line("fries-regular", "fries", 2)]);
    await prepareForCheckout(ctx.app, order);
    await publishFries(6.5);
    const read = await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });
    assert.equal(read.body.adjustments.length, 1);
    assert.equal(read.body.adjustments[0].kind, "price_changed");
    assert.equal(read.body.adjustments[0].reason, "Fries (Regular) now costs $6.50 each instead of $5.00; accepting keeps it at the new price.");
    const refused = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    assert.equal(refused.status, 409);
    assert.deepEqual(
      refused.body.detail.adjustments.map((adjustment: Json) => adjustment.id),
      [read.body.adjustments[0].id],
    );
    const accepted = await call<Json>(ctx.app, "POST", `${API}/orders/${order.id}/adjustments/`, {
      token: order.session_token,
      body: { adjustments: [{ id: read.body.adjustments[0].id }] },
    });
    assert.equal(accepted.status, 200);
    assert.equal(accepted.body.totals.subtotal_cents, 1300);
    const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const closed = await call<Json>(ctx.app, "POST", `${API}/checkouts/${started.body.id}/close/`, { token: order.session_token });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    const placed = await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });
    assert.equal(placed.body.line_items[0].unit_price_cents, 650);
  });

  it("a checkout started before the switch closes at the price the visitor agreed to and was authorised for", async () => {
    const order = await createOrder(ctx.app, [line("fries-regular", "fries", 1)]);
    await prepareForCheckout(ctx.app, order);
    const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    await publishFries(7);
    const closed = await call<Json>(ctx.app, "POST", `${API}/checkouts/${started.body.id}/close/`, { token: order.session_token });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    const placed = await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });
    assert.equal(placed.body.status, "placed");
    assert.equal(placed.body.line_items[0].unit_price_cents, 650);
    assert.deepEqual(placed.body.adjustments, []);
  });

  it("a rollback takes the catalog back to that version's revision", async () => {
    const current = liveVersionOf(ctx) as number;
    const back = await manageCall<Json>(ctx.app, "POST", "site/rollback/", owner, { body: { version: current - 2 } });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    await eventually("the catalog is back on the earlier version", () => liveVersionOf(ctx) === current - 2);
    assert.equal(await newFriesOrderCents(), 500);
    const forward = await manageCall<Json>(ctx.app, "POST", "site/rollback/", owner, { body: { version: current } });
    assert.equal(forward.status, 200, JSON.stringify(forward.body));
    await eventually("the catalog is on the newest version again", () => liveVersionOf(ctx) === current);
    assert.equal(await newFriesOrderCents(), 700);
  });

  it("a SIGHUP reload of the files keeps a published business on its live revision", async () => {
    ctx.catalog.reload();
    assert.equal(ctx.catalog.sourceOf(FIXTURE_BUSINESS), "live");
    assert.equal(await newFriesOrderCents(), 700);
  });
});

describe("every replica", () => {
  it("reads the live revisions when it starts, and follows each later switch", async () => {
    const replica = await createTestContext({ db: ctx.db, catalogFiles: [FIXTURE_FILE, SECOND_BUSINESS_FILE], clock: () => now, env: { SITES_DIR: sitesDir } });
    try {
      assert.equal(liveVersionOf(replica), liveVersionOf(ctx));
      assert.equal(friesCents(replica), 700);
      const version = await publishFries(8.25);
      await eventually(`the second replica takes orders on version ${version}`, () => liveVersionOf(replica) === version);
      assert.equal(friesCents(replica), 825);
      const back = await manageCall<Json>(ctx.app, "POST", "site/rollback/", owner, { body: { version: version - 1 } });
      assert.equal(back.status, 200, JSON.stringify(back.body));
      await eventually("the second replica follows the rollback", () => liveVersionOf(replica) === version - 1);
      assert.equal(friesCents(replica), 700);
    } finally {
      await replica.app.close();
    }
  });
});

// A worker in a process of its own, as `npm run build-worker` runs one: PostgreSQL only (PGlite is one process).
describe("a build worker in another process", () => {
  for (const engine of process.env.DATABASE_URL ? ["PostgreSQL"] : []) {
    it(`going live on ${engine} reaches this service's catalog through NOTIFY`, async () => {
      const data = fixture();
      data.menu.items[1].variations[0].price = 9.75;
      const draft = SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", owner)).body).revision;
      assert.equal((await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: draft, data } })).status, 200);
      assert.equal((await manageCall<Json>(ctx.app, "POST", "site/publishes/", owner)).status, 202);
      const schema = (await ctx.db.query<{ schema: string }>("SELECT current_schema() AS schema")).rows[0].schema;
      const outcomes = await new Promise<string>((resolvePromise, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", join(__dirname, "fixtures", "drain-queue.ts")], {
          env: { ...process.env, TEST_SCHEMA: schema, SITES_DIR: sitesDir, WORKER_ID: "catalog-process", TEST_NOW: now.toISOString() },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        let err = "";
        child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
        child.on("close", (code) => (code === 0 ? resolvePromise(out.trim()) : reject(new Error(`worker exited ${code}: ${err}`))));
      });
      assert.equal(outcomes, '["live"]');
      await eventually("this service's catalog takes orders on the other process's build", () => friesCents(ctx) === 975);
      assert.equal(await newFriesOrderCents(), 975);
    });
  }
});

describe("a stored revision read back", () => {
  const cases: { name: string; edit: (data: Json) => void; problem: RegExp }[] = [
    {
      name: "a price the contract refuses",
      edit: (data) => {
        data.menu.items[1].variations[0].price = 4.125;
      },
      problem: /^revision \d+ of fixture-bistro: menu\.items\[1\]\.variations\[0\]\.price: expected a price in USD with at most 2 decimals/,
    },
    {
      name: "another business's id",
      edit: (data) => {
        data.id = "someone-else";
      },
      problem: /^revision \d+ of fixture-bistro: id: expected "fixture-bistro" \(the business the revision belongs to\), got "someone-else"$/,
    },
  ];
  let handEdits = 0;
  for (const testCase of cases) {
    it(`with ${testCase.name} leaves the business on its previous catalog and logs the contract's lines`, async () => {
      const before = { version: liveVersionOf(ctx), fries: friesCents(ctx) };
      const errors: { fields: Json; message: string }[] = [];
      const log = { info: () => undefined, warn: () => undefined, error: (fields: Json, message: string) => void errors.push({ fields, message }) };
      const follower = new LiveCatalog({ db: ctx.db, catalog: ctx.catalog, log });
      const data = fixture();
      testCase.edit(data);
      // Written past the workspace's check, as a hand edit or a contract tightened since would leave it.
      await ctx.db.transaction(async (tx) => {
        const head = await headOf(tx, FIXTURE_BUSINESS, true);
        handEdits += 1;
        const revision = (head?.draft_revision ?? 0) + 100 + handEdits;
        await insertRevision(tx, { businessId: FIXTURE_BUSINESS, revision, fileText: JSON.stringify(data), by: { source: "import" }, summary: "hand edit", at: now });
        const { version } = await insertJob(tx, { id: randomUUID(), businessId: FIXTURE_BUSINESS, revision, at: now });
        assert.ok(version !== null, "a publish job is numbered");
        await setLive(tx, FIXTURE_BUSINESS, { version, revision, at: now });
        await announceLive(ctx.db, tx, { businessId: FIXTURE_BUSINESS, version });
      });
      await follower.reload(FIXTURE_BUSINESS);
      assert.equal(errors.length, 1);
      assert.match(errors[0].message, /does not meet the data contract; keeping this business's previous catalog/);
      assert.match(errors[0].fields.problems[0], testCase.problem);
      assert.deepEqual({ version: liveVersionOf(ctx), fries: friesCents(ctx) }, before);
      assert.equal(await newFriesOrderCents(), before.fries);
    });
  }
});

describe("a visitor's request", () => {
  it("reads the catalog in memory, never the revisions: with the live rows gone from the database, orders keep the live prices", async () => {
    const cents = friesCents(ctx);
    assert.notEqual(cents, 400);
    await ctx.db.query("DELETE FROM site_live WHERE business_id = $1", [FIXTURE_BUSINESS]);
    assert.equal(await newFriesOrderCents(), cents);
    const menu = await call<Json>(ctx.app, "GET", `${API}/catalog/${FIXTURE_BUSINESS}/`);
    assert.equal(menu.body.items.find((item: Json) => item.id === "fries").variations[0].price_cents, cents);
  });
});
