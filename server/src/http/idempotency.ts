import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from "fastify";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENT_REPLAY_HEADER,
  honoursIdempotencyKey,
  isIdempotencyKey,
} from "@mainstreet/rules/api/idempotency";
import { isSessionToken } from "@mainstreet/rules/api/session-token";
import type { Db, Queryable } from "../db/db";
import { claimKey, completeKey, purgeKeys, readKey, releaseKey } from "./idempotency.store";
import { hashToken } from "./bearer";
import { ApiError, badRequest, conflict, errorReply, unprocessable } from "./errors";

/**
 * Safe retries (docs/api.md "Safe retries"): every POST, PUT, PATCH and DELETE under `orders/` and
 * `checkouts/` sent with an `Idempotency-Key` header acts at most once per key. Added once, to every such
 * route as it is registered (an onRoute hook wraps its handler), never route by route.
 *
 * How exactly-once holds, on both engines and across crashes:
 * 1. Claim: the key is inserted as `running` with this request as owner and a short lease (committed at
 *    once, so a repeat arriving meanwhile is told 409 "still running"). A key already `done` is answered
 *    from its stored reply; one stored for another request is a 422.
 * 2. Act: the handler runs as one unit of work (Db.unitOfWork): everything it writes, through however many
 *    transactions of its own, commits together with the key's stored reply, or not at all. A crash before
 *    that commit leaves only the claim, whose lease then ends, and a retry acts as if for the first time.
 * 3. A retry that took over an expired lease makes the first request's final update find another owner:
 *    that request rolls back everything it did and answers 409, so exactly one of them acts.
 */

/** How long a claim protects a request that has not finished; after it a retry may take the key over. */
export const IDEMPOTENCY_LEASE_MS = 10_000;
/** Answers kept for a repeat: what happened (2xx) and the refusals a repeat would get again (402, 409, 422). */
const STORED_STATUSES = (status: number) => (status >= 200 && status < 300) || status === 402 || status === 409 || status === 422;

interface Claim {
  scope: string;
  keyHash: string;
  fingerprint: string;
  owner: string;
  secret: Buffer;
}


/** The claim lost to a retry that took over its expired lease: this request must not act. */
class Superseded extends ApiError {
  constructor() {
    super(409, "A retry of this request (same Idempotency-Key) took over while it was still running: its answer is the one that counts. Retry to read it.");
  }
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** JSON with object keys sorted, so the same body sent with its fields in another order is the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** AES-256-GCM under a key derived from the Idempotency-Key: the database alone cannot read a stored reply. */
function secretFor(key: string, scope: string): Buffer {
  return Buffer.from(hkdfSync("sha256", key, scope, "mainstreet idempotent reply", 32));
}

function seal(secret: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secret, iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

function open(secret: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", secret, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

function describeKey(raw: string | string[]): string {
  if (Array.isArray(raw)) return "the header more than once";
  return `${JSON.stringify(raw.slice(0, 40))}${raw.length > 40 ? "…" : ""} (${raw.length} characters)`;
}

const header = (request: FastifyRequest, name: string): string | string[] | undefined => request.headers[name.toLowerCase()];

export interface IdempotencyOptions {
  db: Db;
  /** The service clock (tests pin it): leases and the 24-hour expiry are measured with it. */
  clock: () => Date;
  /** API_BASE without its trailing slash, to tell which routes are under `orders/` and `checkouts/`. */
  apiPrefix: string;
}

/**
 * Whose key it is: the order session (every call but `POST orders/` carries its bearer token), for
 * `POST orders/` and the appointment calls the client address, and for the workspace's calls the merchant's session (its access check
 * ran before the handler). null: no scope, the handler refuses the call (401) and nothing is kept.
 */
function scopeOf(request: FastifyRequest, path: string): string | null {
  if (path.startsWith("manage/")) return request.merchant ? sha256(`merchant-session ${request.merchant.sessionId}`) : null;
  const authorization = header(request, "authorization");
  const bearer = typeof authorization === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  if (bearer && isSessionToken(bearer)) return sha256(`order-session ${hashToken(bearer)}`);
  // Calls without an order session: creating an order, and every appointment call (the booking's token, when
  // there is one, travels in the body and is part of the request the key stands for).
  if (request.method === "POST" && (path === "orders/" || path.startsWith("appointments/"))) return sha256(`client ${request.ip}`);
  return null;
}

export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  /** Claims the key for this request, or says what answers it instead. */
  async claim(claim: Claim): Promise<{ kind: "claimed" } | { kind: "replay"; status: number; body: unknown } | { kind: "mismatch" } | { kind: "running" }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const now = this.clock();
      const owner = await claimKey(this.db, {
        ...claim,
        leaseUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS),
        at: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      });
      if (owner === claim.owner) return { kind: "claimed" };
      const row = await readKey(this.db, claim);
      // Removed between the two statements (expired and purged): claim again.
      if (!row) continue;
      if (row.fingerprint !== claim.fingerprint) return { kind: "mismatch" };
      if (row.state === "running") return { kind: "running" };
      return { kind: "replay", status: row.response_status as number, body: JSON.parse(open(claim.secret, row.response_body as string)) };
    }
    return { kind: "running" };
  }

  /** Stores the answer, in the request's unit of work, if this request still owns the key. */
  async complete(q: Queryable, claim: Claim, status: number, body: unknown): Promise<void> {
    if (!(await completeKey(q, claim, status, seal(claim.secret, JSON.stringify(body ?? null))))) throw new Superseded();
  }

  /** Gives the key up (nothing worth repeating happened), if this request still owns it. */
  async release(q: Queryable, claim: Claim): Promise<boolean> {
    return releaseKey(q, claim);
  }
}

