import { AsyncLocalStorage } from "node:async_hooks";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import pg from "pg";
import { FairQueue } from "./fair-queue";
import { PGLITE_IN_MEMORY } from "./in-memory";

/**
 * One query layer over the two PostgreSQL engines the service runs on: PGlite (embedded, a real
 * PostgreSQL compiled to WASM, one connection) and a PostgreSQL server through `pg` (a pool).
 * Services only see `Db` and `Tx`, so SQL is written once, in one dialect.
 *
 * Transactions nest: a `query` or `transaction` called while a transaction is running in the same async
 * flow joins it (a nested transaction is a savepoint). So a unit of work can wrap calls that open their
 * own transactions (a request made safe to retry, http/idempotency.ts), and code called from inside a
 * transaction (the test card processor's books) never waits for the connection its caller holds, which
 * on PGlite's single connection would wait forever.
 */

export type Row = Record<string, unknown>;

export interface QueryResult<R extends Row = Row> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  query<R extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type Tx = Queryable;

/**
 * PostgreSQL's LISTEN/NOTIFY, for work that every replica must hear of (the workspace's live order stream).
 * Channels are scoped to the Db's schema, so parallel test schemas on one server do not hear each other.
 */
export interface Notifications {
  /** Sends `payload` on `channel` when the transaction `q` belongs to commits (at once outside one; never if it rolls back). */
  notify(q: Queryable, channel: string, payload: string): Promise<void>;
  /**
   * Listens on `channel` on a connection of its own; after that connection fails it reconnects (1 s, then
   * longer) and calls `onReconnect`, since notifications sent meanwhile were lost. Resolves once listening;
   * the function it gives stops.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /**
   * Runs `fn` inside BEGIN … COMMIT; any throw rolls back and is re-thrown. Inside another transaction of
   * the same async flow it is a savepoint of that one: a throw rolls back only its own work.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` as one transaction that opens at its first statement: every query and transaction `fn`
   * makes (however deep) joins it, and it commits when `fn` resolves (rolls back when it throws). Work
   * before the first statement (a network call) holds no connection.
   */
  unitOfWork<T>(fn: () => Promise<T>): Promise<T>;
  /** Runs `fn` once the enclosing transaction has committed (never, if it rolls back); at once outside one. */
  afterCommit(fn: () => Promise<void>): Promise<void>;
  /** LISTEN/NOTIFY on a PostgreSQL server; null on PGlite, which runs in this one process. */
  readonly notifications: Notifications | null;
  close(): Promise<void>;
}

