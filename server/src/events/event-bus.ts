import { z } from "zod";
import type { Db, Queryable } from "../db/db";

/**
 * How the workspace's events reach the open order screens. An event is a row of `manage_events`
 * written in the transaction that made the change (event-log.ts); once that transaction commits, every
 * process serving streams must hear of it:
 * - PGlite runs in this one process, so the event is handed to this process's listeners after the commit;
 * - several replicas on one PostgreSQL hear each other through NOTIFY, sent inside the transaction (so it is
 *   delivered on commit, to every replica listening, this one included, and never for a rollback).
 */

export const EVENT_KINDS = ["order", "kitchen", "availability", "appointment"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export interface ManageEvent {
  id: number;
  businessId: string;
  kind: EventKind;
  /** The order, location, item or appointment (or block) the event is about. */
  subjectId: string;
}

export interface EventBus {
  readonly kind: "in-process" | "postgres-notify";
  /** Called inside the transaction that recorded the event: listeners hear of it once it commits. */
  publish(q: Queryable, event: ManageEvent): Promise<void>;
  /** `onGap`: events may have been missed (the LISTEN connection was lost): read the log again. */
  subscribe(onEvent: (event: ManageEvent) => void, onGap?: () => void): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = "mainstreet_manage_events";

const Payload = z.strictObject({ id: z.number().int().positive(), businessId: z.string().min(1), kind: z.enum(EVENT_KINDS), subjectId: z.string().min(1) });

class Listeners {
  private readonly all = new Set<{ onEvent: (event: ManageEvent) => void; onGap?: () => void }>();

  add(onEvent: (event: ManageEvent) => void, onGap?: () => void): () => void {
    const entry = { onEvent, onGap };
    this.all.add(entry);
    return () => this.all.delete(entry);
  }

  event(event: ManageEvent): void {
    for (const entry of [...this.all]) entry.onEvent(event);
  }

  gap(): void {
    for (const entry of [...this.all]) entry.onGap?.();
  }
}

/** One process (PGlite): after the commit, straight to this process's listeners. */
export class InProcessEventBus implements EventBus {
  readonly kind = "in-process" as const;
  private readonly listeners = new Listeners();

  constructor(private readonly db: Db) {}

  async publish(_q: Queryable, event: ManageEvent): Promise<void> {
    await this.db.afterCommit(async () => this.listeners.event(event));
  }

  subscribe(onEvent: (event: ManageEvent) => void, onGap?: () => void): () => void {
    return this.listeners.add(onEvent, onGap);
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}
}

/** Several replicas on one PostgreSQL: NOTIFY in the transaction, LISTEN on a connection of its own. */
export class NotifyEventBus implements EventBus {
  readonly kind = "postgres-notify" as const;
  private readonly listeners = new Listeners();
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly onBadPayload: (payload: string) => void = () => undefined,
  ) {
    if (!db.notifications) throw new Error("NotifyEventBus needs a PostgreSQL server (DATABASE_URL)");
  }

  async publish(q: Queryable, event: ManageEvent): Promise<void> {
    await this.db.notifications?.notify(q, CHANNEL, JSON.stringify(event));
  }

  subscribe(onEvent: (event: ManageEvent) => void, onGap?: () => void): () => void {
    return this.listeners.add(onEvent, onGap);
  }

  async start(): Promise<void> {
    if (this.stop || !this.db.notifications) return;
    this.stop = await this.db.notifications.listen(
      CHANNEL,
      (payload) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(payload);
        } catch {
          parsed = undefined;
        }
        const result = Payload.safeParse(parsed);
        if (result.success) this.listeners.event(result.data);
        else this.onBadPayload(payload);
      },
      () => this.listeners.gap(),
    );
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
  }
}

/** The bus for the engine: NOTIFY on a PostgreSQL server, in-process on PGlite. */
export function eventBusFor(db: Db, onBadPayload?: (payload: string) => void): EventBus {
  return db.notifications ? new NotifyEventBus(db, onBadPayload) : new InProcessEventBus(db);
}
