import type { KitchenState, OrderTicket } from "@mainstreet/rules/api/manage-api";
import type { CalendarEntry } from "@mainstreet/rules/api/manage-appointments-api";

/**
 * The workspace's one connection to `manage/orders/stream/` (Server-Sent Events): orders, kitchen
 * settings, availability and calendar entries as they change. The browser reconnects a dropped stream by itself (sending
 * Last-Event-ID, so the service resends what was missed); when the stream is refused or closed for good
 * this reconnects with growing pauses, after asking whether the session still stands (a 401 there takes
 * the app back to sign-in). Every (re)opening calls `onOpen`, where the screens read their lists again.
 */

export type ConnectionState = "connecting" | "live" | "reconnecting" | "offline";

export interface StreamHandlers {
  onState(state: ConnectionState): void;
  onOpen(reconnected: boolean): void;
  onOrder(ticket: OrderTicket): void;
  onKitchen(state: KitchenState): void;
  onAvailability(change: unknown): void;
  onAppointment(entry: CalendarEntry): void;
  /** More was missed than the service can resend: read the lists again. */
  onResync(): void;
}

export interface StreamDeps {
  EventSource?: typeof EventSource;
  /** Resolves true while the session stands; false when it has ended (the app signs out). */
  sessionAlive(): Promise<boolean>;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  online?: () => boolean;
}

/** Pauses before reconnecting a stream that closed for good: 1 s, 2 s, 5 s, 10 s, then every 30 s. */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export class LiveStream {
  private source: EventSource | null = null;
  private timer: unknown = null;
  private attempts = 0;
  private opened = false;
  private stopped = true;
  private state: ConnectionState = "connecting";
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly url: string,
    private readonly handlers: StreamHandlers,
    private readonly deps: StreamDeps,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (typeof window !== "undefined") {
      const online = () => this.reconnectNow();
      const offline = () => this.setState("offline");
      const visible = () => {
        if (document.visibilityState === "visible" && this.state !== "live") this.reconnectNow();
      };
      window.addEventListener("online", online);
      window.addEventListener("offline", offline);
      document.addEventListener("visibilitychange", visible);
      this.cleanups.push(
        () => window.removeEventListener("online", online),
        () => window.removeEventListener("offline", offline),
        () => document.removeEventListener("visibilitychange", visible),
      );
    }
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.close();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }

  private setState(state: ConnectionState): void {
    if (this.state === state) return;
    this.state = state;
    this.handlers.onState(state);
  }

  private close(): void {
    if (this.timer !== null) (this.deps.clearTimeout ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    this.timer = null;
    this.source?.close();
    this.source = null;
  }

  private reconnectNow(): void {
    if (this.stopped) return;
    this.attempts = 0;
    this.close();
    this.open();
  }

  private open(): void {
    if (this.stopped) return;
    if (this.deps.online && !this.deps.online()) {
      this.setState("offline");
      return;
    }
    const Source = this.deps.EventSource ?? EventSource;
    const source = new Source(this.url);
    this.source = source;
    this.setState(this.opened ? "reconnecting" : "connecting");
    source.onopen = () => {
      if (this.source !== source) return;
      this.attempts = 0;
      const reconnected = this.opened;
      this.opened = true;
      this.setState("live");
      this.handlers.onOpen(reconnected);
    };
    source.onerror = () => {
      if (this.source !== source) return;
      // CONNECTING: the browser is already retrying. CLOSED: the service refused the stream.
      if (source.readyState === Source.CLOSED) this.retryLater();
      else this.setState(this.deps.online && !this.deps.online() ? "offline" : "reconnecting");
    };
    const json = (listener: (data: never) => void) => (event: Event) => {
      if (this.source !== source) return;
      try {
        listener(JSON.parse((event as MessageEvent<string>).data) as never);
      } catch {
        // A malformed event is skipped; the next read of the lists puts the screen right.
      }
    };
    source.addEventListener("order", json((ticket: OrderTicket) => this.handlers.onOrder(ticket)));
    source.addEventListener("kitchen", json((state: KitchenState) => this.handlers.onKitchen(state)));
    source.addEventListener("availability", json((change: unknown) => this.handlers.onAvailability(change)));
    source.addEventListener("appointment", json((entry: CalendarEntry) => this.handlers.onAppointment(entry)));
    source.addEventListener("resync", () => {
      if (this.source === source) this.handlers.onResync();
    });
  }

  private retryLater(): void {
    this.close();
    this.setState("reconnecting");
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempts, RECONNECT_DELAYS_MS.length - 1)];
    this.attempts += 1;
    this.timer = (this.deps.setTimeout ?? setTimeout)(() => {
      this.timer = null;
      void this.deps.sessionAlive().then(
        (alive) => {
          if (alive) this.open();
          else this.stop();
        },
        () => this.retryLater(),
      );
    }, delay);
  }
}
