import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { DateTime } from "luxon";
import type { InvitationReply, MerchantRole, MerchantUser, SessionReply, UsersReply } from "@mainstreet/rules/manage-api";
import { isValidEmail } from "@mainstreet/rules/validation";
import { passwordProblem } from "@mainstreet/rules/passwords";
import type { Catalog } from "../catalog/catalog";
import { sqlState, type Db, type Queryable } from "../db/db";
import { ApiError, conflict, forbidden, notFound, unauthorized, unprocessable } from "../http/errors";
import { deliverMail, queueMail } from "../mail/outbox";
import type { Mailer } from "../mail/mailer";
import { hashPassword, verifyDecoy, verifyPassword } from "./password-hash";
import { TOKEN_PATTERN, type AcceptInvitationBody, type InvitationBody, type LoginBody } from "@mainstreet/rules/manage-requests";
import { locationLabel } from "../orders/orders.service";

/**
 * Merchant accounts (issue 17): users of one business with a role, sessions kept in the database and sent
 * as an HttpOnly cookie, a CSRF token derived from the session, a sign-in limit per address shared by all
 * replicas, and invitations. Tokens (sessions, invitations) are 32 random bytes; only their SHA-256 is
 * stored, so a database dump opens nothing.
 */

/** Who is calling, once the session cookie checked out (request.merchant). */
export interface MerchantSession {
  sessionId: string;
  userId: string;
  email: string;
  role: MerchantRole;
  businessId: string;
  expiresAt: Date;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the workspace's access check (accounts/access.ts) on every signed-in call. */
    merchant?: MerchantSession;
  }
}

export interface AccountsDeps {
  db: Db;
  catalog: Catalog;
  clock: () => Date;
  mailer: Mailer;
  mailFrom: string;
  log: FastifyBaseLogger;
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  loginFailuresPerEmail: number;
}

/** Sign-in failures are counted per address over this window. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** An invitation link works this long. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
/** A session's last_seen_at is written at most this often (not on every call). */
const TOUCH_EVERY_MS = 60_000;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");

/** The CSRF token of a session: derived from its secret cookie, so it is never stored and cannot be guessed without it. */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac("sha256", sessionToken).update("mainstreet workspace csrf").digest("base64url");
}

export function csrfMatches(sessionToken: string, sent: unknown): boolean {
  if (typeof sent !== "string" || sent.length === 0 || sent.length > 200) return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const given = Buffer.from(sent);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

interface UserRow extends Record<string, unknown> {
  id: string;
  business_id: string;
  email: string;
  role: MerchantRole;
  password_hash: string;
  created_at: Date;
  last_seen_at: Date | null;
}

interface SessionRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  business_id: string;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  email: string;
  role: MerchantRole;
}

/** A new session: its cookie value and lifetime, and the reply body. */
export interface SignedIn {
  token: string;
  maxAgeSeconds: number;
  reply: SessionReply;
}

const iso = (value: Date) => new Date(value).toISOString();

