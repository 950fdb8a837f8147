/**
 * `npm run build-worker`
 *
 * One more build worker on the service's publish queue (docs/publishing.md): it claims jobs with the
 * service's database (DATABASE_URL; PGlite's directory belongs to the running service, so extra workers need
 * PostgreSQL), builds them with PUBLISH_BUILD_COMMAND into SITES_DIR, and switches each business's live site.
 * Start as many as the machines have room for: the queue hands each job to one of them. Stops on SIGINT or
 * SIGTERM after the build in progress.
 */
import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../src/config";
import { DataDirBusyError } from "../src/db/data-dir-lock";
import { PublishWorker, type WorkerLog } from "../src/publish/publish.worker";
import { openServiceDb } from "../src/site/service-db";

const POLL_MS = 2_000;

const line = (level: string) => (fields: Record<string, unknown>, message: string) =>
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields })}\n`);
const log: WorkerLog = { info: line("info"), warn: line("warn") };

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { db, where } = await openServiceDb(config);
  const worker = new PublishWorker({
    db,
    clock: () => new Date(),
    log,
    sitesDir: resolve(config.SITES_DIR),
    buildCommand: config.PUBLISH_BUILD_COMMAND,
    buildCwd: process.cwd(),
    leaseMs: config.PUBLISH_LEASE_SECONDS * 1000,
    buildTimeoutMs: config.PUBLISH_BUILD_TIMEOUT_SECONDS * 1000,
  });
  log.info({ worker: worker.workerId, database: where, sitesDir: resolve(config.SITES_DIR) }, "build worker started");
  worker.start(POLL_MS);
  const stop = async () => {
    await worker.stop();
    await db.close();
    log.info({ worker: worker.workerId }, "build worker stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`build-worker failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
