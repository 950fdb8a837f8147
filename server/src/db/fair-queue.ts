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
}

export class FairQueue {
  private readonly lanes: Record<Lane, Job[]> = { statement: [], transaction: [] };
  private running = false;
  private lastLane: Lane = "transaction";
  private readonly maxWaitMs: number;
  private readonly now: () => number;

  constructor(options: FairQueueOptions) {
    this.maxWaitMs = options.maxWaitMs;
    this.now = options.now ?? Date.now;
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
    if (this.running) return;
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
      this.pump();
    });
  }
}
