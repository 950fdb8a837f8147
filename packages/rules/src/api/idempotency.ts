/**
 * Safe retries (docs/api.md "Safe retries"): every POST, PUT, PATCH and DELETE under `orders/`,
 * `checkouts/` and `appointments/`, the merchant workspace's order status change (`POST
 * manage/orders/{id}/status/`) and its calendar changes (`manage/appointments/…`, `manage/appointment-blocks/…`),
 * honours an `Idempotency-Key` header. The site sends a fresh key with each such call and
 * the same key when it retries that call; the API service answers a repeat with the first answer instead
 * of acting twice. Which calls honour it is decided here, once, for both.
 */
import { type RandomSource, randomHex } from "./session-token";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set on an answer the service replays from an earlier request with the same key. */
export const IDEMPOTENT_REPLAY_HEADER = "Idempotent-Replayed";
/** 16 to 255 visible ASCII characters: a UUID or 32 random hex characters fit; "1" is too easy to repeat by accident. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{16,255}$/;
/** How long the service keeps a key's answer. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether a call (method, and path relative to the API base like `orders/{id}/items/`) honours the header. */
export function honoursIdempotencyKey(method: string, path: string): boolean {
  return (
    MUTATING.has(method.toUpperCase()) &&
    (/^\/?(?:orders|checkouts|appointments)\//.test(path) || /^\/?manage\/orders\/[^/]+\/status\/$/.test(path) || /^\/?manage\/(?:appointments|appointment-blocks)\//.test(path))
  );
}

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === "string" && IDEMPOTENCY_KEY_PATTERN.test(value);
}

/** A fresh key: 32 random hex characters from a cryptographic source. */
export function createIdempotencyKey(source: RandomSource | null = globalThis.crypto ?? null): string {
  return randomHex(16, source, "createIdempotencyKey");
}
