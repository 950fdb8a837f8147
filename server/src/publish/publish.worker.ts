import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { checkImageFiles, parseJsonText, validateBusiness } from "@mainstreet/rules/business/load";
import { announceLive } from "../catalog/live-announcements";
import type { Db } from "../db/db";
import { headOf, revisionOf } from "../site/site.store";
import { factsOnFailure, factsOnLive } from "../site-facts/site-facts.service";
import { writeStoredImages } from "../site-images/site-images.service";
import { builtPreviews, claimJob, liveOf, lockOwnJob, markFailed, markLive, renewLease, setLive, type JobKind, type JobRow } from "./publish.store";
import { codeHash, fingerprintOf } from "./fingerprint";
import { KEPT_PREVIEWS, previewDir, previewsDir, prunePreviews, pruneVersions, switchLive, versionDir, versionsDir } from "./site-folders";

/**
 * A build worker (docs/publishing.md): claims a job from the queue, writes the job's revision as a data folder,
 * runs the site build for it into a new version folder, then switches the business's live link to it (a
 * preview is built the same way into a preview folder, and nothing is switched). Any
 * number of workers share the queue; each claim is a lease renewed while the build runs, so a job whose
 * worker died is built again by another once the lease runs out.
 */

/** What a worker logs through: the service's logger, or the build-worker command's. */
export interface WorkerLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface WorkerOptions {
  db: Db;
  clock: () => Date;
  log: WorkerLog;
  sitesDir: string;
  /**
   * The build: a program and its arguments, run with SITE_DATA (the job's business.json) and PUBLISH_OUT_DIR
   * (the folder to write the site into) in its environment. It exits 0 with index.html in that folder.
   */
  buildCommand: readonly string[];
  /** Working directory of the build (the repository's root for the real one). */
  buildCwd: string;
  leaseMs: number;
  buildTimeoutMs: number;
  /** Names this worker in the queue (claimed_by); a fresh one per worker object. */
  workerId?: string;
  /** Added to the build's environment: PUBLISH_BUILD_DIR gives a worker a site folder of its own (build-version.mjs). */
  buildEnv?: Readonly<Record<string, string>>;
  /** The build's code hash (fingerprint.ts); by default computed over `buildCwd` for each job. */
  codeHash?: () => string;
  /** Told the id of each job this worker claims. */
  onClaim?: (jobId: string) => void;
}

interface Built {
  log: string;
  /** What the build was made from (fingerprint.ts), kept on the job when it goes live. */
  fingerprint: string | null;
}

export type RunOutcome = "idle" | "live" | "failed" | "lost";

/** Sentences the owner reads when a publish fails; the details go to the log. */
export const FAILED_BUILD = "The site could not be built, so your live site was left as it was. Try publishing again; if it fails again, contact support.";
export const FAILED_DATA = "This version of your site has data the site cannot be built from, so your live site was left as it was. Check your latest changes and publish again.";
export const FAILED_TIMEOUT = "Building the site took too long, so your live site was left as it was. Try publishing again later.";
export const SUPERSEDED = "A newer version of your site went live while this one was being built, so this one was not put live.";
export const FAILED_PREVIEW_BUILD = "The preview could not be built. Try again; if it fails again, contact support. Your live site is not affected.";
const FAILED_PREVIEW_DATA = "The draft has data the site cannot be built from, so there is no preview. Check your latest changes and try again.";
const FAILED_PREVIEW_TIMEOUT = "Building the preview took too long. Try again later; your live site is not affected.";

type FailureReason = "build" | "data" | "timeout";
const OWNER_MESSAGES: Record<JobKind, Record<FailureReason, string>> = {
  publish: { build: FAILED_BUILD, data: FAILED_DATA, timeout: FAILED_TIMEOUT },
  preview: { build: FAILED_PREVIEW_BUILD, data: FAILED_PREVIEW_DATA, timeout: FAILED_PREVIEW_TIMEOUT },
};

/** The build log kept for the operator: its tail, when a build talks a lot. */
const LOG_LIMIT = 200_000;

class BuildFailure extends Error {
  constructor(readonly reason: FailureReason, readonly detail: string) {
    super(detail);
  }
}

/** The build's output without terminal control sequences (Gatsby redraws its progress lines with them). */
const readable = (text: string) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "");

