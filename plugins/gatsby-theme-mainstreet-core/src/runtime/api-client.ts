import { apiErrorMessage } from "@mainstreet/rules/api-error";
import { BOT_SITE_KEY_HEADER, BOT_TOKEN_HEADER } from "@mainstreet/rules/bot-protection";

/**
 * The browser's one way to call the API service (SPEC §7): JSON in and out, the order session
 * bearer token on order calls, the bot-protection headers on contact, form and checkout calls, and
 * every failure turned into an ApiError whose message follows the SPEC §8 rule.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

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
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
}

export function apiBase(): string {
  const base = process.env.GATSBY_API_BASE || "/api/";
  return base.endsWith("/") ? base : `${base}/`;
}

export function apiUrl(path: string, query?: ApiRequest["query"], base: string = apiBase()): string {
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

export async function apiRequest<T>(path: string, request: ApiRequest = {}, fetchImpl: typeof fetch = fetch): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.botProof) {
    headers[BOT_TOKEN_HEADER] = request.botProof.token;
    headers[BOT_SITE_KEY_HEADER] = request.botProof.siteKey;
  }
  if (request.apiKey) headers["x-api-key"] = request.apiKey;
  let response: Response;
  try {
    response = await fetchImpl(apiUrl(path, request.query), {
      method: request.method ?? (request.body === undefined ? "GET" : "POST"),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if ((error as { name?: string }).name === "AbortError") throw error;
    // Offline or the service unreachable: a status-0 failure gets the generic message.
    throw new ApiError(apiErrorMessage({ status: 0, statusText: "" }), 0, undefined);
  }
  const body = await readBody(response);
  if (!response.ok) {
    throw new ApiError(apiErrorMessage({ status: response.status, statusText: response.statusText, body }), response.status, body);
  }
  return body as T;
}
