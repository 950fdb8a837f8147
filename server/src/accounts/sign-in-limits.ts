/**
 * How fast sign-in may be guessed at. Failures are counted per scope and key: from a browser no account
 * of the address has signed in from, per email and per client address; from a known browser, per that
 * browser only, so failures elsewhere never lock the real person out of a browser they use. A few free
 * failures, then each one more waits longer (doubling, up to a cap) before the next try is heard. Password
 * reset mails are counted the same way per email. Pure: the counts and `now` come in.
 */

export type AttemptScope = "email" | "address" | "device" | "reset";

export interface AttemptRule {
  /** Attempts allowed before any wait. */
  free: number;
  /** The count starts again once the last attempt is this old. */
  windowMs: number;
  /** The wait after the first attempt beyond the free ones; it doubles with each one more. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export interface AttemptCount {
  attempts: number;
  lastAt: Date;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The rule of each scope. `failuresPerEmail` (LOGIN_FAILURES_PER_EMAIL) sets the free failures of an
 * email and of a known browser; a client address gets twice that (an office or a shop shares one).
 */
export function attemptRules(failuresPerEmail: number): Record<AttemptScope, AttemptRule> {
  const failures = { windowMs: 24 * HOUR, firstDelayMs: MINUTE, maxDelayMs: HOUR };
  return {
    email: { free: failuresPerEmail, ...failures },
    device: { free: failuresPerEmail, ...failures },
    address: { free: failuresPerEmail * 2, ...failures },
    // Three mails an hour per address, then none until an hour after the last.
    reset: { free: 3, windowMs: HOUR, firstDelayMs: HOUR, maxDelayMs: HOUR },
  };
}

/** Whether a count has lapsed at `now` (its last attempt is older than the window). */
export function lapsed(count: AttemptCount, rule: AttemptRule, now: Date): boolean {
  return count.lastAt.getTime() + rule.windowMs <= now.getTime();
}

/** When the next attempt is heard, or null when it is heard now. */
export function waitUntil(count: AttemptCount | undefined, rule: AttemptRule, now: Date): Date | null {
  if (!count || lapsed(count, rule, now) || count.attempts < rule.free) return null;
  const delay = Math.min(rule.firstDelayMs * 2 ** (count.attempts - rule.free), rule.maxDelayMs);
  const until = new Date(count.lastAt.getTime() + delay);
  return until.getTime() > now.getTime() ? until : null;
}

/** The message a person sees when they must wait: it never sends them to someone else. */
export function waitMessage(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
  return `Too many attempts from this device. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or reset your password.`;
}
