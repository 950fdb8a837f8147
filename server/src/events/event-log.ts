import type { Db, Queryable } from "../db/db";
import type { EventBus, EventKind, ManageEvent } from "./event-bus";

/**
 * The workspace's event log (`manage_events`, migration 003): what changed, for which business, in commit
 * order near enough for a screen to catch up. Recording happens inside the change's own transaction, so an
 * event exists if and only if its change does.
 */
export class EventLog {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly clock: () => Date,
  ) {}

  /** Records an event in `q`'s transaction and publishes it (heard once that transaction commits). */
  async record(q: Queryable, businessId: string, kind: EventKind, subjectId: string): Promise<ManageEvent> {
    const { rows } = await q.query<{ id: string | number }>("INSERT INTO manage_events (business_id, kind, subject_id, created_at) VALUES ($1, $2, $3, $4) RETURNING id", [
      businessId,
      kind,
      subjectId,
      this.clock(),
    ]);
    const event: ManageEvent = { id: Number(rows[0].id), businessId, kind, subjectId };
    await this.bus.publish(q, event);
    return event;
  }

  /** The newest event id (0 when there is none). */
  async head(): Promise<number> {
    const { rows } = await this.db.query<{ id: string | number | null }>("SELECT max(id) AS id FROM manage_events");
    return Number(rows[0].id ?? 0);
  }

  /** The oldest id still kept (null when the log is empty): an id before it may have been purged. */
  async oldest(): Promise<number | null> {
    const { rows } = await this.db.query<{ id: string | number | null }>("SELECT min(id) AS id FROM manage_events");
    return rows[0].id === null ? null : Number(rows[0].id);
  }

  /** A business's events after `afterId`, oldest first, at most `limit`. */
  async after(businessId: string, afterId: number, limit: number): Promise<ManageEvent[]> {
    const { rows } = await this.db.query<{ id: string | number; kind: EventKind; subject_id: string }>(
      "SELECT id, kind, subject_id FROM manage_events WHERE business_id = $1 AND id > $2 ORDER BY id LIMIT $3",
      [businessId, afterId, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), businessId, kind: row.kind, subjectId: row.subject_id }));
  }

  /** Every event after `afterId` (a replica catching up after its LISTEN connection came back), at most `limit`. */
  async allAfter(afterId: number, limit: number): Promise<ManageEvent[]> {
    const { rows } = await this.db.query<{ id: string | number; business_id: string; kind: EventKind; subject_id: string }>(
      "SELECT id, business_id, kind, subject_id FROM manage_events WHERE id > $1 ORDER BY id LIMIT $2",
      [afterId, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), businessId: row.business_id, kind: row.kind, subjectId: row.subject_id }));
  }

  /** Removes events older than 24 hours, at most `limit`; the count removed. */
  async purge(limit = 1000): Promise<number> {
    const now = this.clock();
    const { rowCount } = await this.db.query("DELETE FROM manage_events WHERE id IN (SELECT id FROM manage_events WHERE created_at < $1 LIMIT $2)", [
      new Date(now.getTime() - 24 * 60 * 60_000),
      limit,
    ]);
    return rowCount;
  }
}
