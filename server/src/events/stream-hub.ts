import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { StreamEventName } from "@mainstreet/rules/api/manage-api";
import type { EventBus, ManageEvent } from "./event-bus";
import type { EventLog } from "./event-log";

/**
 * The open order screens of this process (`GET manage/orders/stream/`, server-sent events) and how each
 * event reaches them: it is rendered once (the order's ticket, the location's kitchen state, the item's
 * availability, read fresh from the database) and written to every stream of its business.
 *
 * A stream that connects with Last-Event-ID first gets what it missed from the event log (at most
 * `maxResend` events, one per order or item, each in its current state), or `resync` when more was missed
 * than that or the log no longer reaches back so far; then `ready` with the newest event id. Events that
 * arrive meanwhile wait and follow. Every `pingMs` a comment keeps proxies from closing the connection and
 * the session is checked again: a stream whose session ended is closed.
 */

export interface RenderedEvent {
  name: Exclude<StreamEventName, "ready" | "resync">;
  data: unknown;
}

export interface StreamHubOptions {
  bus: EventBus;
  log: EventLog;
  /** The event's data in its current state; null when there is nothing to show (the subject is gone). */
  render: (event: ManageEvent) => Promise<RenderedEvent | null>;
  /** Whether the stream's session still stands; also counts the open screen as activity. */
  sessionValid: (sessionId: string) => Promise<boolean>;
  logger: FastifyBaseLogger;
  pingMs?: number;
  maxResend?: number;
}

/** How often an open stream gets a comment and its session is checked. */
export const STREAM_PING_MS = 20_000;
/** The most events a reconnecting stream is sent from the log before it is told to read the lists again. */
export const MAX_RESEND = 200;
/** A client this far behind in reading is dropped (it reconnects and catches up from the log). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** What the browser waits before reconnecting after the connection closes. */
const RETRY_MS = 2000;

interface Identity {
  sessionId: string;
  userId: string;
  businessId: string;
}

class OpenStream {
  /** Events rendered while the stream was catching up, sent after it. */
  pending: { id: number; event: RenderedEvent }[] | null = [];
  /** Ids sent while catching up, so a pending copy is not sent twice. */
  readonly sent = new Set<number>();
  private closed = false;
  private readonly ping: ReturnType<typeof setInterval>;

  constructor(
    private readonly res: ServerResponse,
    readonly who: Identity,
    pingMs: number,
    private readonly onPing: (stream: OpenStream) => void,
  ) {
    this.ping = setInterval(() => this.onPing(this), pingMs);
    this.ping.unref();
  }

  get open(): boolean {
    return !this.closed && !this.res.destroyed && !this.res.writableEnded;
  }

  write(text: string): void {
    if (!this.open) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    this.res.write(text);
  }

