import { randomUUID } from "node:crypto";
import type { MerchantRole } from "@mainstreet/rules/api/manage-api";
import type { Queryable } from "../db/db";

/**
 * All the SQL of merchant accounts: users, sessions, known browsers, sign-in attempts, password resets and
 * invitations. Tokens arrive hashed.
 */

export interface UserRow extends Record<string, unknown> {
  id: string;
  business_id: string;
  email: string;
  role: MerchantRole;
  password_hash: string;
  created_at: Date;
  last_seen_at: Date | null;
  team_member_id: string | null;
}

export interface SessionRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  business_id: string;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  email: string;
  role: MerchantRole;
}

interface InvitationRow extends Record<string, unknown> {
  id: string;
  business_id: string;
  email: string;
  role: MerchantRole;
}

export async function businessesOfEmail(q: Queryable, email: string): Promise<string[]> {
  const { rows } = await q.query<{ business_id: string }>("SELECT business_id FROM merchant_users WHERE email = $1 ORDER BY business_id", [email]);
  return rows.map((row) => row.business_id);
}

/** Inserts an account; a second account for the address at the same business fails with 23505. */
export async function insertUser(q: Queryable, user: { businessId: string; email: string; role: MerchantRole; passwordHash: string; at: Date }): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    "INSERT INTO merchant_users (id, business_id, email, role, password_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *",
    [randomUUID(), user.businessId, user.email, user.role, user.passwordHash, user.at],
  );
  return rows[0];
}

export async function setPassword(q: Queryable, businessId: string, email: string, passwordHash: string): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string }>("UPDATE merchant_users SET password_hash = $3 WHERE business_id = $1 AND email = $2 RETURNING id", [
    businessId,
    email,
    passwordHash,
  ]);
  return rows[0]?.id;
}

export async function revokeSessionsOfUser(q: Queryable, userId: string, at: Date): Promise<void> {
  await q.query("UPDATE merchant_sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL", [userId, at]);
}

export async function insertSession(q: Queryable, session: { tokenHash: string; userId: string; businessId: string; at: Date; expiresAt: Date }): Promise<void> {
  await q.query(
    "INSERT INTO merchant_sessions (id, token_hash, user_id, business_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5, $5, $6)",
    [randomUUID(), session.tokenHash, session.userId, session.businessId, session.at, session.expiresAt],
  );
}

export async function touchUser(q: Queryable, userId: string, at: Date): Promise<void> {
  await q.query("UPDATE merchant_users SET last_seen_at = $2 WHERE id = $1", [userId, at]);
}

export async function touchSession(q: Queryable, sessionId: string, at: Date): Promise<void> {
  await q.query("UPDATE merchant_sessions SET last_seen_at = $2 WHERE id = $1", [sessionId, at]);
}

export async function usersByEmail(q: Queryable, email: string): Promise<UserRow[]> {
  const { rows } = await q.query<UserRow>("SELECT * FROM merchant_users WHERE email = $1 ORDER BY business_id", [email]);
  return rows;
}

export async function sessionByTokenHash(q: Queryable, tokenHash: string): Promise<SessionRow | undefined> {
  const { rows } = await q.query<SessionRow>(
    `SELECT s.id, s.user_id, s.business_id, s.last_seen_at, s.expires_at, s.revoked_at, u.email, u.role
       FROM merchant_sessions s JOIN merchant_users u ON u.id = s.user_id WHERE s.token_hash = $1`,
    [tokenHash],
  );
  return rows[0];
}

export async function sessionById(q: Queryable, sessionId: string): Promise<SessionRow | undefined> {
  const { rows } = await q.query<SessionRow>("SELECT id, user_id, last_seen_at, expires_at, revoked_at FROM merchant_sessions WHERE id = $1", [sessionId]);
  return rows[0];
}

export async function revokeSession(q: Queryable, sessionId: string, at: Date): Promise<void> {
  await q.query("UPDATE merchant_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL", [sessionId, at]);
}

export async function usersOfBusiness(q: Queryable, businessId: string): Promise<UserRow[]> {
  const { rows } = await q.query<UserRow>("SELECT * FROM merchant_users WHERE business_id = $1 ORDER BY created_at, email", [businessId]);
  return rows;
}

export async function openInvitationsOfBusiness(q: Queryable, businessId: string, now: Date): Promise<(InvitationRow & { expires_at: Date })[]> {
  const { rows } = await q.query<InvitationRow & { expires_at: Date }>(
    `SELECT id, email, role, expires_at FROM merchant_invitations
      WHERE business_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at`,
    [businessId, now],
  );
  return rows;
}

