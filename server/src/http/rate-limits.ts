import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import type { Db } from "../db/db";
import { countHit, purgeEndedWindows, readHits } from "./rate-limit.store";

/**
 * Rate-limit settings for @fastify/rate-limit, counted per client IP. `bucket` names the budget in the
 * database, so every replica counts a client's requests to one budget in the same row.
 */
export interface RateLimitConfig {
  max: number;
  timeWindow: string | number;
  bucket: string;
}

export interface RateLimits {
  forms: RateLimitConfig;
  orders: RateLimitConfig;
}

export function rateLimitsFromConfig(config: { RATE_LIMIT_FORMS_PER_MINUTE: number; RATE_LIMIT_ORDERS_PER_MINUTE: number }): RateLimits {
  return {
    forms: { max: config.RATE_LIMIT_FORMS_PER_MINUTE, timeWindow: "1 minute", bucket: "forms" },
    orders: { max: config.RATE_LIMIT_ORDERS_PER_MINUTE, timeWindow: "1 minute", bucket: "orders" },
  };
}

/**
 * One limiter for every form route (contact, events, reservation cancel), so they share one budget per
 * client as docs/api.md says. A `config.rateLimit` on each route would give each its own store (the
 * plugin makes a child store per route), tripling what a client may send.
 */
export function sharedLimiter(app: FastifyInstance, config: RateLimitConfig): onRequestHookHandler {
  return app.rateLimit(config);
}

/** What the plugin hands a store: the route's merged settings, with our `bucket` among them. */
interface StoreParams {
  bucket?: unknown;
  routeInfo?: { method?: unknown; url?: unknown };
}

function bucketOf(params: StoreParams): string {
  if (typeof params.bucket === "string") return params.bucket;
  const method = params.routeInfo?.method;
  const url = params.routeInfo?.url;
  return typeof url === "string" ? `${String(method)} ${url}` : "global";
}

/**
 * The plugin's store on PostgreSQL: every replica counts in `rate_limit_hits`, so N replicas hold one limit,
 * not N times it. (With PGlite there is one process, and the plugin's own memory store counts as well.)
 * Windows are fixed, starting at a client's first request, as the memory store's.
 */
export function databaseRateLimitStore(db: Db, clock: () => Date): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly bucket: string;

    constructor(params: StoreParams) {
      this.bucket = bucketOf(params);
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const at = clock();
      countHit(db, { bucket: this.bucket, clientKey: key, at, windowMs: timeWindow }).then(
        ({ hits, windowStart }) => callback(null, { current: hits, ttl: Math.max(0, windowStart.getTime() + timeWindow - at.getTime()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const at = clock();
      readHits(db, this.bucket, key).then(
        (count) => {
          const ttl = count ? count.windowStart.getTime() + timeWindow - at.getTime() : 0;
          callback(null, count && ttl > 0 ? { current: count.hits, ttl } : { current: 0, ttl: 0 });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions as StoreParams);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Ended windows are kept an hour (a client's count is readable for a while after), then removed in batches. */
export function purgeRateLimits(db: Db, now: Date, limit = 1000): Promise<number> {
  return purgeEndedWindows(db, new Date(now.getTime() - 60 * 60_000), limit);
}
