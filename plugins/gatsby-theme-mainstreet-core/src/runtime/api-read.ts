import { apiError, type ApiError, apiErrorMessage } from "@mainstreet/rules/api/api-error";

/**
 * Reading from the API service (SPEC §7): where it is, and a plain GET whose failure becomes an ApiError with the
 * SPEC §8 message. What pages read after they load (approved reviews, what is sold out, a placed order) needs no
 * more than this; the calls that change something, with their bot proof, idempotency keys and retries, are
 * api-client.ts.
 */
export type ApiQuery = Record<string, string | number | boolean | null | undefined>;

function apiBase(): string {
  const base = process.env.GATSBY_API_BASE || "/api/";
  return base.endsWith("/") ? base : `${base}/`;
}

export function apiUrl(path: string, query?: ApiQuery, base: string = apiBase()): string {
  const url = `${base}${path.replace(/^\/+/, "")}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The failure of a call that got no answer (offline, the service unreachable): the generic message. */
export function unreachable(): ApiError {
  return apiError(apiErrorMessage({ status: 0, statusText: "" }), 0, undefined);
}

/** The answer's body, or the ApiError its status calls for. */
export async function answerBody<T>(response: Response): Promise<T> {
  const body = await readBody(response);
  if (!response.ok) throw apiError(apiErrorMessage({ status: response.status, statusText: response.statusText, body }), response.status, body);
  return body as T;
}

/** The order session token (SPEC §6) as the service takes it: the `Authorization` header's value. */
export function bearer(token: string): string {
  return `Bearer ${token}`;
}

export interface ReadOptions {
  query?: ApiQuery;
  /** Order session token (SPEC §6), for reading the visitor's own order: sent as `Authorization: Bearer …`. */
  token?: string | null;
}

/** GET `path` (with `query`) as JSON. */
export async function apiGet<T>(path: string, { query, token }: ReadOptions = {}, fetchImpl: typeof fetch = fetch): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (token) headers.authorization = bearer(token);
  let response: Response;
  try {
    response = await fetchImpl(apiUrl(path, query), { headers });
  } catch {
    throw unreachable();
  }
  return answerBody<T>(response);
}
