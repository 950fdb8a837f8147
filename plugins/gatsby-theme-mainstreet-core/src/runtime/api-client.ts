import { apiError, isApiError } from "@mainstreet/rules/api/api-error";
import { answerBody, apiUrl, bearer, unreachable, type ApiQuery } from "./api-read";
import { BOT_SITE_KEY_HEADER, BOT_TOKEN_HEADER } from "@mainstreet/rules/forms/bot-protection";
import { IDEMPOTENCY_KEY_HEADER, createIdempotencyKey, honoursIdempotencyKey } from "@mainstreet/rules/api/idempotency";

/**
 * The browser's one way to call the API service (SPEC §7): JSON in and out, the order session
 * bearer token on order calls, the bot-protection headers on contact, form and checkout calls, and
 * every failure turned into an ApiError whose message follows the SPEC §8 rule.
 *
 * A call that changes an order or checkout carries an Idempotency-Key made fresh for it, and is sent
 * again with the same key when its answer was lost (a network failure) or the service asked to retry
 * (409 or 503 with Retry-After: a repeat still running, a restart): the service acts on it once.
 */
export { apiError, isApiError };
export { apiUrl } from "./api-read";

export interface BotProof {
  token: string;
  siteKey: string;
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Order session token (SPEC §6): sent as `Authorization: Bearer …`. */
  token?: string | null;
  /** Bot-protection proof for contact, form and checkout calls (SPEC §6). */
  botProof?: BotProof | null;
  /** Static public key for the search calls. */
  apiKey?: string | null;
  query?: ApiQuery;
  signal?: AbortSignal;
  /** The Idempotency-Key of a call that honours one; a fresh key is made when absent. */
  idempotencyKey?: string;
}

/** Waits before sending a call that honours Idempotency-Key again after a lost answer; its length is the number of retries. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1500];
/** The longest Retry-After the client waits for before giving up with the error. */
const MAX_RETRY_AFTER_MS = 5000;

/** Retry-After in seconds as milliseconds (capped), or null when the answer carries none. */
function retryAfterMs(response: Response): number | null {
  const raw = response.headers?.get?.("retry-after");
  const value = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? Math.min(value * 1000, MAX_RETRY_AFTER_MS) : null;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

export async function apiRequest<T>(path: string, request: ApiRequest = {}, fetchImpl: typeof fetch = fetch): Promise<T> {
  const method = request.method ?? (request.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { accept: "application/json" };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  if (request.token) headers.authorization = bearer(request.token);
  if (request.botProof) {
    headers[BOT_TOKEN_HEADER] = request.botProof.token;
    headers[BOT_SITE_KEY_HEADER] = request.botProof.siteKey;
  }
  if (request.apiKey) headers["x-api-key"] = request.apiKey;
  const idempotent = honoursIdempotencyKey(method, path);
  if (idempotent) headers[IDEMPOTENCY_KEY_HEADER] = request.idempotencyKey ?? createIdempotencyKey();
  const retries = idempotent ? RETRY_DELAYS_MS.length : 0;
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetchImpl(apiUrl(path, request.query), {
        method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: request.signal,
      });
    } catch (error) {
      if ((error as { name?: string }).name === "AbortError") throw error;
      if (attempt < retries) {
        await wait(RETRY_DELAYS_MS[attempt], request.signal);
        continue;
      }
      throw unreachable();
    }
    const retryAfter = response.status === 409 || response.status === 503 ? retryAfterMs(response) : null;
    if (!response.ok && retryAfter !== null && attempt < retries) {
      await wait(retryAfter, request.signal);
      continue;
    }
    return answerBody<T>(response);
  }
}
