import { z } from "zod";
import type { Queryable } from "../db/db";

/**
 * All the SQL of publishing (migration 008): the build queue and the live version of each business. Rows
 * read back are parsed with zod, so a misread column fails here, by name.
 */

const JobRowSchema = z.object({
  id: z.string(),
  business_id: z.string(),
  revision: z.number().int(),
  version: z.number().int(),
  status: z.enum(["queued", "building", "live", "failed"]),
  queued_at: z.date(),
  finished_at: z.date().nullable(),
  claimed_by: z.string().nullable(),
  attempts: z.number().int(),
  message: z.string().nullable(),
});
export type JobRow = z.infer<typeof JobRowSchema>;

const JOB_COLUMNS = "id, business_id, revision, version, status, queued_at, finished_at, claimed_by, attempts, message";

const LiveRowSchema = z.object({ version: z.number().int(), revision: z.number().int(), published_at: z.date() });
export type LiveRow = z.infer<typeof LiveRowSchema>;

const jobOrNothing = (row: unknown): JobRow | undefined => (row === undefined ? undefined : JobRowSchema.parse(row));

/** The job waiting for or building this revision, if any. */
export async function pendingJobOf(q: Queryable, businessId: string, revision: number): Promise<JobRow | undefined> {
  const { rows } = await q.query(`SELECT ${JOB_COLUMNS} FROM site_publishes WHERE business_id = $1 AND revision = $2 AND status IN ('queued', 'building')`, [
    businessId,
    revision,
  ]);
  return jobOrNothing(rows[0]);
}

/**
 * Queues a job with the business's next version number. Call it holding the business's head row lock, so two
 * publishes of one business number their versions in turn; the partial unique index refuses a second pending
 * job for one revision in any case.
 */
export async function insertJob(q: Queryable, job: { id: string; businessId: string; revision: number; at: Date }): Promise<JobRow> {
  const { rows } = await q.query(
    `INSERT INTO site_publishes (id, business_id, revision, version, status, queued_at)
     SELECT $1::uuid, $2::text, $3::integer, COALESCE(MAX(version), 0) + 1, 'queued', $4::timestamptz FROM site_publishes WHERE business_id = $2::text
     RETURNING ${JOB_COLUMNS}`,
    [job.id, job.businessId, job.revision, job.at],
  );
  return JobRowSchema.parse(rows[0]);
}

export async function jobOf(q: Queryable, businessId: string, id: string): Promise<JobRow | undefined> {
  const { rows } = await q.query(`SELECT ${JOB_COLUMNS} FROM site_publishes WHERE business_id = $1 AND id = $2`, [businessId, id]);
  return jobOrNothing(rows[0]);
}

/**
 * Claims the oldest job no one holds: queued, or building under a lease that ran out (its worker died). The row
 * is locked with SKIP LOCKED, so workers claiming at once each get a different job or none, and the claim only
 * lands while the job is still claimable.
 */
export async function claimJob(q: Queryable, worker: string, now: Date, leaseUntil: Date): Promise<JobRow | undefined> {
  const { rows } = await q.query(
    `UPDATE site_publishes SET status = 'building', claimed_by = $1, claimed_until = $3, attempts = attempts + 1
     WHERE id = (
       SELECT id FROM site_publishes
       WHERE status = 'queued' OR (status = 'building' AND claimed_until < $2)
       ORDER BY queued_at, id
       LIMIT 1
       FOR UPDATE SKIP LOCKED
     ) AND (status = 'queued' OR claimed_until < $2)
     RETURNING ${JOB_COLUMNS}`,
    [worker, now, leaseUntil],
  );
  return jobOrNothing(rows[0]);
}

/** Renews a worker's lease; false when the job is no longer its own (the lease ran out and another took it). */
export async function renewLease(q: Queryable, id: string, worker: string, leaseUntil: Date): Promise<boolean> {
  const { rowCount } = await q.query("UPDATE site_publishes SET claimed_until = $3 WHERE id = $1 AND claimed_by = $2 AND status = 'building'", [id, worker, leaseUntil]);
  return rowCount === 1;
}

/** Locks a job the worker still holds (for the switch); undefined when it is no longer the worker's. */
export async function lockOwnJob(q: Queryable, id: string, worker: string): Promise<JobRow | undefined> {
  const { rows } = await q.query(`SELECT ${JOB_COLUMNS} FROM site_publishes WHERE id = $1 AND claimed_by = $2 AND status = 'building' FOR UPDATE`, [id, worker]);
  return jobOrNothing(rows[0]);
}

export async function markLive(q: Queryable, id: string, at: Date, log: string): Promise<void> {
  await q.query("UPDATE site_publishes SET status = 'live', finished_at = $2, claimed_by = NULL, claimed_until = NULL, log = $3 WHERE id = $1", [id, at, log]);
}

/** Marks a job the worker holds as failed; false when it no longer holds it. */
export async function markFailed(q: Queryable, id: string, worker: string, at: Date, message: string, log: string): Promise<boolean> {
  const { rowCount } = await q.query(
    "UPDATE site_publishes SET status = 'failed', finished_at = $3, claimed_by = NULL, claimed_until = NULL, message = $4, log = $5 WHERE id = $1 AND claimed_by = $2 AND status = 'building'",
    [id, worker, at, message, log],
  );
  return rowCount === 1;
}

/** The build log of a job, for the operator. */
export async function jobLog(q: Queryable, id: string): Promise<string | null> {
  const { rows } = await q.query("SELECT log FROM site_publishes WHERE id = $1", [id]);
  return rows[0] === undefined ? null : z.object({ log: z.string().nullable() }).parse(rows[0]).log;
}

export async function setLive(q: Queryable, businessId: string, live: { version: number; revision: number; at: Date }): Promise<void> {
  await q.query(
    `INSERT INTO site_live (business_id, version, revision, published_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (business_id) DO UPDATE SET version = EXCLUDED.version, revision = EXCLUDED.revision, published_at = EXCLUDED.published_at`,
    [businessId, live.version, live.revision, live.at],
  );
}

/** The version a business's site serves; with `lock`, held until the transaction ends (a switch). */
export async function liveOf(q: Queryable, businessId: string, lock = false): Promise<LiveRow | undefined> {
  const { rows } = await q.query(`SELECT version, revision, published_at FROM site_live WHERE business_id = $1${lock ? " FOR UPDATE" : ""}`, [businessId]);
  return rows[0] === undefined ? undefined : LiveRowSchema.parse(rows[0]);
}

/** A version that was built and went live once: one a rollback may switch back to (when its folder is kept). */
export async function builtVersionOf(q: Queryable, businessId: string, version: number): Promise<JobRow | undefined> {
  const { rows } = await q.query(`SELECT ${JOB_COLUMNS} FROM site_publishes WHERE business_id = $1 AND version = $2 AND status = 'live'`, [businessId, version]);
  return jobOrNothing(rows[0]);
}
