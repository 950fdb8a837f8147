import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Catalog, CatalogLoadError } from "../src/catalog/catalog";
import { ConfigError, loadConfig } from "../src/config";
import { openDb } from "../src/db/db";
import { applyMigrations, readMigrations } from "../src/db/migrate";
import { openServiceDb } from "../src/site/service-db";
import { API, FIXTURE_FILE, PRODUCT, ROOT, call, createTestContext, line, openTestDb, startServiceProcess, type Json } from "./helpers";

describe("configuration", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    assert.equal(config.PORT, 8000);
    assert.equal(config.HOST, "0.0.0.0");
    assert.equal(config.API_BASE, "/api/");
    assert.deepEqual(config.SITE_DATA, ["data/salon/business.json"]);
    assert.equal(config.DATA_DIR, ".data/pglite");
    assert.equal(config.PUBLIC_DIR, "public");
    assert.equal(config.BOT_CHECK, "off");
    assert.equal(config.PAYMENT_PROVIDER, "test");
    assert.equal(config.DATABASE_URL, undefined);
    assert.equal(config.CHECKOUT_TIMEOUT_MS, 15 * 60 * 1000);
  });

  const good: [Record<string, string>, (config: ReturnType<typeof loadConfig>) => unknown, unknown][] = [
    [{ SITE_DATA: "data/a.json, data/b.json" }, (c) => c.SITE_DATA, ["data/a.json", "data/b.json"]],
    [{ API_BASE: "v1" }, (c) => c.API_BASE, "/v1/"],
    [{ API_BASE: "/svc/api" }, (c) => c.API_BASE, "/svc/api/"],
    [{ CORS_ORIGINS: "https://a.example, https://b.example/" }, (c) => c.CORS_ORIGINS, ["https://a.example", "https://b.example"]],
    [{ DATABASE_URL: "" }, (c) => c.DATABASE_URL, undefined],
    [{ CHECKOUT_TIMEOUT_MS: "60000" }, (c) => c.CHECKOUT_TIMEOUT_MS, 60_000],
    [{ TEST_CLOCK_START: "2026-11-30T12:00:00-05:00" }, (c) => c.TEST_CLOCK_START, "2026-11-30T12:00:00-05:00"],
    [{ TEST_CLOCK_START: "" }, (c) => c.TEST_CLOCK_START, undefined],
    [{ DATA_DIR: "memory://" }, (c) => c.DATA_DIR, "memory://"],
    [{ DATA_DIR: "/var/lib/mainstreet/pglite" }, (c) => c.DATA_DIR, "/var/lib/mainstreet/pglite"],
  ];
  for (const [env, pick, expected] of good) {
    it(`reads ${JSON.stringify(env)}`, () => {
      assert.deepEqual(pick(loadConfig(env)), expected);
    });
  }

  const bad: [Record<string, string>, RegExp][] = [
    [{ PORT: "eighty" }, /PORT: .*got "eighty"/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: expected a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ BOT_CHECK: "captcha" }, /BOT_CHECK/],
    [{ BOT_CHECK: "recaptcha-enterprise" }, /RECAPTCHA_ASSESSMENT_URL: required when BOT_CHECK=recaptcha-enterprise/],
    [{ CORS_ORIGINS: "not a url" }, /CORS_ORIGINS/],
    [{ API_BASE: "/" }, /API_BASE: expected a path prefix/],
    [{ CHECKOUT_TIMEOUT_MS: "500" }, /CHECKOUT_TIMEOUT_MS: expected at least 1000 milliseconds, got "500"/],
    [{ CHECKOUT_TIMEOUT_MS: "15 minutes" }, /CHECKOUT_TIMEOUT_MS: expected milliseconds as a whole number/],
    [{ TEST_CLOCK_START: "2026-11-30T12:00:00" }, /TEST_CLOCK_START: expected an ISO 8601 time with its offset/],
    [{ DATA_DIR: "postgres://db.example/mainstreet" }, /DATA_DIR: expected a folder for PGlite's data, or memory:\/\/ to keep it in memory \(a PostgreSQL server is DATABASE_URL\)/],
    [{ TEST_CLOCK_START: "2026-11-30T12:00:00Z", NODE_ENV: "production" }, /TEST_CLOCK_START: only for tests, refused with NODE_ENV=production/],
  ];
  for (const [env, message] of bad) {
    it(`refuses ${JSON.stringify(env)} naming the variable`, () => {
      assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && message.test(error.message));
    });
  }
});

