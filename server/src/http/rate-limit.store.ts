import type { Queryable } from "../db/db";

/** All the SQL of the rate limits counted in the database (`rate_limit_hits`): a hit, a read, the purge. */

export interface WindowCount {
  hits: number;
  windowStart: Date;
}

/**
 * Counts one request of `clientKey` in `bucket` at `at`: the first of a new window when the row's window has
 * ended (or there is none), else one more in it. One statement, so concurrent hits from any replica each
 * count once.
 */
export async function countHit(q: Queryable, hit: { bucket: string; clientKey: string; at: Date; windowMs: number }): Promise<WindowCount> {
  const { rows } = await q.query<{ hits: number; window_start: Date | string }>(
    `INSERT INTO rate_limit_hits (bucket, client_key, window_start, window_end, hits)
     VALUES ($1, $2, $3, $4, 1)
     ON CONFLICT (bucket, client_key) DO UPDATE
       SET hits = CASE WHEN rate_limit_hits.window_end <= excluded.window_start THEN 1 ELSE rate_limit_hits.hits + 1 END,
           window_start = CASE WHEN rate_limit_hits.window_end <= excluded.window_start THEN excluded.window_start ELSE rate_limit_hits.window_start END,
           window_end = CASE WHEN rate_limit_hits.window_end <= excluded.window_start THEN excluded.window_end ELSE rate_limit_hits.window_end END
     RETURNING hits, window_start`,
    [hit.bucket, hit.clientKey, hit.at, new Date(hit.at.getTime() + hit.windowMs)],
  );
  const row = rows[0];
  return { hits: row.hits, windowStart: new Date(row.window_start) };
}

/** The count of `clientKey` in `bucket`, without counting: undefined when it has none. */
export async function readHits(q: Queryable, bucket: string, clientKey: string): Promise<WindowCount | undefined> {
  const { rows } = await q.query<{ hits: number; window_start: Date | string }>("SELECT hits, window_start FROM rate_limit_hits WHERE bucket = $1 AND client_key = $2", [
    bucket,
    clientKey,
  ]);
  return rows[0] && { hits: rows[0].hits, windowStart: new Date(rows[0].window_start) };
}

/** Removes up to `limit` windows that ended before `before`; the count removed. */
export async function purgeEndedWindows(q: Queryable, before: Date, limit: number): Promise<number> {
  const { rows } = await q.query<{ removed: number }>(
    `WITH ended AS (
       SELECT bucket, client_key FROM rate_limit_hits
        WHERE window_end < $1
        LIMIT $2
     ), gone AS (
       DELETE FROM rate_limit_hits h USING ended WHERE h.bucket = ended.bucket AND h.client_key = ended.client_key RETURNING 1
     )
     SELECT count(*)::int AS removed FROM gone`,
    [before, limit],
  );
  return rows[0]?.removed ?? 0;
}
