import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { sqlState } from "../db/db";
import { DatabaseBusyError } from "../db/fair-queue";

/**
 * Every error reply is `{ message, detail? }` with a 4xx status, because the site shows the message of
 * a 4xx (SPEC §8) and only a generic fallback for a 5xx. A 5xx is kept for real service faults
 * (database down), never for anything a request can contain.
 */
declare module "fastify" {
  interface FastifyInstance {
    /**
     * Starts draining: new requests get 503 with Connection: close, answers to those in flight close
     * their connections; resolves when none is in flight. Then `close()` has only idle sockets left.
     */
    drain(quietMs?: number): Promise<void>;
    /**
     * Marks a request as a long-lived stream (server-sent events): it no longer holds the drain back, and
     * `end` is called when the drain starts (at once, if it has), so the stream closes and the client
     * reconnects elsewhere. The function returned forgets it (call it when the stream closes).
     */
    longLived(request: FastifyRequest, end: () => void): () => void;
  }
  interface FastifyRequest {
    countedInFlight?: boolean;
  }
}

/** How long the drain waits for requests already sent but not yet read before it calls the service idle. */
export const DRAIN_QUIET_MS = 150;

export interface ErrorBody {
  message: string;
  detail?: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, detail?: unknown) => new ApiError(400, message, detail);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, detail?: unknown) => new ApiError(409, message, detail);
export const unprocessable = (message: string, detail?: unknown) => new ApiError(422, message, detail);

export interface IssueDetail {
  path: string;
  message: string;
}

/** `line_items[0].quantity` style paths, matching the data-file error lines. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    const name = String(key);
    return out ? `${out}.${name}` : name;
  }, "");
}

function describeFound(input: unknown): string {
  if (input === undefined) return "nothing";
  if (input === null) return "null";
  // JSON.parse reads 1e400 as Infinity, which JSON.stringify would print as null.
  if (typeof input === "number" && !Number.isFinite(input)) return "a number too large to represent";
  if (Array.isArray(input)) return `a list of ${input.length}`;
  if (typeof input === "object") return "an object";
  const text = JSON.stringify(input);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key as string];
  }
  return current;
}

export function zodIssues(error: z.ZodError, input: unknown, where: string): IssueDetail[] {
  return error.issues.map((issue) => {
    const path = formatPath([where, ...issue.path]);
    if (issue.code === "unrecognized_keys") {
      return { path, message: `unexpected field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((key) => `"${key}"`).join(", ")}` };
    }
    const value = valueAt(input, issue.path);
    if (typeof value === "number" && !Number.isFinite(value)) return { path, message: "expected a number, got a number too large to represent" };
    return { path, message: `${issue.message}, got ${describeFound(value)}` };
  });
}

// A lone UTF-16 surrogate (JSON allows "\ud800") has no UTF-8 encoding: PostgreSQL refuses it and PGlite
// stores U+FFFD instead, silently changing what the visitor sent. A NUL byte is refused by PostgreSQL's text
// type outright. Neither is ever part of real text, so both are refused at the door.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | null {
  const nul = text.indexOf("\u0000");
  if (nul >= 0) return `expected text without NUL characters, got U+0000 at position ${nul + 1}`;
  const lone = LONE_SURROGATE.exec(text);
  if (lone) return `expected well-formed Unicode text, got an unpaired surrogate (U+${lone[0].charCodeAt(0).toString(16).toUpperCase()}) at position ${lone.index + 1}`;
  return null;
}

/** Every string in a request's input (keys too) that no database could store as sent, with its path. */
export function unsafeText(input: unknown, path: PropertyKey[] = []): IssueDetail[] {
  if (typeof input === "string") {
    const problem = textProblem(input);
    return problem ? [{ path: formatPath(path), message: problem }] : [];
  }
  if (input === null || typeof input !== "object") return [];
  const entries: [PropertyKey, unknown][] = Array.isArray(input) ? input.map((value, index) => [index, value]) : Object.entries(input);
  return entries.flatMap(([key, value]) => {
    const keyProblem = typeof key === "string" ? textProblem(key) : null;
    return keyProblem ? [{ path: formatPath([...path, key]), message: `field name: ${keyProblem}` }] : unsafeText(value, [...path, key]);
  });
}

function refuse(issues: IssueDetail[]): never {
  const first = issues[0];
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : "";
  throw badRequest(`${first.path}: ${first.message}${more}`, issues);
}

/** Parses request input with a strict zod schema or throws a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
  const unsafe = unsafeText(input, [where]);
  if (unsafe.length > 0) refuse(unsafe);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  if (where === "body" && input === undefined) {
    throw badRequest("Request body is missing: expected a JSON object with Content-Type: application/json");
  }
  refuse(zodIssues(result.error, input, where));
}

/** A path part longer than any id: the router's refusal, and the not-found handler's when a catch-all took it. */
export const PATH_PART_TOO_LONG: [status: number, message: string] = [414, "The URL path is too long: one of its parts is longer than any id this API uses"];