describe("database migrations", () => {
  it("DATA_DIR=memory:// opens PGlite in memory, migrated, with no folder named after it and nothing to lock", async () => {
    const before = existsSync(join(process.cwd(), "memory:"));
    const { db, where, applied } = await openServiceDb(loadConfig({ DATA_DIR: "memory://" }));
    try {
      assert.equal(where, "PGlite in memory");
      assert.deepEqual(applied, readMigrations().map((migration) => migration.version));
      assert.equal(existsSync(join(process.cwd(), "memory:")), before, "no folder memory: made");
    } finally {
      await db.close();
    }
  });

  it("applies each numbered migration once and records it", async () => {
    const db = await openTestDb();
    try {
      const versions = readMigrations().map((migration) => migration.version);
      const recorded = await db.query<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version");
      assert.deepEqual(recorded.rows.map((row) => row.version), versions);
      assert.deepEqual(await applyMigrations(db), [], "a second start applies nothing");
      const tables = await db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name",
      );
      for (const table of [
        "orders",
        "line_items",
        "customers",
        "recipients",
        "checkouts",
        "payments",
        "adjustments",
        "form_submissions",
        "outbox",
        "reservations",
        "order_slots",
        "idempotency_keys",
        "test_processor_payments",
        "test_processor_requests",
        "test_processor_ledger",
      ]) {
        assert.ok(tables.rows.some((row) => row.table_name === table), `table ${table}`);
      }
    } finally {
      await db.close();
    }
  });

  it("rolls a failing migration back completely", async () => {
    const db = await openTestDb();
    try {
      const broken = [...readMigrations(), { version: 99, name: "broken", sql: "CREATE TABLE half_done (id int); SELECT no_such_function();" }];
      await assert.rejects(applyMigrations(db, broken));
      const table = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done' AND table_schema = current_schema()");
      assert.equal(table.rows.length, 0);
      const recorded = await db.query("SELECT 1 FROM schema_migrations WHERE version = 99");
      assert.equal(recorded.rows.length, 0);
    } finally {
      await db.close();
    }
  });
});

describe("catalog", () => {
  const samples = ["data/salon/business.json", "data/restaurant/business.json", "data/merchant/business.json"];
  it("loads the three sample businesses through the site's own loader", () => {
    const files = samples.map((file) => join(ROOT, file));
    for (const file of files) assert.ok(existsSync(file), `${file} exists`);
    const catalog = Catalog.fromFiles(files);
    assert.equal(catalog.list().length, 3);
    for (const entry of catalog.list()) {
      assert.equal(catalog.byMerchantProduct(entry.business.ordering.merchantProduct), entry);
      assert.ok(entry.locations.size > 0);
    }
  });

  it("refuses a bad file with one line per problem, naming the file", () => {
    assert.throws(
      () => Catalog.fromFiles([join(ROOT, "server/test/fixtures/missing.json")]),
      (error: unknown) => error instanceof CatalogLoadError && /missing\.json: expected a readable business data file/.test(error.problems[0]),
    );
  });

  it("refuses two businesses with the same id", () => {
    assert.throws(() => Catalog.fromFiles([FIXTURE_FILE, FIXTURE_FILE]), /expected a business id not used by another data file/);
  });
});

describe("rate limits", () => {
  it("answers 429 with a JSON message after the configured number of orders or form posts", async () => {
    const ctx = await createTestContext({ env: { RATE_LIMIT_ORDERS_PER_MINUTE: "2", RATE_LIMIT_FORMS_PER_MINUTE: "1" } });
    try {
      const create = () => call<Json>(ctx.app, "POST", `${API}/orders/`, { body: { merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [line("fries-regular", "fries")] } });
      assert.deepEqual([(await create()).status, (await create()).status], [201, 201]);
      const limited = await create();
      assert.equal(limited.status, 429);
      assert.match(limited.body.message, /Rate limit exceeded/);
      assert.deepEqual(Object.keys(limited.body), ["message"]);

      const contact = () =>
        call<Json>(ctx.app, "POST", `${API}/businesses/restaurants/fixture-bistro/locations/loc-main/email/`, {
          body: { contact_name: "A", contact_email: "a@example.com", contact_message: "Hi" },
        });
      assert.equal((await contact()).status, 201);
      assert.equal((await contact()).status, 429);
    } finally {
      await ctx.close();
    }
  });

  it("contact, events and reservation cancel share one forms budget per client (docs/api.md)", async () => {
    const ctx = await createTestContext({ env: { RATE_LIMIT_FORMS_PER_MINUTE: "3" } });
    try {
      const contact = () =>
        call<Json>(ctx.app, "POST", `${API}/businesses/restaurants/fixture-bistro/locations/loc-main/email/`, {
          body: { contact_name: "A", contact_email: "a@example.com", contact_message: "Hi" },
        });
      const review = () =>
        call<Json>(ctx.app, "POST", `${API}/events/website/`, {
          body: { business_info: { id: "fixture-bistro" }, location: { id: "loc-main" }, component_configuration: { type: "review" }, event_data: { fieldValues: { rating: 5, text: "Great" } } },
        });
      const cancel = () => call<Json>(ctx.app, "POST", `${API}/reservations/R-ABCD-EFGH/cancel/`, { body: { cancel_token: "a".repeat(32) } });
      const statuses = [(await contact()).status, (await review()).status, (await cancel()).status];
      assert.ok(statuses.every((status) => status !== 429), `the first three calls pass the limit: ${statuses.join(", ")}`);
      // The fourth form call of any kind is over the shared budget.
      for (const next of [contact, review, cancel]) assert.equal((await next()).status, 429);
    } finally {
      await ctx.close();
    }
  });
});

