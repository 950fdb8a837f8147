/**
 * What a merchant password must be: the workspace's sign-up form, the invitation's acceptance and
 * the `merchant:add` CLI apply this one rule. It follows NIST SP 800-63B §5.1.1.2 rather than composition
 * rules: long enough (12 characters or more), not absurdly long (the hash input is bounded), and not a
 * value an attacker tries first — a well-known password, one character repeated, a keyboard or alphabet run,
 * or the account's own address or the business's name.
 */

export const MIN_PASSWORD_LENGTH = 12;
/** Argon2 hashes any length, but a megabyte "password" is a way to spend the service's CPU. */
export const MAX_PASSWORD_LENGTH = 256;

/** Well-known passwords of 12 characters or more (from public breach top lists); compared without case. */
const COMMON = new Set([
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123456123456",
  "111111111111",
  "000000000000",
  "password1234",
  "password12345",
  "password123456",
  "passwordpassword",
  "qwertyuiopasdfgh",
  "qwerty123456",
  "qwertyuiop123",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "iloveyou1234",
  "letmein12345",
  "welcome12345",
  "administrator",
  "changeme1234",
  "abcdefghijkl",
  "abc123abc123",
  "trustno1trustno1",
  "football1234",
  "baseball1234",
  "superman1234",
  "sunshine1234",
  "princess1234",
  "monkey123456",
  "dragon123456",
  "mainstreet123",
  "mainstreet1234",
]);

/** Rows and runs people type: a password made of one stretch of these is guessed early. */
const RUNS = ["abcdefghijklmnopqrstuvwxyz", "qwertyuiopasdfghjklzxcvbnm", "01234567890", "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p"];

function isRun(text: string): boolean {
  if (text.length < 4) return false;
  return RUNS.some((run) => {
    const forwards = run.repeat(2);
    const backwards = [...forwards].reverse().join("");
    // A run, possibly repeated ("abcdabcdabcd").
    for (let size = 4; size <= text.length; size += 1) {
      const unit = text.slice(0, size);
      if ((forwards.includes(unit) || backwards.includes(unit)) && unit.repeat(Math.ceil(text.length / size)).startsWith(text)) return true;
    }
    return false;
  });
}

export interface PasswordContext {
  /** The account's address: a password containing its name part is refused. */
  email?: string | null;
  /** The business's name: a password that is just it (with digits) is refused. */
  businessName?: string | null;
}

/** Why a password is refused, as the person choosing it should read it; null when it is acceptable. */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters (this one has ${length}); a few words make a strong, memorable password.`;
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password.trim().length === 0) return "A password cannot be only spaces.";
  const lower = password.toLowerCase();
  const squashed = lower.replace(/[\s_.-]+/g, "");
  if (new Set(squashed).size <= 2) return "This password repeats one or two characters: choose something less predictable.";
  if (COMMON.has(squashed)) return "This is one of the most common passwords: choose something less predictable.";
  if (isRun(squashed.replace(/\d+$/, "")) || isRun(squashed)) return "This password is a run of keys or letters: choose something less predictable.";
  const local = context.email?.split("@")[0]?.toLowerCase().replace(/[^a-z0-9]/g, "") ?? "";
  if (local.length >= 4 && squashed.replace(/[^a-z0-9]/g, "").includes(local)) return "The password must not contain your email address.";
  const business = context.businessName?.toLowerCase().replace(/[^a-z0-9]/g, "") ?? "";
  if (business.length >= 4 && squashed.replace(/[^a-z0-9]/g, "").replace(/\d+$/, "") === business) return "The password must not be the business's name.";
  return null;
}
