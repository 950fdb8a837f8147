import { createHash, timingSafeEqual } from "node:crypto";
import { isSessionToken } from "@mainstreet/rules/api/session-token";
import { forbidden, unauthorized } from "./errors";

/** The order session token (SPEC §6, §7): 32 hex characters sent as `Authorization: Bearer <token>`. */
export function bearerToken(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw unauthorized("Authorization header is missing: send Authorization: Bearer <session_token> from the order's creation reply");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  if (!match) throw unauthorized("Authorization header must be Bearer <session_token>");
  if (!isSessionToken(match[1])) throw unauthorized("The bearer token is not an order session token: expected 32 lowercase hex characters");
  return match[1];
}

/** Only a hash is stored, so reading the database does not hand out order tokens. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function assertTokenMatches(storedHash: string, token: string, what: string): void {
  const given = Buffer.from(hashToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    throw forbidden(`This session token does not belong to ${what}`);
  }
}
