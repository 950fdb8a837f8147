/**
 * `npm run bench:api` (a benchmark, not a test): full order flows against the service as `npm start`
 * runs it (its own process, PGlite in a data directory), at 1, 16 and 64 concurrent clients, then the
 * same on PostgreSQL when DATABASE_URL is set (`npm run bench:api` goes through with-postgres.sh, which
 * sets it). A flow is what a visitor's checkout does: create the order, add a line, customer,
 * fulfillment, tip, card, start and close the checkout, read the order. Meanwhile a probe reads
 * /api/health every 250 ms: its latency shows whether reads wait behind writes.
 *
 * Prints p50/p99 per call and flows per second for each level as a Markdown table (docs/api.md
 * keeps the figures). BENCH_SECONDS (default 10) per level, BENCH_LEVELS (default 1,16,64).
 *
 * `npm run bench:api -- --businesses 1000` measures many businesses in one service instead: start time, memory
 * and orders per second at 1, 100 and 1,000 generated businesses (benchBusinesses below; BENCH_CLIENTS, default
 * 32, clients per cell).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDb, type Db } from "../src/db/db";
import { applyMigrations } from "../src/db/migrate";
import { startServiceProcess } from "../test/helpers";
import { generatedBusiness, generatedId, generatedProduct, storeLiveBusinesses, writeGeneratedBusinesses } from "../test/many-businesses";

const ROOT = resolve(__dirname, "..", "..");
const FIXTURE = join(ROOT, "server", "test", "fixtures", "bistro.json");
const BISTRO_PRODUCT = "prod-bistro";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LEVELS = (process.env.BENCH_LEVELS ?? "1,16,64").split(",").map(Number);
/** Clients of each many-businesses cell, split between the replicas. */
const BUSINESS_CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const WARM_UP_SECONDS = 2;
const CALLS = ["POST orders/", "POST items/", "PUT customers/", "PUT fulfillments/", "PUT attributes/", "PUT payment-source/", "POST checkouts/", "POST close/", "GET orders/{id}/", "GET health (probe)"] as const;
type Call = (typeof CALLS)[number];

/** The service in its own process, as `npm start` runs it (the same starter the process tests use). */
function startService(env: Record<string, string>) {
  return startServiceProcess({ LOG_LEVEL: "error", SITE_DATA: FIXTURE, PUBLIC_DIR: join(tmpdir(), "mainstreet-no-site"), RATE_LIMIT_ORDERS_PER_MINUTE: "1000000", ...env });
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);

/**
 * `clients` clients placing full order flows for SECONDS: client i calls `bases[i % bases.length]` (replicas share
 * the clients), and each flow orders from a business picked at random among `products`.
 */