/** The engine as opened, before transactions learn to nest (joinable). */
interface BaseDb {
  kind: Db["kind"];
  notifications?: Notifications;
  query: Queryable["query"];
  exec: Queryable["exec"];
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface Scope {
  tx?: Tx;
  /** Opens the unit of work's transaction on first use. */
  open?: () => Promise<Tx>;
  done: boolean;
  savepoints: number;
  afterCommit: (() => Promise<void>)[];
}

const ROLLBACK = Symbol("rollback");

async function runAfterCommit(scope: Scope): Promise<void> {
  for (const fn of scope.afterCommit) await fn();
}

/** Adds joining (savepoints, units of work, after-commit work) to an engine. */
function joinable(base: BaseDb): Db {
  const scopes = new AsyncLocalStorage<Scope>();
  const active = () => {
    const scope = scopes.getStore();
    return scope && !scope.done ? scope : undefined;
  };
  const txOf = async (scope: Scope): Promise<Tx> => scope.tx ?? (scope.open as () => Promise<Tx>)();
  const savepoint = async <T>(scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const tx = await txOf(scope);
    scope.savepoints += 1;
    const name = `nested_${scope.savepoints}`;
    await tx.query(`SAVEPOINT ${name}`);
    try {
      const value = await fn(tx);
      await tx.query(`RELEASE SAVEPOINT ${name}`);
      return value;
    } catch (error) {
      await tx.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      throw error;
    }
  };
  return {
    kind: base.kind,
    async query<R extends Row>(sql: string, params?: readonly unknown[]) {
      const scope = active();
      return scope ? (await txOf(scope)).query<R>(sql, params) : base.query<R>(sql, params);
    },
    async exec(sql: string) {
      const scope = active();
      return scope ? (await txOf(scope)).exec(sql) : base.exec(sql);
    },
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const outer = active();
      if (outer) return savepoint(outer, fn);
      const scope: Scope = { done: false, savepoints: 0, afterCommit: [] };
      const value = await base.transaction(async (tx) => {
        scope.tx = tx;
        try {
          return await scopes.run(scope, () => fn(tx));
        } finally {
          scope.done = true;
        }
      });
      await runAfterCommit(scope);
      return value;
    },
    async unitOfWork<T>(fn: () => Promise<T>): Promise<T> {
      if (active()) return fn();
      const scope: Scope = { done: false, savepoints: 0, afterCommit: [] };
      let decide: ((commit: boolean) => void) | undefined;
      let completion: Promise<void> | undefined;
      let opening: Promise<Tx> | undefined;
      scope.open = () => {
        opening ??= new Promise<Tx>((resolveTx, rejectTx) => {
          completion = base.transaction(async (tx) => {
            scope.tx = tx;
            resolveTx(tx);
            const commit = await new Promise<boolean>((resolve) => (decide = resolve));
            if (!commit) throw ROLLBACK;
          });
          // Refused before it began (the database busy or down): the statement that asked learns it.
          completion.catch(rejectTx);
        });
        return opening;
      };
      let value: T;
      try {
        value = await scopes.run(scope, fn);
      } catch (error) {
        scope.done = true;
        decide?.(false);
        await completion?.catch(() => undefined);
        throw error;
      }
      scope.done = true;
      if (completion) {
        decide?.(true);
        await completion;
      }
      await runAfterCommit(scope);
      return value;
    },
    async afterCommit(fn: () => Promise<void>) {
      const scope = active();
      if (scope) scope.afterCommit.push(fn);
      else await fn();
    },
    notifications: base.notifications ?? null,
    close: () => base.close(),
  };
}

export interface OpenDbOptions {
  /** postgres:// URL of a PostgreSQL server; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; PGLITE_IN_MEMORY keeps everything in memory. */
  dataDir?: string;
  /** Schema to create and use on a PostgreSQL server, so parallel test runs do not collide. */
  schema?: string;
  /** Drops `schema` when the Db is closed (throwaway test schemas). */
  dropSchemaOnClose?: boolean;
  poolSize?: number;
  /** PGlite: how long a job may wait for its turn before DatabaseBusyError (0: no bound). */
  maxWaitMs?: number;
}

/** How long a PGlite job may wait for its turn before it is refused as busy (FairQueue). */
export const PGLITE_MAX_WAIT_MS = 8_000;

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return joinable(await openPostgres(options.databaseUrl, options));
  return joinable(await openPglite(options.dataDir ?? PGLITE_IN_MEMORY, options.maxWaitMs ?? PGLITE_MAX_WAIT_MS));
}

