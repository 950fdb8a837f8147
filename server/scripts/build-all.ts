/**
 * `npm run build:all -- [--workers N]`
 *
 * Builds every business in the service's database whose data, recipe or code changed since its live version
 * (docs/publishing.md "Building every site"): each is published through the publish queue, as the workspace's
 * Publish does, and N workers (default 1) build the jobs at once, worker n in `.data/build-workers/<n>/`. Prints
 * "N built, M skipped (unchanged), K failed" and one line per failure; exits 1 when a build failed. Uses the
 * service's database (DATABASE_URL, or PGlite's DATA_DIR: stop the service first, or use PostgreSQL).
 */
import { resolve } from "node:path";
import { z } from "zod";
import { ConfigError, loadConfig } from "../src/config";
import { DataDirBusyError } from "../src/db/data-dir-lock";
import { buildAll, summaryLine, workDirUnder } from "../src/publish/build-all";
import { codeHash } from "../src/publish/fingerprint";
import { PublishService } from "../src/publish/publish.service";
import type { WorkerLog } from "../src/publish/publish.worker";
import { openServiceDb } from "../src/site/service-db";

const POLL_MS = 2_000;

/** A command line this script does not take: its message is the whole answer. */
class UsageError extends Error {}

const ArgsSchema = z.object({
  workers: z.coerce.number({ message: "--workers: expected a whole number of workers, like 2" }).int("--workers: expected a whole number of workers, like 2").min(1, "--workers: expected at least 1").max(16, "--workers: expected at most 16").default(1),
  quiet: z.boolean().default(false),
});

function parseArgs(argv: readonly string[]): z.infer<typeof ArgsSchema> {
  const raw: Record<string, unknown> = {};
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === "--workers") raw.workers = argv[++index];
    else if (arg.startsWith("--workers=")) raw.workers = arg.slice("--workers=".length);
    else if (arg === "--quiet") raw.quiet = true;
    else throw new UsageError(`unknown argument ${arg}: expected --workers N or --quiet`);
  }
  const parsed = ArgsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => issue.message).join("\n"));
  return parsed.data;
}

const line = (level: string) => (fields: Record<string, unknown>, message: string) =>
  process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields })}\n`);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig(process.env);
  const log: WorkerLog = args.quiet ? { info: () => undefined, warn: line("warn") } : { info: line("info"), warn: line("warn") };
  const { db } = await openServiceDb(config);
  const root = process.cwd();
  const sitesDir = resolve(config.SITES_DIR);
  try {
    const report = await buildAll({
      db,
      service: new PublishService({ db, clock: () => new Date(), sitesDir }),
      clock: () => new Date(),
      log,
      sitesDir,
      workers: args.workers,
      buildCommand: config.PUBLISH_BUILD_COMMAND,
      buildCwd: root,
      workDirOf: workDirUnder(root),
      code: codeHash(root),
      env: process.env,
      leaseMs: config.PUBLISH_LEASE_SECONDS * 1000,
      buildTimeoutMs: config.PUBLISH_BUILD_TIMEOUT_SECONDS * 1000,
      pollMs: POLL_MS,
    });
    process.stdout.write(`${summaryLine(report)} in ${report.seconds.toFixed(1)} s with ${args.workers} worker${args.workers === 1 ? "" : "s"}\n`);
    for (const failure of report.failed) process.stdout.write(`failed: ${failure.business}: ${failure.reason}\n`);
    process.exitCode = report.failed.length > 0 ? 1 : 0;
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirBusyError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`build:all failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