export async function hasAccount(q: Queryable, businessId: string, email: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM merchant_users WHERE business_id = $1 AND email = $2", [businessId, email]);
  return rows.length > 0;
}

export async function revokeOpenInvitationsOf(q: Queryable, businessId: string, email: string, at: Date): Promise<void> {
  await q.query("UPDATE merchant_invitations SET revoked_at = $3 WHERE business_id = $1 AND email = $2 AND accepted_at IS NULL AND revoked_at IS NULL", [
    businessId,
    email,
    at,
  ]);
}

export async function insertInvitation(
  q: Queryable,
  invitation: { id: string; businessId: string; email: string; role: MerchantRole; tokenHash: string; invitedBy: string; at: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    "INSERT INTO merchant_invitations (id, business_id, email, role, token_hash, invited_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    [invitation.id, invitation.businessId, invitation.email, invitation.role, invitation.tokenHash, invitation.invitedBy, invitation.at, invitation.expiresAt],
  );
}

/** Revokes an open invitation of the business; false when there is none by that id. */
export async function revokeInvitation(q: Queryable, businessId: string, invitationId: string, at: Date): Promise<boolean> {
  const { rowCount } = await q.query(
    "UPDATE merchant_invitations SET revoked_at = $3 WHERE id = $1 AND business_id = $2 AND accepted_at IS NULL AND revoked_at IS NULL",
    [invitationId, businessId, at],
  );
  return rowCount > 0;
}

/** The open invitation a token opens; `lock` holds it until the transaction ends. */
export async function openInvitationByTokenHash(q: Queryable, tokenHash: string, now: Date, lock: boolean): Promise<InvitationRow | undefined> {
  const { rows } = await q.query<InvitationRow>(
    `SELECT id, business_id, email, role FROM merchant_invitations
      WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2${lock ? " FOR UPDATE" : ""}`,
    [tokenHash, now],
  );
  return rows[0];
}

export async function markInvitationAccepted(q: Queryable, invitationId: string, at: Date): Promise<void> {
  await q.query("UPDATE merchant_invitations SET accepted_at = $2 WHERE id = $1", [invitationId, at]);
}

/** Deletes an account of the business; false when there is none by that id. */
export async function deleteUser(q: Queryable, businessId: string, userId: string): Promise<boolean> {
  const { rowCount } = await q.query("DELETE FROM merchant_users WHERE id = $1 AND business_id = $2", [userId, businessId]);
  return rowCount > 0;
}

/**
 * Sessions ended a day ago, attempt counts and reset links a day old, invitations expired a month ago and
 * browsers unseen since `deviceCutoff`, `limit` of each.
 */
export async function purgeAccounts(q: Queryable, dayAgo: Date, monthAgo: Date, deviceCutoff: Date, limit: number): Promise<number> {
  let removed = 0;
  for (const [sql, params] of [
    ["DELETE FROM merchant_sessions WHERE id IN (SELECT id FROM merchant_sessions WHERE expires_at < $1 OR revoked_at < $1 LIMIT $2)", [dayAgo, limit]],
    ["DELETE FROM merchant_sign_in_attempts WHERE (scope, key) IN (SELECT scope, key FROM merchant_sign_in_attempts WHERE last_at < $1 LIMIT $2)", [dayAgo, limit]],
    ["DELETE FROM merchant_password_resets WHERE id IN (SELECT id FROM merchant_password_resets WHERE expires_at < $1 LIMIT $2)", [dayAgo, limit]],
    ["DELETE FROM merchant_devices WHERE (token_hash, user_id) IN (SELECT token_hash, user_id FROM merchant_devices WHERE last_seen_at < $1 LIMIT $2)", [deviceCutoff, limit]],
    ["DELETE FROM merchant_invitations WHERE id IN (SELECT id FROM merchant_invitations WHERE expires_at < $1 LIMIT $2)", [monthAgo, limit]],
  ] as const) {
    removed += (await q.query(sql, [...params])).rowCount;
  }
  return removed;
}

export async function userById(q: Queryable, userId: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>("SELECT * FROM merchant_users WHERE id = $1", [userId]);
  return rows[0];
}

/** Links an account to a team member (or unlinks it); false when the business has no such account. */
export async function setTeamMember(q: Queryable, businessId: string, userId: string, teamMemberId: string | null): Promise<boolean> {
  const { rowCount } = await q.query("UPDATE merchant_users SET team_member_id = $3 WHERE id = $1 AND business_id = $2", [userId, businessId, teamMemberId]);
  return (rowCount ?? 0) > 0;
}

