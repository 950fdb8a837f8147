import type { Queryable } from "../db/db";
import type { EventKind, ManageEvent } from "./event-bus";

/** All the SQL of the workspace's event log (`manage_events`, migration 003). */

/** Inserts an event; its id (ids grow in insertion order). */
export async function insertEvent(q: Queryable, businessId: string, kind: EventKind, subjectId: string, at: Date): Promise<number> {
  const { rows } = await q.query<{ id: string | number }>("INSERT INTO manage_events (business_id, kind, subject_id, created_at) VALUES ($1, $2, $3, $4) RETURNING id", [
    businessId,
    kind,
    subjectId,
    at,
  ]);
  return Number(rows[0].id);
}

/** The newest or the oldest id kept; null when the log is empty. */
export async function edgeId(q: Queryable, edge: "newest" | "oldest"): Promise<number | null> {
  const { rows } = await q.query<{ id: string | number | null }>(edge === "newest" ? "SELECT max(id) AS id FROM manage_events" : "SELECT min(id) AS id FROM manage_events");
  return rows[0].id === null ? null : Number(rows[0].id);
}

/** Events after `afterId`, of one business or of all (null), oldest first, at most `limit`. */
export async function eventsAfter(q: Queryable, businessId: string | null, afterId: number, limit: number): Promise<ManageEvent[]> {
  const { rows } =
    businessId === null
      ? await q.query<{ id: string | number; business_id: string; kind: EventKind; subject_id: string }>(
          "SELECT id, business_id, kind, subject_id FROM manage_events WHERE id > $1 ORDER BY id LIMIT $2",
          [afterId, limit],
        )
      : await q.query<{ id: string | number; business_id: string; kind: EventKind; subject_id: string }>(
          "SELECT id, kind, subject_id FROM manage_events WHERE business_id = $1 AND id > $2 ORDER BY id LIMIT $3",
          [businessId, afterId, limit],
        );
  return rows.map((row) => ({ id: Number(row.id), businessId: businessId ?? row.business_id, kind: row.kind, subjectId: row.subject_id }));
}

/** Removes events created before `before`, at most `limit`; the count removed. */
export async function purgeEvents(q: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await q.query("DELETE FROM manage_events WHERE id IN (SELECT id FROM manage_events WHERE created_at < $1 LIMIT $2)", [before, limit]);
  return rowCount;
}
