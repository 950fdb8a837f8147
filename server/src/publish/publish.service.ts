import { randomBytes, randomUUID } from "node:crypto";
import type { PreviewStatusReply, PublishCreated, PublishListEntry, PublishStatusReply, RollbackBody } from "@mainstreet/rules/api/publish-api";
import type { SiteReply } from "@mainstreet/rules/api/site-api";
import { announceLive } from "../catalog/live-announcements";
import { sqlState, type Db } from "../db/db";
import { forbidden, notFound, unprocessable } from "../http/errors";
import { headOf } from "../site/site.store";
import { factsOnPublish, factsOnRollback } from "../site-facts/site-facts.service";
import { builtVersionOf, insertJob, insertPreviewJob, jobOf, latestJobs, liveOf, pendingJobOf, setLive, type JobRow } from "./publish.store";
import { switchLive, versionKept } from "./site-folders";

/**
 * Publishing in the workspace (docs/publishing.md): a Publish queues a build job for the draft, its status is
 * read by id, and a rollback points the live site at an earlier version that is still kept. A Preview queues a
 * job of the same queue that builds the draft into a preview folder, served on a host of its own. The build
 * itself is the workers' (publish.worker.ts).
 */

/** A preview host's token: 128 random bits, lowercase hex (host names are case-insensitive). */
const newPreviewToken = () => randomBytes(16).toString("hex");

type Live = NonNullable<SiteReply["live"]>;

export class PublishService {
  constructor(private readonly deps: { db: Db; clock: () => Date; sitesDir: string }) {}

  /**
   * `POST manage/site/publishes/`: a job for the current draft. While one for that revision waits or builds, a
   * second Publish (a retry, a double click, another owner) gets the same job.
   */
  async publish(businessId: string, requestedBy: string | null = null): Promise<PublishCreated> {
    return this.once(() => this.queue(businessId, "publish", requestedBy));
  }

  /**
   * `npm run build:all`: builds again what is live (its revision, with today's code and recipe), never the owner's
   * unpublished draft; a business that has never published gets its draft, as imported, published. Facts read live
   * are left as they are: they are already the live revision's, or newer (Closed today).
   */
  async rebuild(businessId: string): Promise<PublishCreated> {
    return this.once(() =>
      this.deps.db.transaction(async (tx) => {
        const head = await headOf(tx, businessId, true);
        if (!head) throw notFound(`${businessId} has no site data in the database yet: import its data file first (npm run merchant:import)`);
        const live = await liveOf(tx, businessId);
        if (!live) return this.queue(businessId, "publish", null);
        const pending = await pendingJobOf(tx, businessId, live.revision, "publish");
        if (pending) return { id: pending.id };
        return { id: (await insertJob(tx, { id: randomUUID(), businessId, revision: live.revision, at: this.deps.clock(), requestedBy: null })).id };
      }),
    );
  }

  /** `POST manage/site/previews/`: a preview of the current draft (the same job while it waits or builds). */
  async preview(businessId: string, requestedBy: string | null = null): Promise<PublishCreated> {
    return this.once(() => this.queue(businessId, "preview", requestedBy));
  }

  private async once(queue: () => Promise<PublishCreated>): Promise<PublishCreated> {
    try {
      return await queue();
    } catch (error) {
      // Two requests for one draft racing past the lookup: the pending index let one in; the other reads it.
      if (sqlState(error) !== "23505") throw error;
      return queue();
    }
  }

  private async queue(businessId: string, kind: JobRow["kind"], requestedBy: string | null): Promise<PublishCreated> {
    return this.deps.db.transaction(async (tx) => {
      // The business's head row, locked: publishes of one business number their versions in turn.
      const draft = (await headOf(tx, businessId, true))?.draft_revision;
      if (draft === undefined) throw notFound(`${businessId} has no site data in the database yet: import its data file first (npm run merchant:import)`);
      const pending = await pendingJobOf(tx, businessId, draft, kind);
      if (pending) return { id: pending.id };
      const job = { id: randomUUID(), businessId, revision: draft, at: this.deps.clock(), requestedBy };
      await (kind === "preview" ? insertPreviewJob(tx, { ...job, token: newPreviewToken() }) : insertJob(tx, job));
      // A publish puts the hours and the announcement live now, while the build runs (docs/publishing.md "Facts read live").
      if (kind === "publish") await factsOnPublish(tx, businessId, draft, job.at);
      return { id: job.id };
    });
  }