async function openPglite(dataDir: string, maxWaitMs: number): Promise<BaseDb> {
  // btree_gist: the appointments' exclusion constraint compares a person (text) and a time range in one index.
  const lite = await PGlite.create(dataDir === PGLITE_IN_MEMORY ? undefined : dataDir, { extensions: { btree_gist } });
  const wrap = (target: Pick<PGlite, "query" | "exec">): Queryable => ({
    async query<R extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<R>(sql, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  const base = wrap(lite);
  // Every job goes through one fair queue (fair-queue.ts): one at a time, as PGlite runs them anyway,
  // but statements and transactions take turns, and none waits unboundedly. A transaction is thus also a
  // mutual-exclusion section across concurrent requests; the statements inside it run in its turn.
  const queue = new FairQueue({ maxWaitMs });
  return {
    kind: "pglite",
    query: (sql, params) => queue.run("statement", () => base.query(sql, params)),
    exec: (sql) => queue.run("transaction", () => base.exec(sql)),
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => queue.run("transaction", () => lite.transaction((tx) => fn(wrap(tx)))),
    close: () => lite.close(),
  };
}

async function openPostgres(url: string, options: OpenDbOptions): Promise<BaseDb> {
  const { schema, poolSize = 10 } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`database schema name: expected lowercase letters, digits and underscores, got "${schema}"`);
  }
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  const toResult = <R extends Row>(result: pg.QueryResult<R>): QueryResult<R> => ({
    rows: result.rows,
    rowCount: result.rowCount ?? result.rows.length,
  });
  // One connection runs one statement at a time; queue them here instead of relying on pg's
  // deprecated internal queue when a service issues several reads of one transaction together.
  const clientQueryable = (client: pg.PoolClient): Queryable => {
    let tail: Promise<unknown> = Promise.resolve();
    const serial = <T>(run: () => Promise<T>): Promise<T> => {
      const next = tail.then(run, run);
      tail = next.catch(() => undefined);
      return next;
    };
    return {
      query: <R extends Row>(sql: string, params: readonly unknown[] = []) => serial(async () => toResult(await client.query<R>(sql, [...params]))),
      exec: (sql: string) => serial(async () => void (await client.query(sql))),
    };
  };
  const listeners = new Set<() => Promise<void>>();
  const scoped = (channel: string) => {
    const name = schema ? `${channel}_${schema}` : channel;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`notification channel: expected lowercase letters, digits and underscores, got "${name}"`);
    return name;
  };
  const notifications: Notifications = {
    async notify(q, channel, payload) {
      await q.query("SELECT pg_notify($1, $2)", [scoped(channel), payload]);
    },
    async listen(channel, onPayload, onReconnect) {
      const name = scoped(channel);
      let client: pg.Client | null = null;
      let stopped = false;
      let retryMs = 1000;
      let timer: ReturnType<typeof setTimeout> | null = null;
      const connect = async () => {
        const next = new pg.Client({ connectionString: url });
        next.on("notification", (message) => {
          if (message.channel === name && message.payload) onPayload(message.payload);
        });
        next.on("error", () => lost(next));
        next.on("end", () => lost(next));
        await next.connect();
        await next.query(`LISTEN ${name}`);
        if (stopped) {
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        retryMs = 1000;
      };
      const lost = (which: pg.Client) => {
        if (stopped || client !== which || timer) return;
        client = null;
        which.end().catch(() => undefined);
        const retry = () => {
          timer = setTimeout(() => {
            timer = null;
            connect().then(onReconnect, () => {
              retryMs = Math.min(retryMs * 2, 30_000);
              if (!stopped) retry();
            });
          }, retryMs);
          timer.unref();
        };
        retry();
      };
      await connect();
      const stop = async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        listeners.delete(stop);
        const current = client as pg.Client | null;
        client = null;
        await current?.end().catch(() => undefined);
      };
      listeners.add(stop);
      return stop;
    },
  };
  return {
    kind: "postgres",
    notifications,
    async query<R extends Row>(sql: string, params: readonly unknown[] = []) {
      return toResult(await pool.query<R>(sql, [...params]));
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query("BEGIN");
        const value = await fn(clientQueryable(client));
        await client.query("COMMIT");
        return value;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      for (const stop of [...listeners]) await stop();
      if (schema && options.dropSchemaOnClose) {
        await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      }
      await pool.end();
    },
  };
}

/** PostgreSQL SQLSTATE of a failed query, e.g. 23505 for a unique violation. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}

/** Fails when the database cannot answer (the health check). */
export async function ping(q: Queryable): Promise<void> {
  await q.query("SELECT 1");
}
