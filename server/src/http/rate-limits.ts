import type { FastifyInstance, onRequestHookHandler } from "fastify";

/** Rate-limit settings for @fastify/rate-limit (counted per client IP, per process). */
export interface RateLimitConfig {
  max: number;
  timeWindow: string | number;
}

export interface RateLimits {
  forms: RateLimitConfig;
  orders: RateLimitConfig;
}

export function rateLimitsFromConfig(config: { RATE_LIMIT_FORMS_PER_MINUTE: number; RATE_LIMIT_ORDERS_PER_MINUTE: number }): RateLimits {
  return {
    forms: { max: config.RATE_LIMIT_FORMS_PER_MINUTE, timeWindow: "1 minute" },
    orders: { max: config.RATE_LIMIT_ORDERS_PER_MINUTE, timeWindow: "1 minute" },
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
