/**
 * `npm run bench:publish`: the time from Publish to live through the real queue, build worker and build
 * (PUBLISH_BUILD_COMMAND, by default server/scripts/build-version.mjs), for the salon and for a generated
 * 2,000-item restaurant (generate-large-business.ts), cold (Gatsby's cache removed first) and warm (the owner
 * changes one price and publishes again), and where the time goes. The database is an in-memory PGlite, the
 * versions go to a temporary SITES_DIR; the build runs in this checkout (public/ and .cache/ as npm run build).
 * Run it alone: `flock /tmp/mainstreet-heavy.lock npm run bench:publish` on a shared machine.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { validateBusiness } from "@mainstreet/rules/business/load";
import { planPages } from "@mainstreet/rules/site/page-plan";
import { loadConfig } from "../../server/src/config";
import { openDb, type Db } from "../../server/src/db/db";
import { applyMigrations } from "../../server/src/db/migrate";
import { jobLog, jobOf } from "../../server/src/publish/publish.store";
import { PublishService } from "../../server/src/publish/publish.service";
import { PublishWorker } from "../../server/src/publish/publish.worker";
import { SiteService, dataFileAt } from "../../server/src/site/site.service";
import { generateLargeBusiness } from "./generate-large-business";
import { publishTimings, summaryTable, timingsTable, type PublishTimings, type SummaryRow } from "./publish-timings";

const REPO_ROOT = path.resolve(__dirname, "../..");
const SALON = path.join(REPO_ROOT, "data", "salon", "business.json");
const RESTAURANT = path.join(REPO_ROOT, "data", "restaurant", "business.json");
const AUDIT_DIR = path.join(REPO_ROOT, "audit");
const TIMED_COMMAND = path.join(REPO_ROOT, "scripts", "bench", "timed-command.mjs");
/** As the service's own worker looks for jobs (server/src/main.ts). */
const POLL_MS = 2_000;
const say = (line: string) => process.stdout.write(`${line}\n`);

const USAGE = `Usage: npm run bench:publish -- [--only salon|large] [--no-cold]

  --only      one business: the salon or the generated 2,000-item restaurant
  --no-cold   skip the cold publish (Gatsby's cache removed first): warm publishes only

Prints the tables and writes audit/bench-publish.md (and each build's log beside it).`;

interface Options {
  only: "salon" | "large" | null;
  cold: boolean;
  help: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { only: null, cold: true, help: false };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    if (flag === "--no-cold") options.cold = false;
    else if (flag === "--help" || flag === "-h") options.help = true;
    else if (flag === "--only" && (argv[index + 1] === "salon" || argv[index + 1] === "large")) {
      options.only = argv[index + 1] as "salon" | "large";
      index += 1;
    } else throw new Error(`expected --only salon|large, --no-cold or --help, got ${JSON.stringify(flag)}${flag === "--only" ? ` ${JSON.stringify(argv[index + 1] ?? null)}` : ""}`);
  }
  return options;
}

interface Bench {
  db: Db;
  site: SiteService;
  publish: PublishService;
  worker: PublishWorker;
  /** When the worker said it claimed a job and when it said the job went live, by job id. */
  said: Map<string, { claimed?: number; live?: number }>;
  /** Each publish's table, for the written report. */
  details: string[];
}

/** The business as the database holds it after an import of `text` (its images beside `file`). */
async function importText(bench: Bench, file: string, text: string): Promise<string> {
  fs.writeFileSync(file, text);
  const outcome = await bench.site.importFile(dataFileAt(file));
  return outcome.businessId;
}

