import { join } from "node:path";
import type { Db } from "../db/db";
import { fingerprintOf } from "./fingerprint";
import { businessesToBuild, jobLog, jobOf } from "./publish.store";
import type { PublishService } from "./publish.service";
import { PublishWorker, type WorkerLog } from "./publish.worker";

/**
 * `npm run build:all` (docs/publishing.md "Building every site"): builds again every business whose live version
 * would build into something else today (its fingerprint differs: the code or the recipe changed, or it has none),
 * from its live revision, never an owner's unpublished draft (`PublishService.rebuild`), on the publish queue the
 * workspace's Publish uses, with N workers each in a site folder of its own, so N Gatsby builds really run at once.
 */

interface BuildAllOptions {
  db: Db;
  service: PublishService;
  clock: () => Date;
  log: WorkerLog;
  sitesDir: string;
  workers: number;
  buildCommand: readonly string[];
  /** The checkout the builds run from (its code is hashed once per run). */
  buildCwd: string;
  /** The site folder worker n (1-based) builds in, passed to the build as PUBLISH_BUILD_DIR. */
  workDirOf: (worker: number) => string;
  /** The build's code hash for this run (fingerprint.ts `codeHash(buildCwd)`). */
  code: string;
  /** The environment the builds see (SITE_RECIPE overrides every business's recipe). */
  env: Record<string, string | undefined>;
  leaseMs: number;
  buildTimeoutMs: number;
  /** How often to look again while a job of this run is built by a worker of another process. */
  pollMs: number;
}

interface BuildAllFailure {
  business: string;
  /** One line: what went wrong, from the build's log. */
  reason: string;
}

export interface BuildAllReport {
  built: string[];
  skipped: string[];
  failed: BuildAllFailure[];
  /** Which worker built each business (its number), for the bench. */
  builtBy: Record<string, number>;
  seconds: number;
}

/** The line of a failed build's log that says why: its last line naming a problem, else its last line. */
export function failureLine(log: string | null, message: string | null): string {
  const lines = (log ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !/^build exited with /.test(line));
  const problem = [...lines].reverse().find((line) => /error|expected|refused|stopped|wrote no|not in the database|could not/i.test(line));
  return (problem ?? lines.at(-1) ?? message ?? "the build failed").slice(0, 300);
}

/**
 * The businesses to build, each with its job: one whose publish is already waiting or building is followed (that
 * build uses today's code); one whose live version was built from something else than it would be now (its
 * fingerprint differs, or it has none) is built again from its live revision; one never published gets its draft.
 */
async function queueChanged(options: BuildAllOptions): Promise<{ jobs: Map<string, string>; skipped: string[] }> {
  const jobs = new Map<string, string>();
  const skipped: string[] = [];
  for (const row of await businessesToBuild(options.db)) {
    if (row.pending_publish) {
      jobs.set(row.business_id, row.pending_publish);
      continue;
    }
    const revision = row.live_revision ?? row.draft_revision;
    const now = await fingerprintOf(options.db, row.business_id, revision, { env: options.env, code: options.code });
    if (now !== null && now === row.live_fingerprint) {
      skipped.push(row.business_id);
      continue;
    }
    jobs.set(row.business_id, (await options.service.rebuild(row.business_id)).id);
  }
  return { jobs, skipped };
}

/** Whether every job of this run is live or failed. */
async function allFinished(db: Db, jobs: Map<string, string>): Promise<boolean> {
  for (const [business, id] of jobs) {
    const job = await jobOf(db, business, id);
    if (!job || job.status === "queued" || job.status === "building") return false;
  }
  return true;
}

export async function buildAll(options: BuildAllOptions): Promise<BuildAllReport> {
  const started = Date.now();
  const { jobs, skipped } = await queueChanged(options);
  const builtBy: Record<string, number> = {};
  const byId = new Map([...jobs].map(([business, id]) => [id, business]));
  const runWorker = async (number: number) => {
    const worker = new PublishWorker({
      db: options.db,
      clock: options.clock,
      log: options.log,
      sitesDir: options.sitesDir,
      buildCommand: options.buildCommand,
      buildCwd: options.buildCwd,
      leaseMs: options.leaseMs,
      buildTimeoutMs: options.buildTimeoutMs,
      workerId: `build-all:${process.pid}:${number}`,
      // The recipe override the fingerprints were taken with, and none when it is unset (an empty value is none).
      buildEnv: { PUBLISH_BUILD_DIR: options.workDirOf(number), SITE_RECIPE: options.env.SITE_RECIPE ?? "" },
      codeHash: () => options.code,
      onClaim: (id) => {
        const business = byId.get(id);
        if (business) builtBy[business] = number;
      },
    });
    // Other jobs on the queue (a workspace's publish or preview) are built too: they wait in the same line.
    while (!(await allFinished(options.db, jobs))) {
      if ((await worker.runOnce()) === "idle") await new Promise((resolvePromise) => setTimeout(resolvePromise, options.pollMs));
    }
  };
  if (jobs.size > 0) await Promise.all(Array.from({ length: options.workers }, (_, index) => runWorker(index + 1)));
  const report: BuildAllReport = { built: [], skipped, failed: [], builtBy, seconds: (Date.now() - started) / 1000 };
  for (const [business, id] of jobs) {
    const job = await jobOf(options.db, business, id);
    if (job?.status === "live") report.built.push(business);
    else report.failed.push({ business, reason: failureLine(await jobLog(options.db, id), job?.message ?? null) });
  }
  return report;
}

/** The site folder of build worker n under a checkout: `.data/build-workers/<n>/`. */
export const workDirUnder = (root: string) => (worker: number) => join(root, ".data", "build-workers", String(worker));

/** The report's summary line. */
export const summaryLine = (report: BuildAllReport) => `${report.built.length} built, ${report.skipped.length} skipped (unchanged), ${report.failed.length} failed`;
