/**
 * The `session_token` sent with address autocomplete and place-details calls (SPEC §7): 32 random hex
 * characters from a cryptographic source, so one visitor's searches cannot be linked to another's.
 */

export type RandomSource = Pick<Crypto, "getRandomValues">;

export const SESSION_TOKEN_PATTERN = /^[0-9a-f]{32}$/;

export function createSessionToken(source: RandomSource | null = globalThis.crypto ?? null): string {
  return randomHex(16, source, "createSessionToken");
}

/** `bytes` random bytes from a cryptographic source as lowercase hex; `who` names the caller in the error. */
export function randomHex(bytes: number, source: RandomSource | null = globalThis.crypto ?? null, who = "randomHex"): string {
  if (!source || typeof source.getRandomValues !== "function") {
    throw new Error(`${who}: expected globalThis.crypto.getRandomValues (a secure context), found none`);
  }
  return Array.from(source.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function isSessionToken(value: unknown): value is string {
  return typeof value === "string" && SESSION_TOKEN_PATTERN.test(value);
}