async function waitForJob(bench: Bench, businessId: string, id: string): Promise<void> {
  for (;;) {
    const job = await jobOf(bench.db, businessId, id);
    if (job?.status === "failed") throw new Error(`the publish failed: ${job.message ?? ""}\n${((await jobLog(bench.db, id)) ?? "").slice(-4000)}`);
    if (job?.status === "live" && bench.said.get(id)?.live !== undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Publish, wait until live, and read where the time went. */
async function publishOnce(bench: Bench, businessId: string, label: string): Promise<PublishTimings> {
  say(`\n▶ ${label}: Publish…`);
  const queued = Date.now();
  const { id } = await bench.publish.publish(businessId);
  await waitForJob(bench, businessId, id);
  const said = bench.said.get(id) as { claimed: number; live: number };
  const log = (await jobLog(bench.db, id)) ?? "";
  const timings = publishTimings({ queued, claimed: said.claimed, live: said.live }, log);
  // The whole build log beside the report, to read what a phase did.
  fs.mkdirSync(AUDIT_DIR, { recursive: true });
  fs.writeFileSync(path.join(AUDIT_DIR, `bench-publish-${label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "").toLowerCase()}.log`), log);
  const table = timingsTable(timings);
  say(table);
  bench.details.push(`## ${label}\n\n${table}`);
  return timings;
}

/** A copy of the document with its first item's first price one dollar higher: the owner's small change. */
function priceChanged(text: string): string {
  const document = JSON.parse(text) as { menu: { items: { variations: { price: number | string }[] }[] } };
  const variation = document.menu.items[0].variations[0];
  variation.price = (Math.round(Number(variation.price) * 100) + 100) / 100;
  return `${JSON.stringify(document, null, 2)}\n`;
}

function cleanGatsby(): void {
  for (const dir of [".cache", "public"]) fs.rmSync(path.join(REPO_ROOT, dir), { recursive: true, force: true });
}

async function benchBusiness(bench: Bench, name: string, dir: string, text: string, cold: boolean): Promise<SummaryRow> {
  const validated = validateBusiness(JSON.parse(text), name);
  if (!validated.ok) throw new Error(`${name} does not pass the data contract:\n${validated.problems.join("\n")}`);
  const file = path.join(dir, "business.json");
  const businessId = await importText(bench, file, text);
  let coldRun: PublishTimings | null = null;
  if (cold) {
    cleanGatsby();
    coldRun = await publishOnce(bench, businessId, `${name}, cold (Gatsby's cache removed)`);
  } else {
    // The warm figure needs a build of this business before it; this one is not reported.
    await publishOnce(bench, businessId, `${name}, first publish (to warm the cache; not reported)`);
  }
  await importText(bench, file, priceChanged(text));
  const warmRun = await publishOnce(bench, businessId, `${name}, warm (one price changed)`);
  return { name, items: validated.business.menu.items.length, pages: planPages(validated.business).pages.length, cold: coldRun, warm: warmRun };
}

/** A folder with the sample's images and nothing else: the business file is written beside them. */
function dataFolder(tmp: string, name: string, sample: string): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(path.dirname(sample), "images"), path.join(dir, "images"), { recursive: true });
  return dir;
}

async function run(options: Options, tmp: string): Promise<{ rows: SummaryRow[]; details: string[] }> {
  const config = loadConfig(process.env);
  const db = await openDb({ dataDir: "memory://" });
  await applyMigrations(db);
  const clock = () => new Date();
  const said = new Map<string, { claimed?: number; live?: number }>();
  const note = (key: "claimed" | "live") => (fields: Record<string, unknown>) => {
    const id = String(fields.job);
    said.set(id, { ...said.get(id), [key]: Date.now() });
  };
  const worker = new PublishWorker({
    db,
    clock,
    log: {
      info: (fields, message) => {
        if (message === "publish: building") note("claimed")(fields);
        if (message === "publish: live") note("live")(fields);
      },
      warn: (fields, message) => say(`  worker: ${message} ${JSON.stringify(fields)}`),
    },
    sitesDir: path.join(tmp, "sites"),
    buildCommand: [process.execPath, TIMED_COMMAND, ...config.PUBLISH_BUILD_COMMAND],
    buildCwd: REPO_ROOT,
    leaseMs: config.PUBLISH_LEASE_SECONDS * 1000,
    // A cold build of the large business on a busy 2-core machine may pass the service's default.
    buildTimeoutMs: Math.max(config.PUBLISH_BUILD_TIMEOUT_SECONDS, 3600) * 1000,
  });
  const bench: Bench = { db, site: new SiteService({ db, clock }), publish: new PublishService({ db, clock, sitesDir: path.join(tmp, "sites") }), worker, said, details: [] };
  worker.start(POLL_MS);
  const rows: SummaryRow[] = [];
  try {
    if (options.only !== "large") {
      rows.push(await benchBusiness(bench, "salon", dataFolder(tmp, "salon", SALON), fs.readFileSync(SALON, "utf8"), options.cold));
    }
    if (options.only !== "salon") {
      const large = generateLargeBusiness(JSON.parse(fs.readFileSync(RESTAURANT, "utf8")) as Record<string, unknown>);
      rows.push(await benchBusiness(bench, "generated restaurant, 2,000 items", dataFolder(tmp, "large", RESTAURANT), `${JSON.stringify(large, null, 2)}\n`, options.cold));
    }
  } finally {
    await worker.stop();
    await db.close();
  }
  return { rows, details: bench.details };
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench:publish: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    say(USAGE);
    return 0;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mainstreet-bench-publish-"));
  try {
    const { rows, details } = await run(options, tmp);
    const note = `${os.cpus().length} CPUs (shared), Node ${process.versions.node}, build command: ${loadConfig(process.env).PUBLISH_BUILD_COMMAND.join(" ")}, the worker looking every ${POLL_MS / 1000} s.`;
    const summary = summaryTable(rows);
    say(`\n${summary}\n\n${note}`);
    fs.mkdirSync(AUDIT_DIR, { recursive: true });
    fs.writeFileSync(path.join(AUDIT_DIR, "bench-publish.md"), `# Publish benchmark\n\n${summary}\n\n${note}\n\n${details.join("\n\n")}\n`);
    say("\nWrote audit/bench-publish.md.");
    return 0;
  } catch (error) {
    process.stderr.write(`bench:publish: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code));