/** Removes answers older than 24 hours, at most `limit` at a time (run at start and every few minutes). */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date, limit = 1000): Promise<number> {
  return purgeKeys(db, now, limit);
}

type Outcome = { ok: true; status: number; body: unknown } | { ok: false; error: unknown; status: number; body: unknown };

/**
 * Registers the onRoute hook on `app`: add it before the order and checkout routes are registered in the
 * same context.
 */
export function installIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const store = new IdempotencyStore(options.db, options.clock);
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.startsWith(`${options.apiPrefix}/`) ? route.url.slice(options.apiPrefix.length + 1) : route.url;
    if (!methods.some((method) => honoursIdempotencyKey(method, path))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function idempotent(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const raw = header(request, IDEMPOTENCY_KEY_HEADER);
      if (raw === undefined) return handler.call(this, request, reply);
      if (!isIdempotencyKey(raw)) throw badRequest(`${IDEMPOTENCY_KEY_HEADER}: expected 16 to 255 visible ASCII characters, a fresh UUID or random string per request, got ${describeKey(raw)}`);
      const key: string = raw;
      const scope = scopeOf(request, path);
      if (!scope) return handler.call(this, request, reply);
      const claim: Claim = {
        scope,
        keyHash: sha256(key),
        fingerprint: sha256(canonicalJson([request.method, route.url, request.params ?? {}, request.query ?? {}, request.body ?? null])),
        owner: randomUUID(),
        secret: secretFor(key, scope),
      };
      const claimed = await store.claim(claim);
      if (claimed.kind === "replay") {
        void reply.code(claimed.status).header(IDEMPOTENT_REPLAY_HEADER.toLowerCase(), "true");
        return claimed.body;
      }
      if (claimed.kind === "mismatch") {
        throw unprocessable(`${IDEMPOTENCY_KEY_HEADER} was already used for a different request (another method, path or body): send a new key with a new request`);
      }
      if (claimed.kind === "running") {
        void reply.header("retry-after", "1");
        throw conflict(`A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed: retry in a moment to get its answer`);
      }

      let outcome: Outcome | undefined;
      try {
        await options.db.unitOfWork(async () => {
          try {
            const body = await handler.call(this, request, reply);
            outcome = { ok: true, status: reply.statusCode, body };
          } catch (error) {
            const { status, body } = errorReply(error);
            outcome = { ok: false, error, status, body };
            // A fault of the service: nothing it did is kept.
            if (status >= 500) throw error;
          }
          if (STORED_STATUSES(outcome.status)) await store.complete(options.db, claim, outcome.status, outcome.body);
          else if (!(await store.release(options.db, claim))) throw new Superseded();
        });
      } catch (error) {
        // Rolled back: the claim (committed apart) is given up, so a retry acts at once.
        if (!(error instanceof Superseded)) await store.release(options.db, claim).catch(() => false);
        throw error;
      }
      const done = outcome as Outcome;
      if (!done.ok) throw done.error;
      return done.body;
    };
  });
}
