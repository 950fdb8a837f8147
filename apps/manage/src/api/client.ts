import { apiError, isApiError, apiErrorMessage } from "@mainstreet/rules/api/api-error";
import { IDEMPOTENCY_KEY_HEADER, createIdempotencyKey } from "@mainstreet/rules/api/idempotency";
import { ownerMessageOf } from "./field-errors";
import { MANAGE_API_BASE_META, MANAGE_API_BASE_PLACEHOLDER } from "@mainstreet/rules/workspace/workspace";

export { isApiError };

const CSRF_HEADER = "X-CSRF-Token";
const OFFLINE_MESSAGE = "The workspace cannot reach the service. Check the connection and try again.";
const SERVER_ERROR_MESSAGE = "The service failed to answer. Try again in a moment.";

/** The API base the service wrote into the document (its API_BASE), else the default `/api/`. */
export function readApiBase(doc: Document = document): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${MANAGE_API_BASE_META}"]`)?.content?.trim();
  const base = content && content !== MANAGE_API_BASE_PLACEHOLDER ? content : "/api/";
  return base.endsWith("/") ? base : `${base}/`;
}

interface SendOptions {
  /** Sends an Idempotency-Key, so a retried status change acts once. */
  idempotent?: boolean;
  /** A 401 from this call is an answer (wrong password), not a lost session. */
  unauthorizedIsAnswer?: boolean;
}

export interface Api {
  readonly base: string;
  /** The absolute path of an API call, for links (the CSV download) and the event stream. */
  url(path: string): string;
  get<T>(path: string): Promise<T>;
  send<T>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown, options?: SendOptions): Promise<T>;
}

export interface ApiOptions {
  base: string;
  /** The session's CSRF token, sent on every state-changing call. */
  csrfToken: () => string | null;
  /** Called when the service says the session is gone (401): the app goes back to sign-in. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApi(options: ApiOptions): Api {
  const base = options.base;
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);

  async function call<T>(method: string, path: string, body: unknown, sendOptions: SendOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    // A file (a photo upload) goes as its own bytes; everything else as JSON.
    const file = typeof Blob !== "undefined" && body instanceof Blob ? body : null;
    if (file) headers["content-type"] = file.type || "application/octet-stream";
    else if (body !== undefined) headers["content-type"] = "application/json";
    if (method !== "GET") {
      const token = options.csrfToken();
      if (token) headers[CSRF_HEADER] = token;
      if (sendOptions.idempotent) headers[IDEMPOTENCY_KEY_HEADER] = createIdempotencyKey();
    }
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        credentials: "same-origin",
        cache: "no-store",
        body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
    } catch {
      throw apiError(OFFLINE_MESSAGE, 0, undefined);
    }
    const parsed = await readBody(response);
    if (response.ok) return parsed as T;
    if (response.status === 401 && !sendOptions.unauthorizedIsAnswer) options.onUnauthorized();
    // A refusal that names fields is written for API clients (`body.email: expected …`); the owner reads
    // the workspace's sentence for each field instead, and the body keeps the paths.
    const ownerMessage = response.status < 500 ? ownerMessageOf(parsed) : null;
    throw apiError(ownerMessage ?? apiErrorMessage({ status: response.status, statusText: response.statusText, body: parsed }, SERVER_ERROR_MESSAGE), response.status, parsed);
  }

  return {
    base,
    url: (path) => `${base}${path}`,
    get: (path) => call("GET", path, undefined),
    send: (method, path, body, sendOptions) => call(method, path, body, sendOptions),
  };
}

/** The message to show for anything a call threw. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return error instanceof Error && error.message ? error.message : SERVER_ERROR_MESSAGE;
}
