/**
 * Order-creation benchmark (not a test): `POST /api/orders/` with two line items at 50 concurrent
 * connections, through the real HTTP stack, validation, catalog pricing and database writes.
 * Prints orders created per second and p50/p99 latency for embedded PGlite (in a data directory,
 * as `npm start` runs it) and, when DATABASE_URL is set, for PostgreSQL.
 *
 *   node --import tsx server/scripts/bench-api.ts                                  # PGlite only
 *   server/scripts/with-postgres.sh node --import tsx server/scripts/bench-api.ts  # both
 *
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) adjust the run.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { buildApp } from "../src/app";
import { botCheckOff } from "../src/bot-check/bot-check";
import { Catalog } from "../src/catalog/catalog";
import { loadConfig } from "../src/config";
import { openDb, type Db } from "../src/db/db";
import { applyMigrations } from "../src/db/migrate";
import { outboxOnlyMailer } from "../src/mail/mailer";
import { TestPaymentProvider } from "../src/payments/test-provider";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const FIXTURE = join(__dirname, "..", "test", "fixtures", "bistro.json");

const ORDER = JSON.stringify({
  merchant_product: "prod-bistro",
  merchant_location: "loc-main",
  line_items: [
    { selected_variation: { id: "burger-double", menu_item: "burger" }, selected_modifiers: [{ id: "mod-medium" }, { id: "mod-bacon" }], quantity: 2 },
    { selected_variation: { id: "fries-regular", menu_item: "fries" }, selected_modifiers: [], quantity: 1 },
  ],
});

async function bench(label: string, db: Db): Promise<void> {
  await applyMigrations(db);
  const config = loadConfig({ LOG_LEVEL: "silent", PUBLIC_DIR: join(tmpdir(), "mainstreet-no-site"), RATE_LIMIT_ORDERS_PER_MINUTE: "1000000" });
  const app = await buildApp({
    config,
    db,
    catalog: Catalog.fromFiles([FIXTURE]),
    mailer: outboxOnlyMailer,
    payments: new TestPaymentProvider(),
    botCheck: botCheckOff,
    dns: { resolveNs: async () => [], resolve4: async () => [], resolve6: async () => [] },
    logger: false,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/orders/`;
  try {
    const request = { url, method: "POST", headers: { "content-type": "application/json" }, body: ORDER };
    await autocannon({ ...request, connections: CONNECTIONS, duration: 2 }); // warm-up: JIT, pool, caches
    const before = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders");
    const result = await autocannon({ ...request, connections: CONNECTIONS, duration: SECONDS });
    const after = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders");
    const stored = after.rows[0].n - before.rows[0].n;
    console.log(
      [
        `${label}: ${CONNECTIONS} connections, ${SECONDS}s`,
        `  orders created: ${result["2xx"]} acknowledged (${(result["2xx"] / SECONDS).toFixed(0)}/s); ${stored} rows stored, including requests still in flight when the clock stopped`,
        `  latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
        `  non-2xx: ${result.non2xx}, errors: ${result.errors}, timeouts: ${result.timeouts}`,
      ].join("\n"),
    );
    if (stored < result["2xx"]) console.log(`  WARNING: ${result["2xx"]} orders acknowledged but only ${stored} stored`);
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "mainstreet-bench-"));
  const lite = await openDb({ dataDir: dir });
  try {
    await bench("PGlite (data directory)", lite);
  } finally {
    await lite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const pg = await openDb({ databaseUrl: process.env.DATABASE_URL, schema: `bench_${randomBytes(4).toString("hex")}`, dropSchemaOnClose: true, poolSize: 20 });
    try {
      await bench("PostgreSQL", pg);
    } finally {
      await pg.close();
    }
  } else {
    console.log("PostgreSQL: skipped (DATABASE_URL not set; run through server/scripts/with-postgres.sh)");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
