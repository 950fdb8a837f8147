/** Per-route rate-limit settings for @fastify/rate-limit (counted per client IP, per process). */
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
