import type { Db, Queryable } from "../db/db";
import type { EventBus, EventKind, ManageEvent } from "./event-bus";
import { edgeId, eventsAfter, insertEvent, purgeEvents } from "./events.store";

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
    const event: ManageEvent = { id: await insertEvent(q, businessId, kind, subjectId, this.clock()), businessId, kind, subjectId };
    await this.bus.publish(q, event);
    return event;
  }

  /** The newest event id (0 when there is none). */
  async head(): Promise<number> {
    return (await edgeId(this.db, "newest")) ?? 0;
  }

  /** The oldest id still kept (null when the log is empty): an id before it may have been purged. */
  oldest(): Promise<number | null> {
    return edgeId(this.db, "oldest");
  }

  /** A business's events after `afterId`, oldest first, at most `limit`. */
  after(businessId: string, afterId: number, limit: number): Promise<ManageEvent[]> {
    return eventsAfter(this.db, businessId, afterId, limit);
  }

  /** Every event after `afterId` (a replica catching up after its LISTEN connection came back), at most `limit`. */
  allAfter(afterId: number, limit: number): Promise<ManageEvent[]> {
    return eventsAfter(this.db, null, afterId, limit);
  }

  /** Removes events older than 24 hours, at most `limit`; the count removed. */
  purge(limit = 1000): Promise<number> {
    return purgeEvents(this.db, new Date(this.clock().getTime() - 24 * 60 * 60_000), limit);
  }
}
