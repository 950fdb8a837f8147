/**
 * The order in which work reaches an engine that runs one thing at a time (PGlite: one connection, on
 * the service's own thread). Arrival order alone lets a burst of order writes hold a health check or an
 * order page's read behind all of them: at 64 clients, 6–9 s at p99 and over 10 s for /api/health.
 *
 * Two lanes, single statements and transactions, served alternately when both wait, each in arrival
 * order; and a bounded wait: a job still queued after `maxWaitMs` is refused with DatabaseBusyError
 * (the API answers 503, "try again"), so a visitor gets a quick answer instead of an ever longer queue.
 * Nothing is refused once it has started: refusing happens only before any SQL ran.
 */
export type Lane = "statement" | "transaction";

export class DatabaseBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(`The database is busy: this request waited ${waitedMs} ms for its turn`);
    this.name = "DatabaseBusyError";
  }
}

interface Job {
  lane: Lane;
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  enqueuedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface FairQueueOptions {
  maxWaitMs: number;
  now?: () => number;
  /** How long jobs may follow one another before the event loop gets a turn. */
  sliceMs?: number;
}

/** Jobs run back to back for this long, then the loop turns. At 64 clients on PGlite, 2 ms against 10 took the
 * last of 64 simultaneous new visitors from 2.4 s to 1.5 s with the same flows per second. */
const DEFAULT_SLICE_MS = 2;

export class FairQueue {
  private readonly lanes: Record<Lane, Job[]> = { statement: [], transaction: [] };
  private running = false;
  private lastLane: Lane = "transaction";
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private readonly sliceMs: number;
  /** When the queue last let the event loop turn, and whether it is letting it turn now. */
  private sliceStart: number;
  private paused = false;

  constructor(options: FairQueueOptions) {
    this.maxWaitMs = options.maxWaitMs;
    this.now = options.now ?? Date.now;
    this.sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
    this.sliceStart = this.now();
  }

  /** Jobs waiting, per lane (for tests and the health view). */
  get waiting(): Record<Lane, number> {
    return { statement: this.lanes.statement.length, transaction: this.lanes.transaction.length };
  }

  run<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = { lane, work, resolve: resolve as (value: unknown) => void, reject, enqueuedAt: this.now(), timer: null };
      if (this.maxWaitMs > 0) {
        job.timer = setTimeout(() => this.expire(job), this.maxWaitMs);
      }
      this.lanes[lane].push(job);
      this.pump();
    });
  }

  private expire(job: Job): void {
    const queue = this.lanes[job.lane];
    const index = queue.indexOf(job);
    if (index < 0) return;
    queue.splice(index, 1);
    // The timer ran maxWaitMs on Node's loop clock, which is whole milliseconds and read at the loop's turn: the
    // wall clock can say a millisecond less. The job waited its whole allowance either way.
    job.reject(new DatabaseBusyError(Math.max(this.now() - job.enqueuedAt, this.maxWaitMs)));
  }

  /** The next job: the other lane's first when both wait, so neither lane starves the other. */
  private next(): Job | undefined {
    const order: Lane[] = this.lastLane === "statement" ? ["transaction", "statement"] : ["statement", "transaction"];
    const lane = order.find((candidate) => this.lanes[candidate].length > 0);
    if (!lane) return undefined;
    this.lastLane = lane;
    return this.lanes[lane].shift();
  }

  private pump(): void {
    if (this.running || this.paused) return;
    const job = this.next();
    if (!job) return;
    if (job.timer) clearTimeout(job.timer);
    this.running = true;
    let result: Promise<unknown>;
    try {
      result = job.work();
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(job.resolve, job.reject).finally(() => {
      this.running = false;
      if (this.now() - this.sliceStart < this.sliceMs) return this.pump();
      // A job's end resumes its caller in a microtask, and the caller's next query starts the next job in the
      // same microtask queue: under load the engine's work never leaves it, and Node runs that queue to the end
      // after every new connection it accepts, before accepting the next. At 64 clients new visitors' first
      // requests waited 13–20 s to be accepted while every accepted request took milliseconds. Past a slice,
      // the queue pauses for one turn of the event loop (sockets accepted and read, timers run).
      this.paused = true;
      setImmediate(() => {
        this.paused = false;
        this.sliceStart = this.now();
        this.pump();
      });
    });
  }
}