function runBuild(options: WorkerOptions, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const [program, ...args] = options.buildCommand;
    const child = spawn(program, args, { cwd: options.buildCwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-LOG_LIMIT);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const timer = setTimeout(() => {
      // The build's own children (gatsby's workers) go with it: it leads its own process group.
      if (child.pid) process.kill(-child.pid, "SIGKILL");
      reject(new BuildFailure("timeout", `${readable(output)}\nbuild stopped after ${options.buildTimeoutMs} ms`));
    }, options.buildTimeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new BuildFailure("build", `${readable(output)}\ncould not start ${program}: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise(readable(output));
      else reject(new BuildFailure("build", `${readable(output)}\nbuild exited with ${code === null ? `signal ${signal}` : `code ${code}`}`));
    });
  });
}

export class PublishWorker {
  readonly workerId: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: WorkerOptions) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  private leaseFrom(now: Date): Date {
    return new Date(now.getTime() + this.options.leaseMs);
  }

  /** Claims and builds one job; "idle" when the queue has nothing to claim. */
  async runOnce(): Promise<RunOutcome> {
    const { db, clock } = this.options;
    const now = clock();
    const job = await claimJob(db, this.workerId, now, this.leaseFrom(now));
    if (!job) return "idle";
    this.options.onClaim?.(job.id);
    this.options.log.info({ job: job.id, kind: job.kind, business: job.business_id, revision: job.revision, version: job.version, attempt: job.attempts }, "publish: building");
    const heartbeat = setInterval(() => {
      renewLease(db, job.id, this.workerId, this.leaseFrom(clock())).catch((error: unknown) => this.options.log.warn({ err: error, job: job.id }, "publish: lease renewal failed"));
    }, Math.max(50, Math.floor(this.options.leaseMs / 3)));
    try {
      const built = await this.build(job);
      return job.kind === "preview" ? await this.finishPreview(job, built) : await this.goLive(job, built);
    } catch (error) {
      const failure = error instanceof BuildFailure ? error : new BuildFailure("build", error instanceof Error ? (error.stack ?? error.message) : String(error));
      rmSync(this.stagingDir(job), { recursive: true, force: true });
      const marked = await db.transaction(async (tx) => {
        const at = clock();
        if (!(await markFailed(tx, job.id, this.workerId, at, OWNER_MESSAGES[job.kind][failure.reason], failure.detail.slice(-LOG_LIMIT)))) return false;
        // The live site is left as it was, so are the facts it reads (docs/publishing.md "Facts read live").
        if (job.kind === "publish") await factsOnFailure(tx, job.business_id, job.revision, at);
        return true;
      });
      this.options.log.warn({ job: job.id, kind: job.kind, business: job.business_id, version: job.version }, marked ? "publish: build failed; the live site is unchanged" : "publish: build failed after the job was taken over");
      return marked ? "failed" : "lost";
    } finally {
      clearInterval(heartbeat);
    }
  }

  private stagingDir(job: JobRow): string {
    const worker = this.workerId.replace(/[^A-Za-z0-9]/g, "-");
    const { sitesDir } = this.options;
    return job.kind === "preview" ? join(previewsDir(sitesDir, job.business_id), `.${job.id}.${worker}`) : join(versionsDir(sitesDir, job.business_id), `.${job.version}.${worker}`);
  }

  /** Writes the data folder and runs the build into the job's staging folder; the build's log and fingerprint. */
  private async build(job: JobRow): Promise<Built> {
    const revision = await revisionOf(this.options.db, job.business_id, job.revision);
    const head = await headOf(this.options.db, job.business_id);
    if (!revision || !head) throw new BuildFailure("data", `revision ${job.revision} of ${job.business_id} is not in the database`);
    const input = { file_text: revision.file_text, image_dir: head.image_dir };
    const dataDir = mkdtempSync(join(tmpdir(), `publish-${job.business_id}-`));
    try {
      // The images the data names resolve from the folder the business was imported from.
      if (input.image_dir && existsSync(input.image_dir)) cpSync(input.image_dir, dataDir, { recursive: true, filter: (source) => !source.endsWith("business.json") });
      // The photos uploaded in the workspace live in the database, under the paths the data names.
      await writeStoredImages(this.options.db, job.business_id, input.file_text, dataDir);
      const dataFile = join(dataDir, "business.json");
      writeFileSync(dataFile, input.file_text);
      this.checkData(input.file_text, dataDir);
      const staging = this.stagingDir(job);
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      const env = { ...process.env, ...this.options.buildEnv, GATSBY_TELEMETRY_DISABLED: "1", SITE_DATA: dataFile, SITE_REVISION: String(job.revision), PUBLISH_OUT_DIR: staging };
      // Taken before the build, from the inputs it is about to read.
      const code = this.options.codeHash ? this.options.codeHash() : codeHash(this.options.buildCwd);
      const fingerprint = await fingerprintOf(this.options.db, job.business_id, job.revision, { env, code });
      const log = await runBuild(this.options, env);
      if (!existsSync(join(staging, "index.html"))) throw new BuildFailure("build", `${log}\nthe build exited 0 but wrote no index.html into ${staging}`);
      return { log, fingerprint };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  /** The contract the build applies, checked first so refused data fails in a second, with its problem lines. */
  private checkData(text: string, dataDir: string): void {
    const parsed = parseJsonText(text, "business.json");
    const validated = parsed.ok ? validateBusiness(parsed.value, "business.json") : parsed;
    const problems = validated.ok ? checkImageFiles(validated.business, dataDir, "business.json") : validated.problems;
    if (problems.length > 0) throw new BuildFailure("data", problems.join("\n"));
  }

  /** Moves a built preview into its folder, if the job is still this worker's; previews beyond three go. */
  private async finishPreview(job: JobRow, { log, fingerprint }: Built): Promise<RunOutcome> {
    const { db, clock, sitesDir } = this.options;
    const staging = this.stagingDir(job);
    const finished = await db.transaction(async (tx) => {
      if (!(await lockOwnJob(tx, job.id, this.workerId))) return false;
      const target = previewDir(sitesDir, job.business_id, job.id);
      rmSync(target, { recursive: true, force: true });
      renameSync(staging, target);
      await markLive(tx, job.id, clock(), log, fingerprint);
      return true;
    });
    if (!finished) {
      rmSync(staging, { recursive: true, force: true });
      this.options.log.warn({ job: job.id }, "publish: the preview was taken over by another worker after this one's lease ran out; its build is dropped");
      return "lost";
    }
    const removed = prunePreviews(sitesDir, job.business_id, (await builtPreviews(db, job.business_id)).slice(0, KEPT_PREVIEWS));
    this.options.log.info({ job: job.id, business: job.business_id, removed }, "publish: preview ready");
    return "live";
  }

  /** Switches live to the job's version, if the job is still this worker's; old versions beyond five go. */
  private async goLive(job: JobRow, { log, fingerprint }: Built): Promise<RunOutcome> {
    const { db, clock, sitesDir } = this.options;
    const staging = this.stagingDir(job);
    const version = job.version;
    if (version === null) throw new BuildFailure("build", `publish job ${job.id} has no version number`);
    const switched = await db.transaction(async (tx) => {
      // Moved only while the job is still this worker's, under its row lock: a worker whose lease ran out
      // never replaces the folder of the worker that took the job over.
      if (!(await lockOwnJob(tx, job.id, this.workerId))) return false;
      // A publish queued after this one went live first (two workers, or a rebuild of every site beside an owner's
      // Publish): the newer version stays live, and this older one ends without switching.
      const current = await liveOf(tx, job.business_id, true);
      if (current && current.version > version) {
        await markFailed(tx, job.id, this.workerId, clock(), SUPERSEDED, `${log}\nversion ${current.version}, queued after this one, went live first; version ${version} was not switched live`);
        return "superseded" as const;
      }
      const target = versionDir(sitesDir, job.business_id, version);
      // An earlier attempt at this job (its worker died before going live) may have left its folder.
      rmSync(target, { recursive: true, force: true });
      renameSync(staging, target);
      const at = clock();
      await markLive(tx, job.id, at, log, fingerprint);
      await setLive(tx, job.business_id, { version, revision: job.revision, at });
      await factsOnLive(tx, job.business_id, job.revision, at);
      // Every replica's order catalog reads the new live revision once this commits.
      await announceLive(db, tx, { businessId: job.business_id, version });
      switchLive(sitesDir, job.business_id, version);
      return true;
    });
    if (switched === "superseded") {
      rmSync(staging, { recursive: true, force: true });
      this.options.log.info({ job: job.id, business: job.business_id, version }, "publish: a newer version went live first; this one was not switched live");
      return "failed";
    }
    if (!switched) {
      rmSync(staging, { recursive: true, force: true });
      this.options.log.warn({ job: job.id }, "publish: the job was taken over by another worker after this one's lease ran out; its build is dropped");
      return "lost";
    }
    const removed = pruneVersions(sitesDir, job.business_id);
    this.options.log.info({ job: job.id, business: job.business_id, version: job.version, removed }, "publish: live");
    return "live";
  }

  /** Polls the queue every `pollMs` until stopped, building one job at a time. */
  start(pollMs: number): void {
    const tick = async () => {
      while (!this.stopped && (await this.runOnce()) !== "idle");
    };
    const loop = () => {
      this.running = tick()
        .catch((error: unknown) => this.options.log.warn({ err: error }, "publish: worker pass failed"))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, pollMs);
        });
    };
    loop();
  }

  /** Stops polling and waits for a build in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
