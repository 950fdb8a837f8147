import { promises as dnsPromises } from "node:dns";
import { resolve } from "node:path";
import { buildApp } from "./app";
import { botCheckOff, recaptchaEnterpriseBotCheck } from "./bot-check/bot-check";
import { Catalog, CatalogLoadError, dataFilesOf } from "./catalog/catalog";
import { ConfigError, loadConfig } from "./config";
import { DataDirBusyError } from "./db/data-dir-lock";
import { createSmtpMailer, outboxOnlyMailer } from "./mail/mailer";
import { flushOutbox } from "./mail/outbox";
import { TestPaymentProvider } from "./payments/test-provider";
import { BuiltSiteMismatchError, assertBuiltSiteServed } from "./static/built-site";
import { SiteDataError, dataFileAt } from "./site/site.service";
import { PublishWorker } from "./publish/publish.worker";
import { openServiceDb } from "./site/service-db";

/** How often the in-process build worker looks for a queued publish. */
const PUBLISH_POLL_MS = 2_000;

/** A clock that reads `start` now and runs on in real time from there (TEST_CLOCK_START). */
function runningFrom(start: number): () => Date {
  const startedAt = Date.now();
  return () => new Date(start + (Date.now() - startedAt));
}

/** Starts the service: env → database (migrated) → catalog → HTTP. Exits non-zero with a readable reason. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const started = performance.now();
  const catalog = Catalog.fromFiles(config.SITE_DATA);
  assertBuiltSiteServed(
    resolve(config.PUBLIC_DIR),
    catalog.list().map((entry) => entry.business.id),
    config.SITE_DATA,
  );
  // PGlite's directory belongs to one process: the tools (merchant:add…) open it the same way and check the same lock.
  const { db, applied } = await openServiceDb(config);
  const mailer = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL) : outboxOnlyMailer;
  const botCheck =
    config.BOT_CHECK === "recaptcha-enterprise"
      ? recaptchaEnterpriseBotCheck({
          assessmentUrl: config.RECAPTCHA_ASSESSMENT_URL as string,
          siteKey: config.RECAPTCHA_SITE_KEY as string,
          apiKey: config.RECAPTCHA_API_KEY,
          minScore: config.RECAPTCHA_MIN_SCORE,
        })
      : botCheckOff;
  const resolver = new dnsPromises.Resolver({ timeout: 2000, tries: 1 });
  const clock = config.TEST_CLOCK_START ? runningFrom(Date.parse(config.TEST_CLOCK_START)) : undefined;
  const app = await buildApp({ config, db, catalog, mailer, payments: new TestPaymentProvider(db), botCheck, dns: resolver, clock });
  // The SITE_DATA files seed the revisions; orders follow each business's live revision once it has published
  // (docs/publishing.md "The order catalog").
  await app.maintenance.seedSiteData(dataFilesOf(config.SITE_DATA).map(dataFileAt));
  if (config.TEST_CLOCK_START) app.log.warn({ startsAt: config.TEST_CLOCK_START }, "TEST_CLOCK_START: the service runs on a test clock");

  app.log.info(
    {
      database: db.kind,
      migrationsApplied: applied,
      // Counts: the line stays one line with a thousand businesses (GET /api/health?business=<id> names one).
      businesses: catalog.size,
      onLiveRevision: catalog.liveCount,
      startMs: Math.round(performance.now() - started),
      mail: mailer.kind,
      botCheck: botCheck.mode,
    },
    "service ready",
  );

  // One build worker in this process by default; `npm run build-worker` starts more (docs/publishing.md).
  const publishWorker =
    config.PUBLISH_WORKER === "on"
      ? new PublishWorker({
          db,
          clock: clock ?? (() => new Date()),
          log: app.log,
          sitesDir: resolve(config.SITES_DIR),
          buildCommand: config.PUBLISH_BUILD_COMMAND,
          buildCwd: process.cwd(),
          leaseMs: config.PUBLISH_LEASE_SECONDS * 1000,
          buildTimeoutMs: config.PUBLISH_BUILD_TIMEOUT_SECONDS * 1000,
        })
      : null;
  publishWorker?.start(PUBLISH_POLL_MS);

  // Mail that could not be sent earlier (SMTP down) is retried in the background; appointment reminders
  // falling due are queued on the same beat.
  const outboxTimer = setInterval(() => {
    flushOutbox(db, mailer, app.log).catch((error: unknown) => app.log.warn({ err: error }, "outbox flush failed"));
    app.maintenance.sendAppointmentReminders().catch((error: unknown) => app.log.warn({ err: error }, "appointment reminders failed"));
  }, 60_000);
  outboxTimer.unref();
  await flushOutbox(db, mailer, app.log).catch((error: unknown) => app.log.warn({ err: error }, "outbox flush failed"));

  // Checkouts left authorised by a crash or an abandoned page are released before the first request, then
  // swept periodically (bounded batches, so a backlog never holds the database for long).
  const sweep = async () => {
    for (let batch = 0; batch < 10; batch += 1) {
      const { released, skipped } = await app.maintenance.sweepStaleCheckouts(100);
      if (released + skipped < 100) break;
    }
  };
  await sweep().catch((error: unknown) => app.log.warn({ err: error }, "stale checkout sweep failed"));
  const sweepTimer = setInterval(() => {
    sweep().catch((error: unknown) => app.log.warn({ err: error }, "stale checkout sweep failed"));
  }, Math.min(config.CHECKOUT_TIMEOUT_MS, 60_000));
  sweepTimer.unref();
  const purge = async () => {
    await app.maintenance.purgeIdempotencyKeys().catch((error: unknown) => app.log.warn({ err: error }, "idempotency key purge failed"));
    await app.maintenance.purgeRateLimits().catch((error: unknown) => app.log.warn({ err: error }, "rate limit purge failed"));
    await app.maintenance.purgeWorkspace().catch((error: unknown) => app.log.warn({ err: error }, "workspace purge failed"));
  };
  await purge();
  const purgeTimer = setInterval(() => void purge(), 10 * 60_000);
  purgeTimer.unref();

  // `kill -HUP` after a SITE_DATA file changed: the new prices apply to new requests at once, for the businesses
  // that have not published (a published business takes orders on its live revision, docs/publishing.md).
  process.on("SIGHUP", () => {
    try {
      catalog.reload();
      app.log.info({ businesses: catalog.size, onLiveRevision: catalog.liveCount }, "business data reloaded");
    } catch (error) {
      app.log.error({ problems: error instanceof CatalogLoadError ? error.problems : String(error) }, "business data reload refused; keeping the previous data");
    }
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info({ signal }, "shutting down: finishing the requests in flight");
    clearInterval(outboxTimer);
    clearInterval(sweepTimer);
    clearInterval(purgeTimer);
    // A build in progress finishes (or its lease runs out and another worker builds the job again).
    const workerStopped = publishWorker?.stop();
    // Finish what is in flight (bounded), answering anything new with 503 + Connection: close; only
    // then stop listening and close the database, so no accepted request loses its connection or
    // finds the database gone.
    const deadline = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), config.SHUTDOWN_TIMEOUT_MS).unref());
    const drained = await Promise.race([app.drain().then(() => "drained" as const), deadline]);
    if (drained === "timeout") app.log.warn({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, "shutdown: requests still in flight at the deadline; closing anyway");
    const closed = await Promise.race([app.close().then(() => "closed" as const), deadline]);
    if (closed === "timeout") app.server.closeAllConnections();
    await Promise.race([workerStopped, deadline]);
    await db.close();
    app.log.info({ ms: Date.now() - started }, "shut down");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof CatalogLoadError || error instanceof DataDirBusyError || error instanceof BuiltSiteMismatchError || error instanceof SiteDataError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`The API service could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
