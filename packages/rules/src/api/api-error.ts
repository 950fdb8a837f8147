/**
 * The message a visitor sees for a failed API call (SPEC §8): a server error (status 500 or above) shows
 * the generic fallback, since its body is not written for visitors; otherwise the response's `message`,
 * else its `detail`, else the status text, else the fallback.
 */
import { UI_TEXT } from "../business/constants";

/**
 * A refused or failed API call, with the message for people (apiErrorMessage) and what the service sent:
 * thrown by the site's client and by the workspace's alike.
 */
export interface ApiError extends Error {
  readonly name: "ApiError";
  readonly status: number;
  readonly body: unknown;
}

// A plain Error with two fields, not a subclass: the site's Babel (babel-preset-gatsby) compiles `extends Error`
// with a wrapper for native classes, which every chunk that reads the service would carry.
export function apiError(message: string, status: number, body: unknown): ApiError {
  return Object.assign(new Error(message), { name: "ApiError" as const, status, body });
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof Error && value.name === "ApiError" && typeof (value as Partial<ApiError>).status === "number";
}

export type ApiErrorResponse = { status: number; statusText?: string | null; body?: unknown };

function text(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  // DRF-style bodies may carry a list of messages.
  if (Array.isArray(value)) {
    const parts = value.filter((part): part is string => typeof part === "string" && part.trim() !== "");
    return parts.length > 0 ? parts.map((part) => part.trim()).join(" ") : null;
  }
  return null;
}

function asRecord(body: unknown): Record<string, unknown> | null {
  if (typeof body === "string") {
    try {
      return asRecord(JSON.parse(body) as unknown);
    } catch {
      return null;
    }
  }
  return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

export function apiErrorMessage(res: ApiErrorResponse, fallback: string = UI_TEXT.genericError): string {
  if (res.status >= 500) return fallback;
  const body = asRecord(res.body);
  return text(body?.message) ?? text(body?.detail) ?? text(res.statusText) ?? fallback;
}
