import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db, Queryable } from "../db/db";
import { ApiError } from "../http/errors";
import * as store from "./accounts.store";
import { attemptRules, waitMessage, waitUntil, type AttemptRule, type AttemptScope } from "./sign-in-limits";

/**
 * Who is trying to sign in, and whether they must wait (sign-in-limits.ts decides how long). A browser
 * an account signed in from carries a device cookie: a random token and its HMAC under a key kept in the
 * database (so every replica checks it), stored as the token's SHA-256. Failures are counted in the
 * database per email and per client address for unknown browsers, and per browser for known ones.
 */

/** How long a browser stays known without signing in again: the device cookie's lifetime. */
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60_000;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The caller of a sign-in, as the route sees it. */
export interface SignInClient {
  /** The client address (request.ip: the proxy's X-Forwarded-For only with TRUST_PROXY). */
  address: string;
  /** The device cookie as sent, if any. */
  device?: string;
}

/** The keys a sign-in attempt is counted under. */
interface AttemptKeys {
  keys: [AttemptScope, string][];
  /** The browser's token, when its cookie is genuine (known to this address or not). */
  deviceToken: string | null;
  known: boolean;
}

export class SignInGuard {
  private key: Promise<string> | null = null;
  private readonly rules: Record<AttemptScope, AttemptRule>;

  constructor(
    private readonly db: Db,
    failuresPerEmail: number,
  ) {
    this.rules = attemptRules(failuresPerEmail);
  }

  private signingKey(): Promise<string> {
    this.key ??= store.deviceKey(this.db, randomBytes(32).toString("base64url")).catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private async sign(token: string): Promise<string> {
    return createHmac("sha256", await this.signingKey()).update(token).digest("base64url");
  }

  /** The token of a genuine device cookie, or null for none, a malformed one or a forged signature. */
  async deviceToken(cookie: string | undefined): Promise<string | null> {
    const match = cookie ? /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/.exec(cookie) : null;
    if (!match) return null;
    const expected = Buffer.from(await this.sign(match[1]));
    const given = Buffer.from(match[2]);
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
  }

  /** Where an attempt on `email` is counted: per browser when it is known to the address, else per email and address. */
  async keysFor(email: string, client: SignInClient, now: Date): Promise<AttemptKeys> {
    const deviceToken = await this.deviceToken(client.device);
    const known = deviceToken !== null && (await store.deviceKnownForEmail(this.db, sha256(deviceToken), email, new Date(now.getTime() - DEVICE_TTL_MS)));
    const keys: [AttemptScope, string][] = known
      ? [["device", sha256(deviceToken as string)]]
      : [
          ["email", email],
          ["address", client.address],
        ];
    return { keys, deviceToken, known };
  }

  /** Refuses (429) while any of the keys must wait. */
  async check(keys: [AttemptScope, string][], now: Date): Promise<void> {
    const rows = await store.attemptCounts(this.db, keys);
    let until: Date | null = null;
    for (const row of rows) {
      const wait = waitUntil({ attempts: row.attempts, lastAt: new Date(row.last_at) }, this.rules[row.scope as AttemptScope], now);
      if (wait && (!until || wait > until)) until = wait;
    }
    if (until) throw new ApiError(429, waitMessage(until, now), { retry_after_seconds: Math.ceil((until.getTime() - now.getTime()) / 1000) });
  }

  /** Counts a failure under every key. */
  async fail(keys: [AttemptScope, string][], now: Date): Promise<void> {
    for (const [scope, key] of keys) await store.countAttempt(this.db, scope, key, now, new Date(now.getTime() - this.rules[scope].windowMs));
  }

  /**
   * Counts an attempt of a scope that limits something other than failures (reset mails); true when it
   * is within the limit.
   */
  async allow(scope: AttemptScope, key: string, now: Date): Promise<boolean> {
    const rule = this.rules[scope];
    const [row] = await store.attemptCounts(this.db, [[scope, key]]);
    const count = row ? { attempts: row.attempts, lastAt: new Date(row.last_at) } : undefined;
    if (waitUntil(count, rule, now)) return false;
    await store.countAttempt(this.db, scope, key, now, new Date(now.getTime() - rule.windowMs));
    return true;
  }

  /**
   * After a success: the counts that throttled this way in start again, and the browser becomes known to
   * the account. Returns the device cookie's value to set (a new token when the browser had none).
   */
  async succeeded(q: Queryable, attempt: AttemptKeys, userId: string, now: Date): Promise<string> {
    for (const [scope, key] of attempt.keys) if (scope !== "address") await store.clearAttempts(q, scope, key);
    const token = attempt.deviceToken ?? randomBytes(32).toString("base64url");
    await store.rememberDevice(q, sha256(token), userId, now);
    return `${token}.${await this.sign(token)}`;
  }
}
