import { z } from "zod";
import type { Db, Queryable } from "../db/db";

/**
 * "Business X's live version changed": said in the transaction that switched it (a build going live, a
 * rollback), heard by every process that keeps an order catalog once that transaction commits. The same two
 * paths as the workspace's events (events/event-bus.ts): NOTIFY on a PostgreSQL server, so every replica and
 * every build worker's database reach each other, and after the commit in this one process on PGlite. The
 * message carries no data: a listener reads the business's live revision itself, so a message that arrives
 * late or twice still leaves it with the newest.
 */

const CHANNEL = "mainstreet_site_live";

const AnnouncementSchema = z.strictObject({ businessId: z.string().min(1), version: z.number().int().positive() });
export type LiveAnnouncement = z.infer<typeof AnnouncementSchema>;

export interface LiveListener {
  onLive: (announcement: LiveAnnouncement) => void;
  /** Announcements may have been missed (the LISTEN connection was lost and came back): read them all again. */
  onGap: () => void;
  onBadPayload: (payload: string) => void;
}

/** This process's listeners per database, for PGlite (one process, no NOTIFY). */
const inProcess = new WeakMap<Db, Set<LiveListener>>();

/** Call inside the transaction that switched the live version: listeners hear of it once it commits (never on a rollback). */
export async function announceLive(db: Db, q: Queryable, announcement: LiveAnnouncement): Promise<void> {
  if (db.notifications) {
    await db.notifications.notify(q, CHANNEL, JSON.stringify(announcement));
    return;
  }
  await db.afterCommit(async () => {
    for (const listener of [...(inProcess.get(db) ?? [])]) listener.onLive(announcement);
  });
}

/** Listens for live switches until the function it resolves with is called. */
export async function followLive(db: Db, listener: LiveListener): Promise<() => Promise<void>> {
  if (db.notifications) {
    return db.notifications.listen(
      CHANNEL,
      (payload) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(payload);
        } catch {
          parsed = undefined;
        }
        const result = AnnouncementSchema.safeParse(parsed);
        if (result.success) listener.onLive(result.data);
        else listener.onBadPayload(payload);
      },
      listener.onGap,
    );
  }
  const listeners = inProcess.get(db) ?? new Set<LiveListener>();
  inProcess.set(db, listeners);
  listeners.add(listener);
  return async () => {
    listeners.delete(listener);
  };
}