  /** `GET manage/site/publishes/{id}/`. */
  async status(businessId: string, id: string): Promise<PublishStatusReply> {
    const job = await jobOf(this.deps.db, businessId, id);
    // Another business's id answers as an unknown one (docs/api.md "Merchant workspace").
    if (!job || job.kind !== "publish") throw forbidden(`No publish ${id} in this business's workspace`);
    return statusOf(job, this.deps.clock());
  }

  /** `GET manage/site/publishes/?limit=`: the latest publishes, newest first, with whether each version is kept. */
  async list(businessId: string, limit: number): Promise<PublishListEntry[]> {
    const now = this.deps.clock();
    return (await latestJobs(this.deps.db, businessId, "publish", limit)).map((job) => ({
      id: job.id,
      ...statusOf(job, now),
      queued_at: job.queued_at.toISOString(),
      finished_at: job.finished_at?.toISOString() ?? null,
      requested_by: job.requested_by,
      kept: job.status === "live" && job.version !== null && versionKept(this.deps.sitesDir, businessId, job.version),
    }));
  }

  /**
   * `GET manage/site/previews/{id}/`: `ready` once built, with the address made by `urlOf` from the job's
   * token (the route knows the scheme and port the workspace was reached on).
   */
  async previewStatus(businessId: string, id: string, urlOf: (token: string) => string): Promise<PreviewStatusReply> {
    const job = await jobOf(this.deps.db, businessId, id);
    if (!job || job.kind !== "preview" || job.token === null) throw forbidden(`No preview ${id} in this business's workspace`);
    const base = { revision: job.revision, seconds: secondsOf(job, this.deps.clock()) };
    if (job.status === "live") return { status: "ready", ...base, url: urlOf(job.token) };
    return { status: job.status, ...base, ...(job.message ? { message: job.message } : {}) };
  }

  /** The version the public site serves, for `GET manage/site/`. */
  async live(businessId: string): Promise<Live | null> {
    const row = await liveOf(this.deps.db, businessId);
    return row ? { version: row.version, revision: row.revision, published_at: row.published_at.toISOString() } : null;
  }

  /** `POST manage/site/rollback/`: the live link points at `version` at once (a version built here and still kept). */
  async rollback(businessId: string, body: RollbackBody): Promise<Live> {
    return this.deps.db.transaction(async (tx) => {
      const built = await builtVersionOf(tx, businessId, body.version);
      if (!built || !versionKept(this.deps.sitesDir, businessId, body.version)) {
        throw unprocessable(`version: version ${body.version} is not one of the versions kept to go back to`, [
          { path: "version", message: `expected a version that was published and is still kept, got ${body.version}` },
        ]);
      }
      await liveOf(tx, businessId, true);
      const at = this.deps.clock();
      await setLive(tx, businessId, { version: body.version, revision: built.revision, at });
      await factsOnRollback(tx, businessId, built.revision, at);
      // Every replica's order catalog goes back to that version's revision once this commits.
      await announceLive(this.deps.db, tx, { businessId, version: body.version });
      switchLive(this.deps.sitesDir, businessId, body.version);
      return { version: body.version, revision: built.revision, published_at: at.toISOString() };
    });
  }
}

/** Seconds from when the job was queued: the total once it finished. */
function secondsOf(job: JobRow, now: Date): number {
  const end = job.finished_at ?? now;
  return Math.max(0, Math.round((end.getTime() - job.queued_at.getTime()) / 1000));
}

function statusOf(job: JobRow, now: Date): PublishStatusReply {
  // Every publish has a version (a CHECK of migration 011); only previews have none.
  if (job.version === null) throw new Error(`publish job ${job.id} has no version`);
  return { status: job.status, version: job.version, revision: job.revision, seconds: secondsOf(job, now), ...(job.message ? { message: job.message } : {}) };
}
