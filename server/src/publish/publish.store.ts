import { z } from "zod";
import type { Queryable } from "../db/db";

/**
 * All the SQL of publishing (migrations 008, 009, 011 and 013): the build queue (publishes and previews) and the live
 * version of each business. Rows read back are parsed with zod, so a misread column fails here, by name.
 */

export type JobKind = "publish" | "preview";

const JobRowSchema = z.object({
  id: z.string(),
  business_id: z.string(),
  kind: z.enum(["publish", "preview"]),
  revision: z.number().int(),
  /** The version folder a publish builds; null for a preview. */
  version: z.number().int().nullable(),
  /** The host name part a preview is served on; null for a publish. */
  token: z.string().nullable(),
  requested_by: z.string().nullable(),
  status: z.enum(["queued", "building", "live", "failed"]),
  queued_at: z.date(),
  finished_at: z.date().nullable(),
  claimed_by: z.string().nullable(),
  attempts: z.number().int(),
  message: z.string().nullable(),
});
export type JobRow = z.infer<typeof JobRowSchema>;

const JOB_COLUMNS = "id, business_id, kind, revision, version, token, requested_by, status, queued_at, finished_at, claimed_by, attempts, message";

const LiveRowSchema = z.object({ version: z.number().int(), revision: z.number().int(), published_at: z.date() });
export type LiveRow = z.infer<typeof LiveRowSchema>;

const jobOrNothing = (row: unknown): JobRow | undefined => (row === undefined ? undefined : JobRowSchema.parse(row));

/** The job of this kind waiting for or building this revision, if any. */
export async function pendingJobOf(q: Queryable, businessId: string, revision: number, kind: JobKind = "publish"): Promise<JobRow | undefined> {
  const { rows } = await q.query(
    `SELECT ${JOB_COLUMNS} FROM site_publishes WHERE business_id = $1 AND revision = $2 AND kind = $3 AND status IN ('queued', 'building')`,
    [businessId, revision, kind],
  );
  return jobOrNothing(rows[0]);
}

/**
 * Queues a job with the business's next version number. Call it holding the business's head row lock, so two
 * publishes of one business number their versions in turn; the partial unique index refuses a second pending
 * job for one revision in any case.
 */
export async function insertJob(q: Queryable, job: { id: string; businessId: string; revision: number; at: Date; requestedBy?: string | null }): Promise<JobRow> {
  const { rows } = await q.query(
    `INSERT INTO site_publishes (id, business_id, kind, revision, version, status, queued_at, requested_by)
     SELECT $1::uuid, $2::text, 'publish', $3::integer, COALESCE(MAX(version), 0) + 1, 'queued', $4::timestamptz, $5::text FROM site_publishes WHERE business_id = $2::text
     RETURNING ${JOB_COLUMNS}`,
    [job.id, job.businessId, job.revision, job.at, job.requestedBy ?? null],
  );
  return JobRowSchema.parse(rows[0]);
}

/** Queues a preview of a revision: no version number (it never goes live), and the token of its host name. */
export async function insertPreviewJob(q: Queryable, job: { id: string; businessId: string; revision: number; at: Date; token: string; requestedBy: string | null }): Promise<JobRow> {
  const { rows } = await q.query(
    `INSERT INTO site_publishes (id, business_id, kind, revision, token, status, queued_at, requested_by)
     VALUES ($1, $2, 'preview', $3, $4, 'queued', $5, $6)
     RETURNING ${JOB_COLUMNS}`,
    [job.id, job.businessId, job.revision, job.token, job.at, job.requestedBy],
  );
  return JobRowSchema.parse(rows[0]);
}

/** A business's latest jobs of one kind, newest first. */
export async function latestJobs(q: Queryable, businessId: string, kind: JobKind, limit: number): Promise<JobRow[]> {
  const { rows } = await q.query(`SELECT ${JOB_COLUMNS} FROM site_publishes WHERE business_id = $1 AND kind = $2 ORDER BY queued_at DESC, version DESC NULLS LAST LIMIT $3`, [
    businessId,
    kind,
    limit,
  ]);
  return rows.map((row) => JobRowSchema.parse(row));
}

/** The preview a host name's token names, whatever its state. */
export async function previewByToken(q: Queryable, token: string): Promise<JobRow | undefined> {
  const { rows } = await q.query(`SELECT ${JOB_COLUMNS} FROM site_publishes WHERE token = $1 AND kind = 'preview'`, [token]);
  return jobOrNothing(rows[0]);
}

/** A business's built previews, newest first (the worker keeps the folders of the first few). */
export async function builtPreviews(q: Queryable, businessId: string): Promise<string[]> {
  const { rows } = await q.query("SELECT id FROM site_publishes WHERE business_id = $1 AND kind = 'preview' AND status = 'live' ORDER BY finished_at DESC, id", [businessId]);
  return rows.map((row) => z.object({ id: z.string() }).parse(row).id);
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

/** Marks a job built, with what it was built from (its fingerprint, fingerprint.ts). */
export async function markLive(q: Queryable, id: string, at: Date, log: string, fingerprint: string | null = null): Promise<void> {
  await q.query("UPDATE site_publishes SET status = 'live', finished_at = $2, claimed_by = NULL, claimed_until = NULL, log = $3, fingerprint = $4 WHERE id = $1", [
    id,
    at,
    log,
    fingerprint,
  ]);
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
  const { rows } = await q.query(`SELECT ${JOB_COLUMNS} FROM site_publishes WHERE business_id = $1 AND version = $2 AND kind = 'publish' AND status = 'live'`, [businessId, version]);
  return jobOrNothing(rows[0]);
}

const BusinessBuildRowSchema = z.object({
  business_id: z.string(),
  draft_revision: z.number().int(),
  live_revision: z.number().int().nullable(),
  live_fingerprint: z.string().nullable(),
  pending_publish: z.string().uuid().nullable(),
});
type BusinessBuildRow = z.infer<typeof BusinessBuildRowSchema>;

/**
 * Every business in the database with its draft, its live revision and the fingerprint its live version was built
 * from (null when it has no live version, or one built before fingerprints were kept), and a publish of it waiting
 * or being built, if any, in id order: what `npm run build:all` reads.
 */
export async function businessesToBuild(q: Queryable): Promise<BusinessBuildRow[]> {
  const { rows } = await q.query(
    `SELECT h.business_id, h.draft_revision, l.revision AS live_revision, p.fingerprint AS live_fingerprint,
            (SELECT w.id::text FROM site_publishes w WHERE w.business_id = h.business_id AND w.kind = 'publish' AND w.status IN ('queued', 'building') ORDER BY w.version DESC LIMIT 1) AS pending_publish
     FROM site_heads h
     LEFT JOIN site_live l ON l.business_id = h.business_id
     LEFT JOIN site_publishes p ON p.business_id = l.business_id AND p.version = l.version
     ORDER BY h.business_id`,
  );
  return rows.map((row) => BusinessBuildRowSchema.parse(row));
}

/** The sha256 (hex) of each stored upload among `paths`, computed by the database, so the bytes never travel. */
export async function storedImageHashes(q: Queryable, businessId: string, paths: readonly string[]): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map();
  const { rows } = await q.query("SELECT path, encode(sha256(bytes), 'hex') AS sha256 FROM site_images WHERE business_id = $1 AND path = ANY($2::text[])", [businessId, paths]);
  return new Map(rows.map((row) => z.object({ path: z.string(), sha256: z.string() }).parse(row)).map((row) => [row.path, row.sha256]));
}