async function runLevel(bases: readonly string[], clients: number, products: readonly string[] = [BISTRO_PRODUCT], seconds = SECONDS): Promise<{ flows: number; failures: number; latencies: Map<Call, number[]> }> {
  const base = bases[0];
  const latencies = new Map<Call, number[]>(CALLS.map((call) => [call, []]));
  const deadline = Date.now() + seconds * 1000;
  let flows = 0;
  let failures = 0;
  const timed = async (call: Call, method: string, path: string, body?: unknown, token?: string, at = base): Promise<Record<string, unknown> | null> => {
    const started = performance.now();
    const response = await fetch(`${at}/api/${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await response.json()) as Record<string, unknown>;
    latencies.get(call)!.push(performance.now() - started);
    return response.ok ? parsed : null;
  };
  // Every flow picks the first scheduled pickup time offered when the level starts (as soon as possible
  // is refused while the fixture is closed, and the benchmark runs at any hour).
  const setup = await timed("POST orders/", "POST", "orders/", { merchant_product: products[0], merchant_location: "loc-main", line_items: [] });
  const offered = setup ? await fetch(`${base}/api/orders/${setup.id as string}/fulfillment-slots/?method=pickup`, { headers: { authorization: `Bearer ${setup.session_token as string}` } }).then((response) => response.json()) : null;
  const first = (offered as { days?: { slots: { start: string; available: boolean }[] }[] } | null)?.days?.flatMap((day) => day.slots).find((slot) => slot.available);
  if (!first) throw new Error("bench: the fixture offers no pickup time in its days ahead");
  const fulfillment = { method: "pickup", scheduled_for: first.start };
  const flow = async (at: string): Promise<boolean> => {
    const product = products[Math.floor(Math.random() * products.length)];
    const order = await timed("POST orders/", "POST", "orders/", { merchant_product: product, merchant_location: "loc-main", line_items: [{ selected_variation: { id: "burger-double", menu_item: "burger" }, selected_modifiers: [{ id: "mod-medium" }], quantity: 1 }] }, undefined, at);
    if (!order) return false;
    const id = order.id as string;
    const token = order.session_token as string;
    const steps: [Call, string, string, unknown][] = [
      ["POST items/", "POST", `orders/${id}/items/`, { line_items: [{ selected_variation: { id: "fries-regular", menu_item: "fries" }, selected_modifiers: [], quantity: 1 }] }],
      ["PUT customers/", "PUT", `orders/${id}/customers/`, { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "212-555-0199" }],
      ["PUT fulfillments/", "PUT", `orders/${id}/fulfillments/`, fulfillment],
      ["PUT attributes/", "PUT", `orders/${id}/attributes/`, { tip_percentage: 15, instructions: "" }],
      ["PUT payment-source/", "PUT", `orders/${id}/payment-source/`, { token: "tok_test_visa", provider_id: "test", default: false }],
    ];
    for (const [call, method, path, body] of steps) if (!(await timed(call, method, path, body, token, at))) return false;
    const checkout = await timed("POST checkouts/", "POST", "checkouts/", { order_uuid: id }, token, at);
    if (!checkout) return false;
    if (!(await timed("POST close/", "POST", `checkouts/${checkout.id as string}/close/`, undefined, token, at))) return false;
    return (await timed("GET orders/{id}/", "GET", `orders/${id}/`, undefined, token, at)) !== null;
  };
  let probing = true;
  const probe = (async () => {
    while (probing) {
      await timed("GET health (probe)", "GET", "health");
      await new Promise((done) => setTimeout(done, 250));
    }
  })();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (Date.now() < deadline) {
        if (await flow(bases[client % bases.length]).catch(() => false)) flows += 1;
        else failures += 1;
      }
    }),
  );
  probing = false;
  await probe;
  return { flows, failures, latencies };
}

async function benchEngine(label: string, env: Record<string, string>): Promise<string[]> {
  const { base, child } = await startService(env);
  const rows: string[] = [];
  try {
    await runLevel([base], 4); // warm-up: JIT, pool, caches
    for (const clients of LEVELS) {
      const { flows, failures, latencies } = await runLevel([base], clients);
      const cells = CALLS.map((call) => {
        const sorted = [...latencies.get(call)!].sort((a, b) => a - b);
        return `${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 99).toFixed(0)}`;
      });
      rows.push(`| ${label} | ${clients} | ${(flows / SECONDS).toFixed(1)} | ${failures} | ${cells.join(" | ")} |`);
      console.log(rows[rows.length - 1]);
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((done) => child.once("exit", done));
  }
  return rows;
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number | undefined): number {
  const status = pid === undefined ? "" : readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Businesses `from`..`to` (1-based) stored as live revisions, as merchant:import and a publish leave them. */
async function storeGenerated(db: Db, from: number, to: number): Promise<void> {
  const documents = Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => generatedBusiness(from + index));
  await storeLiveBusinesses(db, documents, new Date());
}

interface Setup {
  engine: "PGlite" | "PostgreSQL";
  replicas: number;
  source: "database" | "folder";
  env: Record<string, string>;
}

/**
 * One cell of the many-businesses table: the replicas started one after the other (start time to the first
 * healthy answer, memory then), a short warm-up, then BUSINESS_CLIENTS clients split between the replicas
 * ordering from businesses picked at random among `count`, and memory again.
 */
async function businessCell(setup: Setup, count: number): Promise<string> {
  const services: Awaited<ReturnType<typeof startService>>[] = [];
  try {
    const starts: number[] = [];
    for (let replica = 0; replica < setup.replicas; replica += 1) {
      const started = performance.now();
      services.push(await startService(setup.env));
      starts.push((performance.now() - started) / 1000);
    }
    const rssStart = services.map((service) => rssMb(service.child.pid));
    const bases = services.map((service) => service.base);
    const products = Array.from({ length: count }, (_, index) => generatedProduct(index + 1));
    await runLevel(bases, 4, products, WARM_UP_SECONDS);
    const { flows, failures, latencies } = await runLevel(bases, BUSINESS_CLIENTS, products);
    const rssLoad = services.map((service) => rssMb(service.child.pid));
    const p = (call: Call) => {
      const sorted = [...latencies.get(call)!].sort((a, b) => a - b);
      return `${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 99).toFixed(0)}`;
    };
    const each = (values: number[], digits: number) => values.map((value) => value.toFixed(digits)).join(" + ");
    const row = `| ${setup.engine} | ${setup.replicas} | ${setup.source} | ${count.toLocaleString("en-US")} | ${each(starts, 1)} | ${each(rssStart, 0)} | ${each(rssLoad, 0)} | ${(flows / SECONDS).toFixed(1)} | ${failures} | ${p("POST orders/")} | ${p("POST close/")} | ${p("GET health (probe)")} |`;
    console.log(row);
    return row;
  } finally {
    for (const service of services) {
      service.child.kill("SIGTERM");
      await new Promise((done) => service.child.once("exit", done));
    }
  }
}

/**
 * `npm run bench:api -- --businesses N`: start time, memory and orders per second at 1, 100 and N generated
 * businesses, read from the database (live revisions) on PGlite, PostgreSQL and two PostgreSQL replicas, and
 * from a SITE_DATA folder of business folders on PGlite (seeded as revisions on that first start).
 */
async function benchBusinesses(max: number): Promise<void> {
  const counts = [...new Set([1, 100, max].filter((count) => count <= max))];
  console.log(`bench:api --businesses ${max} — ${BUSINESS_CLIENTS} clients for ${SECONDS} s per cell; start in s and RSS in MB per replica; latency cells are p50 / p99 in ms\n`);
  const header = [
    "| engine | replicas | businesses from | businesses | start (s) | RSS after start | RSS after load | orders/s | failed | POST orders/ | POST close/ | GET health |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  console.log(header.join("\n"));
  const work = mkdtempSync(join(tmpdir(), "mainstreet-bench-businesses-"));
  const rows: string[] = [];
  const postgres = process.env.DATABASE_URL ? await openDb({ databaseUrl: process.env.DATABASE_URL }) : null;
  try {
    if (postgres) await applyMigrations(postgres);
    const folder = join(work, "businesses");
    writeGeneratedBusinesses(folder, max);
    // The one file SITE_DATA names when the businesses come from the database: the first of them, so every
    // cell serves exactly `count` businesses (its live revision wins over the file).
    const first = join(folder, generatedId(1), "business.json");
    let storedInPostgres = 0;
    for (const count of counts) {
      const dataDir = join(work, `pglite-${count}`);
      const local = await openDb({ dataDir });
      await applyMigrations(local);
      await storeGenerated(local, 1, count);
      await local.close();
      const quiet = { PUBLISH_WORKER: "off", SITES_DIR: join(work, "sites") };
      rows.push(await businessCell({ engine: "PGlite", replicas: 1, source: "database", env: { ...quiet, DATABASE_URL: "", DATA_DIR: dataDir, SITE_DATA: first } }, count));
      const subset = join(work, `folder-${count}`);
      mkdirSync(subset);
      for (let n = 1; n <= count; n += 1) symlinkSync(join(folder, generatedId(n)), join(subset, generatedId(n)));
      rows.push(await businessCell({ engine: "PGlite", replicas: 1, source: "folder", env: { ...quiet, DATABASE_URL: "", DATA_DIR: join(work, `pglite-folder-${count}`), SITE_DATA: subset } }, count));
      if (!postgres) continue;
      await storeGenerated(postgres, storedInPostgres + 1, count);
      storedInPostgres = count;
      for (const replicas of [1, 2]) {
        rows.push(await businessCell({ engine: "PostgreSQL", replicas, source: "database", env: { ...quiet, DATABASE_URL: process.env.DATABASE_URL as string, SITE_DATA: first } }, count));
      }
    }
  } finally {
    await postgres?.close();
    rmSync(work, { recursive: true, force: true });
  }
  if (!postgres) console.log("PostgreSQL: skipped (DATABASE_URL not set; `npm run bench:api` starts one through with-postgres.sh)");
  console.log(`\n${[...header, ...rows].join("\n")}`);
}

async function main(): Promise<void> {
  const businesses = process.argv.indexOf("--businesses");
  if (businesses !== -1) {
    const max = Number(process.argv[businesses + 1]);
    if (!Number.isInteger(max) || max < 1) throw new Error(`--businesses: expected a whole number of businesses >= 1, got ${JSON.stringify(process.argv[businesses + 1])}`);
    await benchBusinesses(max);
    return;
  }
  console.log(`bench:api — ${SECONDS} s per level; cells are p50 / p99 in ms\n`);
  const header = [`| engine | clients | flows/s | failed flows | ${CALLS.join(" | ")} |`, `|---|---|---|---|${CALLS.map(() => "---").join("|")}|`];
  console.log(header.join("\n"));
  const dataDir = mkdtempSync(join(tmpdir(), "mainstreet-bench-"));
  const rows: string[] = [];
  try {
    rows.push(...(await benchEngine("PGlite", { DATABASE_URL: "", DATA_DIR: dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) rows.push(...(await benchEngine("PostgreSQL", { DATABASE_URL: process.env.DATABASE_URL })));
  else console.log("PostgreSQL: skipped (DATABASE_URL not set; `npm run bench:api` starts one through with-postgres.sh)");
  console.log(`\n${[...header, ...rows].join("\n")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