describe("while closing", () => {
  it("a request that arrives during shutdown gets a 503 { message } and Connection: close", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let closeStarted!: () => void;
    const started = new Promise<void>((resolve) => (closeStarted = resolve));
    // Hold the close in its preClose stage so a request can arrive while the service is closing.
    const ctx = await createTestContext({
      beforeReady: (app) =>
        app.addHook("preClose", async () => {
          closeStarted();
          await held;
        }),
    });
    const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const closing = ctx.app.close();
    await started;
    try {
      // preClose runs before the server stops listening: a request now is one that arrives mid-shutdown.
      const reply = await fetch(`${address}${API}/health/`);
      assert.equal(reply.status, 503);
      assert.deepEqual(await reply.json(), { message: "The service is restarting: try again in a moment" });
      assert.equal(reply.headers.get("connection"), "close");
    } finally {
      release();
      await closing;
      await ctx.db.close();
    }
  });
});

describe("CORS for a site deployed elsewhere", () => {
  it("allows the configured origins and only them", async () => {
    const ctx = await createTestContext({ env: { CORS_ORIGINS: "https://bistro.example" } });
    try {
      const preflight = (origin: string) =>
        ctx.app.inject({
          method: "OPTIONS",
          url: `${API}/orders/`,
          headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type,authorization,x-recaptcha-token" },
        });
      const allowed = await preflight("https://bistro.example");
      assert.equal(allowed.statusCode, 204);
      assert.equal(allowed.headers["access-control-allow-origin"], "https://bistro.example");
      assert.match(String(allowed.headers["access-control-allow-headers"]), /authorization/);
      assert.match(String(allowed.headers["access-control-allow-methods"]), /PATCH/);
      const refused = await preflight("https://evil.example");
      assert.equal(refused.headers["access-control-allow-origin"], undefined);
      const health = await ctx.app.inject({ method: "GET", url: `${API}/health`, headers: { origin: "https://bistro.example" } });
      assert.equal(health.headers["access-control-allow-origin"], "https://bistro.example");
    } finally {
      await ctx.close();
    }
  });
});

// PGlite's own durability: the PostgreSQL run of this suite (DATABASE_URL set) would start the very same
// PGlite process again, so it runs in the PGlite run only.
if (!process.env.DATABASE_URL) describe("the service process (main.ts) on embedded PGlite", () => {
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), "mainstreet-pglite-"));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps an acknowledged order after the process is killed with SIGKILL", { timeout: 120_000 }, async () => {
    const service = await startServiceProcess({ DATA_DIR: dataDir, SITE_DATA: FIXTURE_FILE, PUBLIC_DIR: join(dataDir, "no-site") });
    try {
      const health = (await (await fetch(`${service.base}/api/health`)).json()) as Json;
      assert.equal(health.database, "pglite");
      const created = await fetch(`${service.base}/api/orders/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [line("fries-regular", "fries", 2)] }),
      });
      assert.equal(created.status, 201);
      const order = (await created.json()) as Json;
      await service.kill();

      const db = await openDb({ dataDir });
      try {
        const { rows } = await db.query<{ quantity: number }>("SELECT quantity FROM line_items WHERE order_id = $1", [order.id]);
        assert.deepEqual(rows, [{ quantity: 2 }]);
      } finally {
        await db.close();
      }
    } finally {
      await service.kill();
    }
  });
});