  event(id: number, name: StreamEventName, data: unknown): void {
    // JSON text holds no raw line breaks, so one data line carries it whole.
    this.write(`id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.ping);
    if (!this.res.writableEnded) this.res.end();
  }
}

/** The last event of each order, location or item, in id order: a screen needs each one's current state once. */
function latestPerSubject(events: readonly ManageEvent[]): ManageEvent[] {
  const last = new Map<string, ManageEvent>();
  for (const event of events) last.set(`${event.kind}:${event.subjectId}`, event);
  return [...last.values()].sort((a, b) => a.id - b.id);
}

export class StreamHub {
  private readonly streams = new Map<string, Set<OpenStream>>();
  private unsubscribe: (() => void) | null = null;
  /** Dispatches run one after another, so every stream sees events in the order they were heard. */
  private chain: Promise<void> = Promise.resolve();
  private lastHeard = 0;
  private readonly pingMs: number;
  private readonly maxResend: number;

  constructor(private readonly options: StreamHubOptions) {
    this.pingMs = options.pingMs ?? STREAM_PING_MS;
    this.maxResend = options.maxResend ?? MAX_RESEND;
  }

  /** Open streams of this process (all businesses). */
  get size(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  async start(): Promise<void> {
    if (this.unsubscribe) return;
    this.lastHeard = await this.options.log.head();
    this.unsubscribe = this.options.bus.subscribe(
      (event) => this.enqueue(() => this.dispatch(event)),
      () => this.enqueue(() => this.catchUp()),
    );
    await this.options.bus.start();
  }

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((error: unknown) => this.options.logger.warn({ err: error }, "workspace event not delivered"));
  }

  /** Waits until every event heard so far has been written (tests, benchmarks). */
  settled(): Promise<void> {
    return this.chain;
  }

  private async dispatch(event: ManageEvent): Promise<void> {
    this.lastHeard = Math.max(this.lastHeard, event.id);
    const targets = [...(this.streams.get(event.businessId) ?? [])].filter((stream) => stream.open);
    if (targets.length === 0) return;
    const rendered = await this.options.render(event);
    if (!rendered) return;
    for (const stream of targets) {
      if (stream.pending) stream.pending.push({ id: event.id, event: rendered });
      else stream.event(event.id, rendered.name, rendered.data);
    }
  }

  /** After a lost LISTEN connection: what was committed meanwhile, from the log. */
  private async catchUp(): Promise<void> {
    for (;;) {
      const missed = await this.options.log.allAfter(this.lastHeard, 500);
      for (const event of missed) await this.dispatch(event);
      if (missed.length < 500) return;
    }
  }

  /**
   * Serves one stream on a hijacked reply: headers, what a reconnect missed, `ready`, then live events
   * until the client goes away, the session ends or the service drains.
   */
  async open(res: ServerResponse, who: Identity, lastEventId: number | null): Promise<void> {
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-store, no-transform",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
    });
    const stream = new OpenStream(res, who, this.pingMs, (open) => void this.ping(open));
    const set = this.streams.get(who.businessId) ?? new Set<OpenStream>();
    set.add(stream);
    this.streams.set(who.businessId, set);
    res.once("close", () => this.remove(stream));
    stream.write(`retry: ${RETRY_MS}\n\n`);
    try {
      const head = await this.options.log.head();
      if (lastEventId !== null) await this.resend(stream, lastEventId, head);
      stream.event(head, "ready", { last_event_id: head });
      const pending = stream.pending ?? [];
      stream.pending = null;
      for (const { id, event } of pending) if (!stream.sent.has(id)) stream.event(id, event.name, event.data);
      stream.sent.clear();
    } catch (error) {
      this.options.logger.warn({ err: error }, "order stream could not start; closing it");
      stream.close();
    }
  }

  private async resend(stream: OpenStream, lastEventId: number, head: number): Promise<void> {
    const oldest = await this.options.log.oldest();
    const missed = lastEventId > head ? null : await this.options.log.after(stream.who.businessId, lastEventId, this.maxResend + 1);
    if (missed === null || missed.length > this.maxResend || (oldest !== null && lastEventId < oldest - 1)) {
      stream.event(head, "resync", {});
      return;
    }
    for (const event of latestPerSubject(missed)) {
      const rendered = await this.options.render(event);
      if (rendered) stream.event(event.id, rendered.name, rendered.data);
    }
    for (const event of missed) stream.sent.add(event.id);
  }

  private async ping(stream: OpenStream): Promise<void> {
    if (!stream.open) return;
    stream.comment("ping");
    const valid = await this.options.sessionValid(stream.who.sessionId).catch(() => true);
    if (!valid) stream.close();
  }

  private remove(stream: OpenStream): void {
    stream.close();
    const set = this.streams.get(stream.who.businessId);
    set?.delete(stream);
    if (set && set.size === 0) this.streams.delete(stream.who.businessId);
  }

  /** Ends the streams of a session or a user at once (signed out, removed); other replicas notice at their next ping. */
  end(match: { sessionId?: string; userId?: string }): void {
    for (const set of this.streams.values()) {
      for (const stream of [...set]) {
        if ((match.sessionId && stream.who.sessionId === match.sessionId) || (match.userId && stream.who.userId === match.userId)) this.remove(stream);
      }
    }
  }

  /** Ends every stream (the service drains or closes); clients reconnect to the next instance. */
  closeAll(): void {
    for (const set of [...this.streams.values()]) for (const stream of [...set]) this.remove(stream);
  }

  async close(): Promise<void> {
    this.closeAll();
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.options.bus.close();
  }
}