export class AccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  private now(): Date {
    return this.deps.clock();
  }

  /** The business's name; 403 when the business is no longer among the data files the service loads. */
  businessName(businessId: string): string {
    const entry = this.deps.catalog.get(businessId);
    if (!entry) throw forbidden(`Business ${businessId} is not served by this service any more`);
    return entry.business.name;
  }

  /** The account as the workspace shows it, with the other businesses the address may sign in to. */
  async userView(user: { id: string; email: string; role: MerchantRole; business_id: string }): Promise<MerchantUser> {
    const entry = this.deps.catalog.get(user.business_id);
    const view: MerchantUser = {
      id: user.id,
      email: user.email,
      role: user.role,
      business_id: user.business_id,
      business_name: this.businessName(user.business_id),
      locations: (entry?.business.locations ?? []).map((location) => ({ id: location.id, name: locationLabel(location), time_zone: location.timezone })),
    };
    const { rows } = await this.deps.db.query<{ business_id: string }>("SELECT business_id FROM merchant_users WHERE email = $1 ORDER BY business_id", [user.email]);
    const served = rows.map((row) => this.deps.catalog.get(row.business_id)).filter((entry) => entry !== undefined);
    if (served.length > 1) view.businesses = served.map((entry) => ({ id: entry.business.id, name: entry.business.name }));
    return view;
  }

  /** Checks a password against the rules for this account and hashes it (before any transaction: hashing takes tens of ms). */
  async preparePassword(businessId: string, email: string, password: string): Promise<string> {
    const problem = passwordProblem(password, { email, businessName: this.businessName(businessId) });
    if (problem) throw unprocessable(`password: ${problem}`, [{ path: "password", message: problem }]);
    return hashPassword(password);
  }

  /**
   * Creates an account (the CLI's first owner, an accepted invitation) with a password prepared by
   * preparePassword. An address has one account per business (409).
   */
  async createUser(q: Queryable, input: { businessId: string; email: string; role: MerchantRole; passwordHash: string }): Promise<UserRow> {
    const business = this.businessName(input.businessId);
    const email = input.email.trim().toLowerCase();
    if (!isValidEmail(email)) throw unprocessable(`email: expected an email address like name@example.com, got ${JSON.stringify(input.email)}`);
    try {
      const { rows } = await q.query<UserRow>(
        "INSERT INTO merchant_users (id, business_id, email, role, password_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *",
        [randomUUID(), input.businessId, email, input.role, input.passwordHash, this.now()],
      );
      return rows[0];
    } catch (error) {
      if (sqlState(error) === "23505") throw conflict(`${email} already has an account at ${business}`);
      throw error;
    }
  }

  /** A new password for an existing account (the CLI's --reset-password); every session of it ends. */
  async resetPassword(input: { businessId: string; email: string; password: string }): Promise<void> {
    const business = this.businessName(input.businessId);
    const email = input.email.trim().toLowerCase();
    const passwordHash = await this.preparePassword(input.businessId, email, input.password);
    await this.deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>("UPDATE merchant_users SET password_hash = $3 WHERE business_id = $1 AND email = $2 RETURNING id", [
        input.businessId,
        email,
        passwordHash,
      ]);
      if (!rows[0]) throw notFound(`${email} has no account at ${business}`);
      await tx.query("UPDATE merchant_sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL", [rows[0].id, this.now()]);
    });
  }

  private async startSession(q: Queryable, user: { id: string; business_id: string; email: string; role: MerchantRole }): Promise<SignedIn> {
    const token = newToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.deps.sessionMaxDays * 24 * 60 * 60_000);
    await q.query(
      "INSERT INTO merchant_sessions (id, token_hash, user_id, business_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5, $5, $6)",
      [randomUUID(), sha256(token), user.id, user.business_id, now, expiresAt],
    );
    await q.query("UPDATE merchant_users SET last_seen_at = $2 WHERE id = $1", [user.id, now]);
    return { token, maxAgeSeconds: Math.floor((expiresAt.getTime() - now.getTime()) / 1000), reply: { user: await this.userView(user), csrf_token: csrfTokenFor(token) } };
  }

  /**
   * Signs in. Wrong address and wrong password read the same (401) and take the same time; after
   * LOGIN_FAILURES_PER_EMAIL failures in 15 minutes an address is refused (429) until the window moves on,
   * whichever client tries. An address with accounts at several businesses names one (else 409 listing them,
   * told only once the password matched).
   */
  async login(body: LoginBody): Promise<SignedIn> {
    const email = body.email.trim().toLowerCase();
    const now = this.now();
    const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
    const { rows: failures } = await this.deps.db.query<{ n: number; first: Date | null }>(
      "SELECT count(*)::int AS n, min(at) AS first FROM merchant_login_failures WHERE email = $1 AND at > $2",
      [email, since],
    );
    if (failures[0].n >= this.deps.loginFailuresPerEmail) {
      const retryAfter = Math.max(1, Math.ceil((new Date(failures[0].first as Date).getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000));
      throw new ApiError(429, `Too many failed sign-ins for this address: try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? "s" : ""}, or ask an owner to invite you again.`, {
        retry_after_seconds: retryAfter,
      });
    }
    const { rows: accounts } = await this.deps.db.query<UserRow>("SELECT * FROM merchant_users WHERE email = $1 ORDER BY business_id", [email]);
    const candidates = accounts.filter((account) => body.business_id === undefined || account.business_id === body.business_id);
    const matched: UserRow[] = [];
    if (candidates.length === 0) await verifyDecoy(body.password);
    for (const account of candidates) if (await verifyPassword(account.password_hash, body.password)) matched.push(account);
    if (matched.length === 0) {
      await this.deps.db.query("INSERT INTO merchant_login_failures (email, at) VALUES ($1, $2)", [email, now]);
      throw unauthorized("Wrong email or password");
    }
    if (matched.length > 1) {
      const businesses = matched.map((account) => ({ id: account.business_id, name: this.deps.catalog.get(account.business_id)?.business.name ?? account.business_id }));
      throw conflict(`${email} has accounts at ${businesses.length} businesses: choose one (send business_id)`, { businesses });
    }
    await this.deps.db.query("DELETE FROM merchant_login_failures WHERE email = $1", [email]);
    return this.startSession(this.deps.db, matched[0]);
  }

  /** Whether a session row still stands at `now`; refreshes last_seen_at (at most once a minute) when it does. */
  private async live(row: Pick<SessionRow, "id" | "user_id" | "last_seen_at" | "expires_at" | "revoked_at"> | undefined): Promise<boolean> {
    const now = this.now().getTime();
    if (!row || row.revoked_at) return false;
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (new Date(row.expires_at).getTime() <= now || lastSeen + this.deps.sessionIdleMinutes * 60_000 <= now) return false;
    if (now - lastSeen >= TOUCH_EVERY_MS) {
      const at = new Date(now);
      await this.deps.db.query("UPDATE merchant_sessions SET last_seen_at = $2 WHERE id = $1", [row.id, at]);
      await this.deps.db.query("UPDATE merchant_users SET last_seen_at = $2 WHERE id = $1", [row.user_id, at]);
    }
    return true;
  }

  /**
   * The session a cookie carries, or null when it is unknown, revoked, past its absolute lifetime or idle
   * too long. Each call counts as activity.
   */
  async sessionFor(token: string | undefined): Promise<MerchantSession | null> {
    if (!token || !TOKEN_PATTERN.test(token)) return null;
    const { rows } = await this.deps.db.query<SessionRow>(
      `SELECT s.id, s.user_id, s.business_id, s.last_seen_at, s.expires_at, s.revoked_at, u.email, u.role
         FROM merchant_sessions s JOIN merchant_users u ON u.id = s.user_id WHERE s.token_hash = $1`,
      [sha256(token)],
    );
    const row = rows[0];
    if (!row || !(await this.live(row))) return null;
    return { sessionId: row.id, userId: row.user_id, email: row.email, role: row.role, businessId: row.business_id, expiresAt: new Date(row.expires_at) };
  }

  /**
   * Whether a session still stands (an open order stream asks at every ping). A screen showing the live
   * queue counts as activity, so a kitchen display stays signed in until the absolute lifetime ends.
   */
  async stillValid(sessionId: string): Promise<boolean> {
    const { rows } = await this.deps.db.query<SessionRow>("SELECT id, user_id, last_seen_at, expires_at, revoked_at FROM merchant_sessions WHERE id = $1", [sessionId]);
    return this.live(rows[0]);
  }

  async sessionReply(session: MerchantSession, token: string): Promise<SessionReply> {
    return { user: await this.userView({ id: session.userId, email: session.email, role: session.role, business_id: session.businessId }), csrf_token: csrfTokenFor(token) };
  }

  async logout(session: MerchantSession): Promise<void> {
    await this.deps.db.query("UPDATE merchant_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL", [session.sessionId, this.now()]);
  }

  async listUsers(session: MerchantSession): Promise<UsersReply> {
    const [users, invitations] = await Promise.all([
      this.deps.db.query<UserRow>("SELECT * FROM merchant_users WHERE business_id = $1 ORDER BY created_at, email", [session.businessId]),
      this.deps.db.query<{ id: string; email: string; role: MerchantRole; expires_at: Date }>(
        `SELECT id, email, role, expires_at FROM merchant_invitations
          WHERE business_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at`,
        [session.businessId, this.now()],
      ),
    ]);
    return {
      users: users.rows.map((user) => ({ id: user.id, email: user.email, role: user.role, created_at: iso(user.created_at), last_seen_at: user.last_seen_at ? iso(user.last_seen_at) : null })),
      invitations: invitations.rows.map((invitation) => ({ id: invitation.id, email: invitation.email, role: invitation.role, expires_at: iso(invitation.expires_at) })),
    };
  }

  /**
   * Invites an address to the business (owner only): a single-use link valid 7 days, answered and mailed.
   * A newer invitation for the same address replaces the older one.
   */
  async invite(session: MerchantSession, body: InvitationBody, workspaceUrl: string): Promise<InvitationReply> {
    const email = body.email.trim().toLowerCase();
    if (!isValidEmail(email)) throw unprocessable(`body.email: expected an email address like name@example.com, got ${JSON.stringify(body.email)}`);
    const business = this.businessName(session.businessId);
    const token = newToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const acceptPath = `#/accept/${token}`;
    const { id, mailId } = await this.deps.db.transaction(async (tx) => {
      const { rows: existing } = await tx.query("SELECT 1 FROM merchant_users WHERE business_id = $1 AND email = $2", [session.businessId, email]);
      if (existing.length > 0) throw conflict(`${email} already has an account at ${business}`);
      await tx.query("UPDATE merchant_invitations SET revoked_at = $3 WHERE business_id = $1 AND email = $2 AND accepted_at IS NULL AND revoked_at IS NULL", [
        session.businessId,
        email,
        now,
      ]);
      const invitationId = randomUUID();
      await tx.query(
        "INSERT INTO merchant_invitations (id, business_id, email, role, token_hash, invited_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        [invitationId, session.businessId, email, body.role, sha256(token), session.userId, now, expiresAt],
      );
      const until = DateTime.fromJSDate(expiresAt, { zone: "UTC" }).setLocale("en-GB").toFormat("cccc d LLLL yyyy 'at' HH:mm 'UTC'");
      const outbox = await queueMail(
        tx,
        {
          from: this.deps.mailFrom,
          to: [email],
          replyTo: session.email,
          subject: `You are invited to the ${business} workspace`,
          text: [
            `${session.email} invited you to the ${business} workspace as ${body.role === "owner" ? "an owner" : "staff"}: the live order queue, the kitchen's controls, reservations and messages.`,
            "",
            `Choose your password here (the link works once, until ${until}):`,
            `${workspaceUrl}${acceptPath}`,
            "",
            "If you did not expect this, ignore this mail: nothing happens until the link is used.",
          ].join("\n"),
        },
        null,
      );
      return { id: invitationId, mailId: outbox };
    });
    await deliverMail(this.deps.db, this.deps.mailer, [mailId], this.deps.log).catch((error: unknown) => this.deps.log.warn({ err: error }, "invitation mail kept in the outbox"));
    return { id, email, role: body.role, expires_at: iso(expiresAt), accept_url: `/manage/${acceptPath}` };
  }

  async revokeInvitation(session: MerchantSession, invitationId: string): Promise<void> {
    const { rowCount } = await this.deps.db.query(
      "UPDATE merchant_invitations SET revoked_at = $3 WHERE id = $1 AND business_id = $2 AND accepted_at IS NULL AND revoked_at IS NULL",
      [invitationId, session.businessId, this.now()],
    );
    if (rowCount === 0) throw forbidden(`No open invitation ${invitationId} in this business's workspace`);
  }

  /** Accepts an invitation: the account is created with the chosen password and signed in. */
  async acceptInvitation(body: AcceptInvitationBody): Promise<SignedIn> {
    const open = async (q: Queryable, lock: boolean) => {
      const { rows } = await q.query<{ id: string; business_id: string; email: string; role: MerchantRole }>(
        `SELECT id, business_id, email, role FROM merchant_invitations
          WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2${lock ? " FOR UPDATE" : ""}`,
        [sha256(body.token), this.now()],
      );
      if (!rows[0]) throw notFound("This invitation link does not work any more (used, replaced, revoked or older than 7 days): ask an owner for a new one");
      return rows[0];
    };
    const invitation = await open(this.deps.db, false);
    const passwordHash = await this.preparePassword(invitation.business_id, invitation.email, body.password);
    return this.deps.db.transaction(async (tx) => {
      // Locked and read again: used or replaced while the password was hashed, it no longer counts.
      const current = await open(tx, true);
      if (current.id !== invitation.id) throw notFound("This invitation link does not work any more: ask an owner for a new one");
      const user = await this.createUser(tx, { businessId: current.business_id, email: current.email, role: current.role, passwordHash });
      await tx.query("UPDATE merchant_invitations SET accepted_at = $2 WHERE id = $1", [current.id, this.now()]);
      return this.startSession(tx, user);
    });
  }

  /** Removes an account of the business (owner only, not one's own); its sessions end with it. */
  async removeUser(session: MerchantSession, userId: string): Promise<void> {
    if (userId === session.userId) throw conflict("You cannot remove your own account: ask another owner");
    const { rowCount } = await this.deps.db.query("DELETE FROM merchant_users WHERE id = $1 AND business_id = $2", [userId, session.businessId]);
    if (rowCount === 0) throw forbidden(`No user ${userId} in this business's workspace`);
  }

  /** Sessions, failures and invitations no longer needed (maintenance, a bounded batch each). */
  async purge(limit = 1000): Promise<number> {
    const now = this.now();
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
    const monthAgo = new Date(now.getTime() - 30 * 24 * 60 * 60_000);
    let removed = 0;
    for (const [sql, params] of [
      ["DELETE FROM merchant_sessions WHERE id IN (SELECT id FROM merchant_sessions WHERE expires_at < $1 OR revoked_at < $1 LIMIT $2)", [dayAgo, limit]],
      ["DELETE FROM merchant_login_failures WHERE ctid IN (SELECT ctid FROM merchant_login_failures WHERE at < $1 LIMIT $2)", [dayAgo, limit]],
      ["DELETE FROM merchant_invitations WHERE id IN (SELECT id FROM merchant_invitations WHERE expires_at < $1 LIMIT $2)", [monthAgo, limit]],
    ] as const) {
      removed += (await this.deps.db.query(sql, [...params])).rowCount;
    }
    return removed;
  }
}
