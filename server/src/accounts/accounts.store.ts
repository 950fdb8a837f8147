import { randomUUID } from "node:crypto";
import type { MerchantRole } from "@mainstreet/rules/api/manage-api";
import type { Queryable } from "../db/db";

/** All the SQL of merchant accounts: users, sessions, sign-in failures and invitations. Tokens arrive hashed. */

export interface UserRow extends Record<string, unknown> {
  id: string;
  business_id: string;
  email: string;
  role: MerchantRole;
  password_hash: string;
  created_at: Date;
  last_seen_at: Date | null;
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

export async function loginFailuresSince(q: Queryable, email: string, since: Date): Promise<{ n: number; first: Date | null }> {
  const { rows } = await q.query<{ n: number; first: Date | null }>(
    "SELECT count(*)::int AS n, min(at) AS first FROM merchant_login_failures WHERE email = $1 AND at > $2",
    [email, since],
  );
  return rows[0];
}

export async function recordLoginFailure(q: Queryable, email: string, at: Date): Promise<void> {
  await q.query("INSERT INTO merchant_login_failures (email, at) VALUES ($1, $2)", [email, at]);
}

export async function clearLoginFailures(q: Queryable, email: string): Promise<void> {
  await q.query("DELETE FROM merchant_login_failures WHERE email = $1", [email]);
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

/** Sessions ended a day ago, failures older than a day and invitations expired a month ago, `limit` of each. */
export async function purgeAccounts(q: Queryable, dayAgo: Date, monthAgo: Date, limit: number): Promise<number> {
  let removed = 0;
  for (const [sql, params] of [
    ["DELETE FROM merchant_sessions WHERE id IN (SELECT id FROM merchant_sessions WHERE expires_at < $1 OR revoked_at < $1 LIMIT $2)", [dayAgo, limit]],
    ["DELETE FROM merchant_login_failures WHERE ctid IN (SELECT ctid FROM merchant_login_failures WHERE at < $1 LIMIT $2)", [dayAgo, limit]],
    ["DELETE FROM merchant_invitations WHERE id IN (SELECT id FROM merchant_invitations WHERE expires_at < $1 LIMIT $2)", [monthAgo, limit]],
  ] as const) {
    removed += (await q.query(sql, [...params])).rowCount;
  }
  return removed;
}