/** Fastify's own refusals, by error code: the status and the sentence this API answers with. */
const FASTIFY_REFUSALS = new Map<string, [status: number, message: string]>([
  ["FST_ERR_CTP_INVALID_MEDIA_TYPE", [415, "Unsupported Content-Type: send the body as application/json"]],
  ["FST_ERR_CTP_BODY_TOO_LARGE", [413, "Request body is too large: this API accepts at most 64 KB"]],
  ["FST_ERR_CTP_EMPTY_JSON_BODY", [400, "Request body is empty but Content-Type is application/json: send a JSON object"]],
  ["FST_ERR_CTP_INVALID_CONTENT_LENGTH", [400, "Content-Length does not match the request body"]],
  ["FST_ERR_BAD_URL", [400, "The URL is not valid: its path has a malformed percent-encoded character"]],
  ["FST_ERR_MAX_PARAM_LENGTH", PATH_PART_TOO_LONG],
  ["FST_ERR_ASYNC_CONSTRAINT", [400, "The request could not be routed"]],
]);

function fastifyErrorReply(error: FastifyError): { status: number; body: ErrorBody } | undefined {
  const refusal = FASTIFY_REFUSALS.get(error.code);
  if (refusal) return { status: refusal[0], body: { message: refusal[1] } };
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return { status: 400, body: { message: `Request body is not valid JSON: ${error.message}` } };
  }
  if (error.statusCode === 429) {
    return { status: 429, body: { message: error.message || "Too many requests: wait a minute and try again" } };
  }
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, body: { message: error.message } };
  }
  return undefined;
}

/**
 * PostgreSQL's refusals that say "not now" rather than "not this": a deadlock broken by failing this
 * transaction, a serialization failure, a lock not available. The transaction was rolled back whole, so
 * the same request sent again acts normally.
 */
const TRANSIENT_SQL_STATES = new Set(["40P01", "40001", "55P03"]);

/** Whether the request was refused because the database was busy, not because of anything it contains. */
export function refusedAsBusy(error: unknown): boolean {
  return error instanceof DatabaseBusyError || TRANSIENT_SQL_STATES.has(sqlState(error) ?? "");
}

export function errorReply(error: unknown): { status: number; body: ErrorBody } {
  if (refusedAsBusy(error)) {
    return { status: 503, body: { message: "The service is busy: nothing was changed. Try again in a moment." } };
  }
  if (error instanceof ApiError) {
    return { status: error.statusCode, body: error.detail === undefined ? { message: error.message } : { message: error.message, detail: error.detail } };
  }
  if (error instanceof Error) {
    const known = fastifyErrorReply(error as FastifyError);
    if (known) return known;
  }
  return { status: 500, body: { message: "The service failed to handle this request; nothing was changed. Try again later." } };
}

/**
 * One error format for everything: handler errors, parser and framework errors, and the 503 while the
 * service drains for a restart (new requests on kept-alive connections get it, with Connection: close,
 * and go to another instance or retry).
 */
export function installErrorHandling(app: FastifyInstance): void {
  let closing = false;
  let inFlight = 0;
  let arrived = 0;
  let idle: (() => void) | null = null;
  const streams = new Set<() => void>();
  const endStreams = () => {
    for (const end of [...streams]) end();
    streams.clear();
  };
  app.decorate("drain", async (quietMs: number = DRAIN_QUIET_MS) => {
    closing = true;
    endStreams();
    // Done when nothing is in flight and nothing new has arrived for `quietMs`. The quiet window
    // matters with PGlite: it runs on this thread, so while it works, requests clients have already
    // sent wait unread in the sockets; closing then would reset those connections. Once the loop is
    // free they are read within milliseconds, and answered (503, Connection: close).
    for (;;) {
      const seen = arrived;
      if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
      await new Promise((resolve) => setTimeout(resolve, quietMs));
      if (inFlight === 0 && arrived === seen) return;
    }
  });
  app.addHook("preClose", async () => {
    closing = true;
    // server.close() waits for every connection: an open stream would hold it forever.
    endStreams();
  });
  app.addHook("onRequest", async (request, reply) => {
    arrived += 1;
    if (!closing) {
      inFlight += 1;
      request.countedInFlight = true;
      return;
    }
    request.log.info("refused while closing");
    // Retry-After tells a client that retries order calls with their Idempotency-Key to send it again.
    return reply
      .code(503)
      .header("connection", "close")
      .header("retry-after", "1")
      .type("application/json; charset=utf-8")
      .send({ message: "The service is restarting: try again in a moment" });
  });
  const settle = async (request: FastifyRequest) => {
    if (!request.countedInFlight) return;
    request.countedInFlight = false;
    inFlight -= 1;
    if (closing && inFlight === 0 && idle) {
      idle();
      idle = null;
    }
  };
  // While draining, every answer ends its connection, so no client sends another request on it as the
  // server closes it (the race that resets connections).
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) void reply.header("connection", "close");
    return payload;
  });
  app.addHook("onResponse", settle);
  app.addHook("onRequestAbort", settle);
  app.decorate("longLived", (request: FastifyRequest, end: () => void) => {
    void settle(request);
    if (closing) {
      end();
      return () => undefined;
    }
    streams.add(end);
    return () => void streams.delete(end);
  });
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = errorReply(error);
    if (refusedAsBusy(error)) {
      if (error instanceof DatabaseBusyError) request.log.warn({ waitedMs: error.waitedMs }, "database busy: request refused before it started");
      else request.log.warn({ sqlState: sqlState(error), err: error }, "database busy: transaction rolled back");
      void reply.header("retry-after", "1");
    } else if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ status, message: body.message }, "request refused");
    return reply.code(status).type("application/json; charset=utf-8").send(body);
  });
}
