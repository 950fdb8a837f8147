import { randomUUID } from "node:crypto";
import type { PublishCreated, PublishStatusReply, RollbackBody } from "@mainstreet/rules/api/publish-api";
import type { SiteReply } from "@mainstreet/rules/api/site-api";
import { announceLive } from "../catalog/live-announcements";
import { sqlState, type Db } from "../db/db";
import { forbidden, notFound, unprocessable } from "../http/errors";
import { headOf } from "../site/site.store";
import { factsOnPublish, factsOnRollback } from "../site-facts/site-facts.service";
import { builtVersionOf, insertJob, jobOf, liveOf, pendingJobOf, setLive, type JobRow } from "./publish.store";
import { switchLive, versionKept } from "./site-folders";

/**
 * Publishing in the workspace (docs/publishing.md): a Publish queues a build job for the draft, its status is
 * read by id, and a rollback points the live site at an earlier version that is still kept. The build itself
 * is the workers' (publish.worker.ts).
 */

type Live = NonNullable<SiteReply["live"]>;

export class PublishService {
  constructor(private readonly deps: { db: Db; clock: () => Date; sitesDir: string }) {}

  /**
   * `POST manage/site/publishes/`: a job for the current draft. While one for that revision waits or builds, a
   * second Publish (a retry, a double click, another owner) gets the same job.
   */
  async publish(businessId: string): Promise<PublishCreated> {
    try {
      return await this.queue(businessId);
    } catch (error) {
      // Two publishes of one draft racing past the lookup: the pending index let one in; the other reads it.
      if (sqlState(error) !== "23505") throw error;
      return this.queue(businessId);
    }
  }

  private async queue(businessId: string): Promise<PublishCreated> {
    return this.deps.db.transaction(async (tx) => {
      // The business's head row, locked: publishes of one business number their versions in turn.
      const draft = (await headOf(tx, businessId, true))?.draft_revision;
      if (draft === undefined) throw notFound(`${businessId} has no site data in the database yet: import its data file first (npm run merchant:import)`);
      const pending = await pendingJobOf(tx, businessId, draft);
      if (pending) return { id: pending.id };
      const at = this.deps.clock();
      const job = await insertJob(tx, { id: randomUUID(), businessId, revision: draft, at });
      // The hours and the announcement go live now, while the build runs (docs/publishing.md "Facts read live").
      await factsOnPublish(tx, businessId, draft, at);
      return { id: job.id };
    });
  }

  /** `GET manage/site/publishes/{id}/`. */
  async status(businessId: string, id: string): Promise<PublishStatusReply> {
    const job = await jobOf(this.deps.db, businessId, id);
    // Another business's id answers as an unknown one (docs/api.md "Merchant workspace").
    if (!job) throw forbidden(`No publish ${id} in this business's workspace`);
    return statusOf(job, this.deps.clock());
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
      await setLive(tx, businessId, { version: built.version, revision: built.revision, at });
      await factsOnRollback(tx, businessId, built.revision, at);
      // Every replica's order catalog goes back to that version's revision once this commits.
      await announceLive(this.deps.db, tx, { businessId, version: built.version });
      switchLive(this.deps.sitesDir, businessId, built.version);
      return { version: built.version, revision: built.revision, published_at: at.toISOString() };
    });
  }
}

function statusOf(job: JobRow, now: Date): PublishStatusReply {
  const end = job.finished_at ?? now;
  const seconds = Math.max(0, Math.round((end.getTime() - job.queued_at.getTime()) / 1000));
  return { status: job.status, version: job.version, revision: job.revision, seconds, ...(job.message ? { message: job.message } : {}) };
}
