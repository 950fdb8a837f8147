/**
 * `npm run bench:build-all -- [--businesses N] [--workers 1,2]`: businesses per hour through `build:all`
 * (server/src/publish/build-all.ts) with one worker and with two, on real builds (PUBLISH_BUILD_COMMAND, by default
 * server/scripts/build-version.mjs, each worker in `.data/build-workers/<n>/`), and where each build's time went.
 * The businesses are made from the samples, half the salon and half the restaurant, each with an id and a name
 * of its own; the database is an in-memory PGlite, the versions go to a temporary SITES_DIR. Every run builds
 * every business (the code hash is salted per run, so nothing is skipped). Heavy: run it alone,
 * `flock /tmp/mainstreet-heavy.lock npm run bench:build-all` on a shared machine.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { loadConfig } from "../../server/src/config";
import { openDb } from "../../server/src/db/db";
import { applyMigrations } from "../../server/src/db/migrate";
import { buildAll, summaryLine, workDirUnder, type BuildAllReport } from "../../server/src/publish/build-all";
import { codeHash } from "../../server/src/publish/fingerprint";
import { PublishService } from "../../server/src/publish/publish.service";
import { jobLog, latestJobs } from "../../server/src/publish/publish.store";
import { SiteService, dataFileAt } from "../../server/src/site/site.service";
import { markdownTable } from "../audit/report";
import { gatsbyPhases } from "./publish-timings";

const REPO_ROOT = path.resolve(__dirname, "../..");
const SAMPLES = { salon: path.join(REPO_ROOT, "data", "salon", "business.json"), restaurant: path.join(REPO_ROOT, "data", "restaurant", "business.json") };
const POLL_MS = 500;
const say = (line: string) => process.stdout.write(`${line}\n`);

const ArgsSchema = z.object({
  businesses: z.coerce.number().int().min(1).max(40).default(4),
  workers: z
    .string()
    .default("1,2")
    .transform((list) => list.split(",").map(Number))
    .pipe(z.array(z.number().int().min(1).max(8)).min(1)),
});

function parseArgs(argv: readonly string[]): z.infer<typeof ArgsSchema> {
  const raw: Record<string, string> = {};
  for (let index = 0; index < argv.length; index += 1) {
    const match = /^--(businesses|workers)(?:=(.*))?$/.exec(argv[index]);
    if (!match) throw new Error(`expected --businesses N or --workers 1,2, got ${JSON.stringify(argv[index])}`);
    raw[match[1]] = match[2] ?? argv[++index];
  }
  const parsed = ArgsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`).join("\n"));
  return parsed.data;
}

/** Business n: a copy of a sample with an id and a name of its own, in a folder with the sample's images. */
function writeBusiness(tmp: string, index: number): string {
  const kind = index % 2 === 0 ? "salon" : "restaurant";
  const sample = SAMPLES[kind];
  const document = JSON.parse(fs.readFileSync(sample, "utf8")) as Record<string, unknown>;
  const id = `bench-${kind}-${index + 1}`;
  if ("_id" in document) document._id = id;
  else document.id = id;
  document.name = `${String(document.name)} ${index + 1}`;
  delete document.$schema;
  const dir = path.join(tmp, id);
  fs.cpSync(path.join(path.dirname(sample), "images"), path.join(dir, "images"), { recursive: true });
  fs.writeFileSync(path.join(dir, "business.json"), `${JSON.stringify(document, null, 2)}\n`);
  return path.join(dir, "business.json");
}

interface BuildRow {
  business: string;
  worker: number;
  claimToLive: number;
  gatsby: number | null;
  phases: string;
}

async function buildRows(db: Parameters<typeof latestJobs>[0], report: BuildAllReport, moments: Map<string, { claimed?: number; live?: number }>): Promise<BuildRow[]> {
  const rows: BuildRow[] = [];
  for (const business of report.built) {
    const [job] = await latestJobs(db, business, "publish", 1);
    const log = (await jobLog(db, job.id)) ?? "";
    const said = moments.get(job.id) ?? {};
    const gatsby = /Done building in (\d+(?:\.\d+)?) sec/.exec(log);
    const top = gatsbyPhases(log)
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 3)
      .map((phase) => `${phase.name} ${phase.seconds.toFixed(1)}`)
      .join("; ");
    rows.push({ business, worker: report.builtBy[business], claimToLive: ((said.live ?? 0) - (said.claimed ?? 0)) / 1000, gatsby: gatsby ? Number(gatsby[1]) : null, phases: top });
  }
  return rows;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig(process.env);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mainstreet-bench-build-all-"));
  const sitesDir = path.join(tmp, "sites");
  const db = await openDb({ dataDir: "memory://" });
  await applyMigrations(db);
  const clock = () => new Date();
  const site = new SiteService({ db, clock });
  for (let index = 0; index < args.businesses; index += 1) await site.importFile(dataFileAt(writeBusiness(tmp, index)));
  const moments = new Map<string, { claimed?: number; live?: number }>();
  const note = (key: "claimed" | "live", fields: Record<string, unknown>) => moments.set(String(fields.job), { ...moments.get(String(fields.job)), [key]: Date.now() });
  const code = codeHash(REPO_ROOT);
  const summary: string[][] = [];
  const details: string[] = [];
  try {
    for (const workers of args.workers) {
      say(`\n▶ ${args.businesses} businesses with ${workers} worker${workers === 1 ? "" : "s"}…`);
      const report = await buildAll({
        db,
        service: new PublishService({ db, clock, sitesDir }),
        clock,
        log: {
          info: (fields, message) => {
            if (message === "publish: building") note("claimed", fields);
            if (message === "publish: live") note("live", fields);
          },
          warn: (fields, message) => say(`  worker: ${message} ${JSON.stringify(fields)}`),
        },
        sitesDir,
        workers,
        buildCommand: config.PUBLISH_BUILD_COMMAND,
        buildCwd: REPO_ROOT,
        workDirOf: workDirUnder(REPO_ROOT),
        // Salted per run, so every business is built again (as after a change to the code).
        code: createHash("sha256").update(`${code}:${workers}`).digest("hex"),
        env: process.env,
        leaseMs: config.PUBLISH_LEASE_SECONDS * 1000,
        buildTimeoutMs: Math.max(config.PUBLISH_BUILD_TIMEOUT_SECONDS, 1800) * 1000,
        pollMs: POLL_MS,
      });
      say(summaryLine(report));
      for (const failure of report.failed) say(`failed: ${failure.business}: ${failure.reason}`);
      const rows = await buildRows(db, report, moments);
      const table = markdownTable(
        ["business", "worker", "claim → live, s", "gatsby, s", "Gatsby's longest phases, s"],
        rows.map((row) => [row.business, String(row.worker), row.claimToLive.toFixed(1), row.gatsby?.toFixed(1) ?? "–", row.phases]),
      );
      say(table);
      details.push(`## ${workers} worker${workers === 1 ? "" : "s"}\n\n${table}`);
      const perHour = report.built.length / (report.seconds / 3600);
      summary.push([String(workers), String(report.built.length), report.seconds.toFixed(1), perHour.toFixed(1)]);
    }
  } finally {
    await db.close();
  }
  const table = markdownTable(["workers", "businesses built", "wall time, s", "businesses per hour"], summary);
  say(`\n${table}`);
  fs.mkdirSync(path.join(REPO_ROOT, "audit"), { recursive: true });
  fs.writeFileSync(path.join(REPO_ROOT, "audit", "bench-build-all.md"), `# npm run bench:build-all\n\n${table}\n\n${details.join("\n\n")}\n`);
  fs.rmSync(tmp, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:build-all: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
