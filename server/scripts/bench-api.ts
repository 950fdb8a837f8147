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
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startServiceProcess } from "../test/helpers";

const ROOT = resolve(__dirname, "..", "..");
const FIXTURE = join(ROOT, "server", "test", "fixtures", "bistro.json");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LEVELS = (process.env.BENCH_LEVELS ?? "1,16,64").split(",").map(Number);
const CALLS = ["POST orders/", "POST items/", "PUT customers/", "PUT fulfillments/", "PUT attributes/", "PUT payment-source/", "POST checkouts/", "POST close/", "GET orders/{id}/", "GET health (probe)"] as const;
type Call = (typeof CALLS)[number];

/** The service in its own process, as `npm start` runs it (the same starter the process tests use). */
function startService(env: Record<string, string>) {
  return startServiceProcess({ LOG_LEVEL: "error", SITE_DATA: FIXTURE, PUBLIC_DIR: join(tmpdir(), "mainstreet-no-site"), RATE_LIMIT_ORDERS_PER_MINUTE: "1000000", ...env });
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);

async function runLevel(base: string, clients: number): Promise<{ flows: number; failures: number; latencies: Map<Call, number[]> }> {
  const latencies = new Map<Call, number[]>(CALLS.map((call) => [call, []]));
  const deadline = Date.now() + SECONDS * 1000;
  let flows = 0;
  let failures = 0;
  const timed = async (call: Call, method: string, path: string, body?: unknown, token?: string): Promise<Record<string, unknown> | null> => {
    const started = performance.now();
    const response = await fetch(`${base}/api/${path}`, {
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
  const setup = await timed("POST orders/", "POST", "orders/", { merchant_product: "prod-bistro", merchant_location: "loc-main", line_items: [] });
  const offered = setup ? await fetch(`${base}/api/orders/${setup.id as string}/fulfillment-slots/?method=pickup`, { headers: { authorization: `Bearer ${setup.session_token as string}` } }).then((response) => response.json()) : null;
  const first = (offered as { days?: { slots: { start: string; available: boolean }[] }[] } | null)?.days?.flatMap((day) => day.slots).find((slot) => slot.available);
  if (!first) throw new Error("bench: the fixture offers no pickup time in its days ahead");
  const fulfillment = { method: "pickup", scheduled_for: first.start };
  const flow = async (): Promise<boolean> => {
    const order = await timed("POST orders/", "POST", "orders/", { merchant_product: "prod-bistro", merchant_location: "loc-main", line_items: [{ selected_variation: { id: "burger-double", menu_item: "burger" }, selected_modifiers: [{ id: "mod-medium" }], quantity: 1 }] });
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
    for (const [call, method, path, body] of steps) if (!(await timed(call, method, path, body, token))) return false;
    const checkout = await timed("POST checkouts/", "POST", "checkouts/", { order_uuid: id }, token);
    if (!checkout) return false;
    if (!(await timed("POST close/", "POST", `checkouts/${checkout.id as string}/close/`, undefined, token))) return false;
    return (await timed("GET orders/{id}/", "GET", `orders/${id}/`, undefined, token)) !== null;
  };
  let probing = true;
  const probe = (async () => {
    while (probing) {
      await timed("GET health (probe)", "GET", "health");
      await new Promise((done) => setTimeout(done, 250));
    }
  })();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        if (await flow().catch(() => false)) flows += 1;
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
    await runLevel(base, 4); // warm-up: JIT, pool, caches
    for (const clients of LEVELS) {
      const { flows, failures, latencies } = await runLevel(base, clients);
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

async function main(): Promise<void> {
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