export async function setPasswordOfUser(q: Queryable, userId: string, passwordHash: string): Promise<void> {
  await q.query("UPDATE merchant_users SET password_hash = $2 WHERE id = $1", [userId, passwordHash]);
}

/** The secret that signs browser cookies: made by the first caller, the same for every replica after. */
export async function deviceKey(q: Queryable, candidate: string): Promise<string> {
  await q.query("INSERT INTO merchant_device_key (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING", [candidate]);
  const { rows } = await q.query<{ secret: string }>("SELECT secret FROM merchant_device_key WHERE id = 1");
  return rows[0].secret;
}

/** Whether a browser has signed in, since `seenSince`, to an account of the address. */
export async function deviceKnownForEmail(q: Queryable, tokenHash: string, email: string, seenSince: Date): Promise<boolean> {
  const { rows } = await q.query(
    "SELECT 1 FROM merchant_devices d JOIN merchant_users u ON u.id = d.user_id WHERE d.token_hash = $1 AND u.email = $2 AND d.last_seen_at > $3 LIMIT 1",
    [tokenHash, email, seenSince],
  );
  return rows.length > 0;
}

export async function rememberDevice(q: Queryable, tokenHash: string, userId: string, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO merchant_devices (token_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (token_hash, user_id) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
    [tokenHash, userId, at],
  );
}

export async function forgetDevicesOfUser(q: Queryable, userId: string): Promise<void> {
  await q.query("DELETE FROM merchant_devices WHERE user_id = $1", [userId]);
}

export interface AttemptRow extends Record<string, unknown> {
  scope: string;
  key: string;
  attempts: number;
  last_at: Date;
}

/** The counts of the given scope and key pairs (absent: none counted). */
export async function attemptCounts(q: Queryable, keys: readonly (readonly [string, string])[]): Promise<AttemptRow[]> {
  if (keys.length === 0) return [];
  const { rows } = await q.query<AttemptRow>(
    "SELECT scope, key, attempts, last_at FROM merchant_sign_in_attempts WHERE (scope, key) IN (SELECT * FROM unnest($1::text[], $2::text[]))",
    [keys.map(([scope]) => scope), keys.map(([, key]) => key)],
  );
  return rows;
}

/** Counts one attempt; a count whose last attempt is older than `lapsedBefore` starts again at 1. */
export async function countAttempt(q: Queryable, scope: string, key: string, at: Date, lapsedBefore: Date): Promise<number> {
  const { rows } = await q.query<{ attempts: number }>(
    `INSERT INTO merchant_sign_in_attempts AS a (scope, key, attempts, first_at, last_at) VALUES ($1, $2, 1, $3, $3)
     ON CONFLICT (scope, key) DO UPDATE SET
       attempts = CASE WHEN a.last_at <= $4 THEN 1 ELSE a.attempts + 1 END,
       first_at = CASE WHEN a.last_at <= $4 THEN EXCLUDED.first_at ELSE a.first_at END,
       last_at = EXCLUDED.last_at
     RETURNING attempts`,
    [scope, key, at, lapsedBefore],
  );
  return rows[0].attempts;
}

export async function clearAttempts(q: Queryable, scope: string, key: string): Promise<void> {
  await q.query("DELETE FROM merchant_sign_in_attempts WHERE scope = $1 AND key = $2", [scope, key]);
}

/** A new reset link for the account; the account's older open links stop working. */
export async function insertPasswordReset(q: Queryable, reset: { userId: string; tokenHash: string; at: Date; expiresAt: Date }): Promise<void> {
  await q.query("UPDATE merchant_password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL", [reset.userId, reset.at]);
  await q.query("INSERT INTO merchant_password_resets (id, user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)", [
    randomUUID(),
    reset.userId,
    reset.tokenHash,
    reset.at,
    reset.expiresAt,
  ]);
}

/** The open (unused, unexpired) reset a token opens; `lock` holds it until the transaction ends. */
export async function openPasswordReset(q: Queryable, tokenHash: string, now: Date, lock: boolean): Promise<{ id: string; user_id: string } | undefined> {
  const { rows } = await q.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM merchant_password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2${lock ? " FOR UPDATE" : ""}`,
    [tokenHash, now],
  );
  return rows[0];
}

export async function markPasswordResetUsed(q: Queryable, resetId: string, at: Date): Promise<void> {
  await q.query("UPDATE merchant_password_resets SET used_at = $2 WHERE id = $1", [resetId, at]);
}
