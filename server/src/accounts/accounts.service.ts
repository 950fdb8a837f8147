import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { DateTime } from "luxon";
import { join } from "node:path";
import type {
  InvitationReply,
  MerchantRole,
  MerchantUser,
  PasswordResetReply,
  SessionReply,
  SessionStatusReply,
  SignInBrandReply,
  UsersReply,
} from "@mainstreet/rules/api/manage-api";
import { isValidEmail } from "@mainstreet/rules/forms/validation";
import { passwordProblem } from "@mainstreet/rules/workspace/passwords";
import type { Catalog } from "../catalog/catalog";
import { sqlState, type Db, type Queryable } from "../db/db";
import { conflict, forbidden, notFound, unauthorized, unprocessable } from "../http/errors";
import { deliverMail, queueMail } from "../mail/outbox";
import type { Mailer } from "../mail/mailer";
import { hashPassword, verifyDecoy, verifyPassword } from "./password-hash";
import * as store from "./accounts.store";
import { DEVICE_TTL_MS, SignInGuard, type SignInClient } from "./sign-in-guard";
import {
  TOKEN_PATTERN,
  type AcceptInvitationBody,
  type CompletePasswordResetBody,
  type InvitationBody,
  type LoginBody,
  type PasswordResetBody,
  type UserTeamMemberBody,
} from "@mainstreet/rules/api/manage-requests";
import { locationLabel } from "../catalog/labels";

/**
 * Merchant accounts: users of one business with a role, sessions kept in the database and sent
 * as an HttpOnly cookie, a CSRF token derived from the session, sign-in limits shared by all replicas
 * (sign-in-guard.ts), password resets by mail, and invitations. Tokens (sessions, resets, invitations,
 * browsers) are 32 random bytes; only their SHA-256 is stored, so a database dump opens nothing.
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

/** A password reset link works this long. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** The one answer to a reset request, whether or not the address has an account. */
export const PASSWORD_RESET_ANSWER = "If an account uses this address, a link to set a new password is on its way. It works once, for one hour.";
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

/** A new session: its cookie value and lifetime, and the reply body. */
export interface SignedIn {
  token: string;
  maxAgeSeconds: number;
  reply: SessionReply;
  /** The device cookie's value, when the sign-in makes this browser known to the account. */
  device?: string;
}

const iso = (value: Date) => new Date(value).toISOString();

export class AccountsService {
  private readonly guard: SignInGuard;

  constructor(private readonly deps: AccountsDeps) {
    this.guard = new SignInGuard(deps.db, deps.loginFailuresPerEmail);
  }

  private now(): Date {
    return this.deps.clock();
  }

  /** The business's name; 403 when the business is no longer among the data files the service loads. */
  businessName(businessId: string): string {
    return this.deps.catalog.served(businessId).business.name;
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
    const teamMemberId = (await store.userById(this.deps.db, user.id))?.team_member_id;
    if (teamMemberId && entry?.team.get(teamMemberId)) view.team_member_id = teamMemberId;
    const businessIds = await store.businessesOfEmail(this.deps.db, user.email);
    const served = businessIds.map((businessId) => this.deps.catalog.get(businessId)).filter((entry) => entry !== undefined);
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
  async createUser(q: Queryable, input: { businessId: string; email: string; role: MerchantRole; passwordHash: string }): Promise<store.UserRow> {
    const business = this.businessName(input.businessId);
    const email = input.email.trim().toLowerCase();
    if (!isValidEmail(email)) throw unprocessable(`email: expected an email address like name@example.com, got ${JSON.stringify(input.email)}`);
    try {
      return await store.insertUser(q, { businessId: input.businessId, email, role: input.role, passwordHash: input.passwordHash, at: this.now() });
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
      const userId = await store.setPassword(tx, input.businessId, email, passwordHash);
      if (!userId) throw notFound(`${email} has no account at ${business}`);
      await store.revokeSessionsOfUser(tx, userId, this.now());
    });
  }

  private async startSession(q: Queryable, user: { id: string; business_id: string; email: string; role: MerchantRole }): Promise<SignedIn> {
    const token = newToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.deps.sessionMaxDays * 24 * 60 * 60_000);
    await store.insertSession(q, { tokenHash: sha256(token), userId: user.id, businessId: user.business_id, at: now, expiresAt });
    await store.touchUser(q, user.id, now);
    return { token, maxAgeSeconds: Math.floor((expiresAt.getTime() - now.getTime()) / 1000), reply: { user: await this.userView(user), csrf_token: csrfTokenFor(token) } };
  }

  /**
   * Signs in. Wrong address and wrong password read the same (401) and take the same time. Failures slow
   * guessing down (sign-in-guard.ts): from a browser the address has not signed in from, per email and
   * per client address; from one it has, per that browser only, so failures elsewhere never lock the
   * person out of it. An address with accounts at several businesses names one (else 409 listing them,
   * told only once the password matched). The reply carries the device cookie that makes this browser known.
   */
  async login(body: LoginBody, client: SignInClient): Promise<SignedIn> {
    const email = body.email.trim().toLowerCase();
    const now = this.now();
    const attempt = await this.guard.keysFor(email, client, now);
    await this.guard.check(attempt.keys, now);
    const accounts = await store.usersByEmail(this.deps.db, email);
    const candidates = accounts.filter((account) => body.business_id === undefined || account.business_id === body.business_id);
    const matched: store.UserRow[] = [];
    if (candidates.length === 0) await verifyDecoy(body.password);
    for (const account of candidates) if (await verifyPassword(account.password_hash, body.password)) matched.push(account);
    if (matched.length === 0) {
      await this.guard.fail(attempt.keys, now);
      throw unauthorized("Wrong email or password");
    }
    if (matched.length > 1) {
      const businesses = matched.map((account) => ({ id: account.business_id, name: this.deps.catalog.get(account.business_id)?.business.name ?? account.business_id }));
      throw conflict(`${email} has accounts at ${businesses.length} businesses: choose one (send business_id)`, { businesses });
    }
    const device = await this.guard.succeeded(this.deps.db, attempt, matched[0].id, now);
    return { ...(await this.startSession(this.deps.db, matched[0])), device };
  }

  /** Whether a session row still stands at `now`; refreshes last_seen_at (at most once a minute) when it does. */
  private async live(row: Pick<store.SessionRow, "id" | "user_id" | "last_seen_at" | "expires_at" | "revoked_at"> | undefined): Promise<boolean> {
    const now = this.now().getTime();
    if (!row || row.revoked_at) return false;
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (new Date(row.expires_at).getTime() <= now || lastSeen + this.deps.sessionIdleMinutes * 60_000 <= now) return false;
    if (now - lastSeen >= TOUCH_EVERY_MS) {
      const at = new Date(now);
      await store.touchSession(this.deps.db, row.id, at);
      await store.touchUser(this.deps.db, row.user_id, at);
    }
    return true;
  }

  /**
   * The session a cookie carries, or null when it is unknown, revoked, past its absolute lifetime or idle
   * too long. Each call counts as activity.
   */
  async sessionFor(token: string | undefined): Promise<MerchantSession | null> {
    if (!token || !TOKEN_PATTERN.test(token)) return null;
    const row = await store.sessionByTokenHash(this.deps.db, sha256(token));
    if (!row || !(await this.live(row))) return null;
    return { sessionId: row.id, userId: row.user_id, email: row.email, role: row.role, businessId: row.business_id, expiresAt: new Date(row.expires_at) };
  }

  /**
   * Whether a session still stands (an open order stream asks at every ping). A screen showing the live
   * queue counts as activity, so a kitchen display stays signed in until the absolute lifetime ends.
   */
  async stillValid(sessionId: string): Promise<boolean> {
    return this.live(await store.sessionById(this.deps.db, sessionId));
  }

  async sessionReply(session: MerchantSession, token: string): Promise<SessionReply> {
    return { user: await this.userView({ id: session.userId, email: session.email, role: session.role, business_id: session.businessId }), csrf_token: csrfTokenFor(token) };
  }

  async logout(session: MerchantSession): Promise<void> {
    await store.revokeSession(this.deps.db, session.sessionId, this.now());
  }

  async listUsers(session: MerchantSession): Promise<UsersReply> {
    const [users, invitations] = await Promise.all([
      store.usersOfBusiness(this.deps.db, session.businessId),
      store.openInvitationsOfBusiness(this.deps.db, session.businessId, this.now()),
    ]);
    return {
      users: users.map((user) => ({ id: user.id, email: user.email, role: user.role, created_at: iso(user.created_at), last_seen_at: user.last_seen_at ? iso(user.last_seen_at) : null, team_member_id: user.team_member_id })),
      invitations: invitations.map((invitation) => ({ id: invitation.id, email: invitation.email, role: invitation.role, expires_at: iso(invitation.expires_at) })),
      team: (this.deps.catalog.get(session.businessId)?.business.team ?? []).filter((member) => member.show).map((member) => ({ id: member.id, name: member.name })),
    };
  }

  /** Says which team member an account is (owner only), so the Calendar opens on that person's column. */
  async setTeamMember(session: MerchantSession, userId: string, body: UserTeamMemberBody): Promise<void> {
    const entry = this.deps.catalog.served(session.businessId);
    const id = body.team_member_id;
    if (id !== null && !entry.team.get(id)?.show) throw unprocessable(`body.team_member_id: "${id}" is not a shown team member of ${entry.business.name} (team[].id)`);
    if (!(await store.setTeamMember(this.deps.db, session.businessId, userId, id))) throw forbidden(`No user ${userId} in this business's workspace`);
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
      if (await store.hasAccount(tx, session.businessId, email)) throw conflict(`${email} already has an account at ${business}`);
      await store.revokeOpenInvitationsOf(tx, session.businessId, email, now);
      const invitationId = randomUUID();
      await store.insertInvitation(tx, { id: invitationId, businessId: session.businessId, email, role: body.role, tokenHash: sha256(token), invitedBy: session.userId, at: now, expiresAt });
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
    if (!(await store.revokeInvitation(this.deps.db, session.businessId, invitationId, this.now()))) throw forbidden(`No open invitation ${invitationId} in this business's workspace`);
  }

  /** Accepts an invitation: the account is created with the chosen password and signed in. */
  async acceptInvitation(body: AcceptInvitationBody): Promise<SignedIn> {
    const open = async (q: Queryable, lock: boolean) => {
      const invitation = await store.openInvitationByTokenHash(q, sha256(body.token), this.now(), lock);
      if (!invitation) throw notFound("This invitation link does not work any more (used, replaced, revoked or older than 7 days): ask an owner for a new one");
      return invitation;
    };
    const invitation = await open(this.deps.db, false);
    const passwordHash = await this.preparePassword(invitation.business_id, invitation.email, body.password);
    return this.deps.db.transaction(async (tx) => {
      // Locked and read again: used or replaced while the password was hashed, it no longer counts.
      const current = await open(tx, true);
      if (current.id !== invitation.id) throw notFound("This invitation link does not work any more: ask an owner for a new one");
      const user = await this.createUser(tx, { businessId: current.business_id, email: current.email, role: current.role, passwordHash });
      await store.markInvitationAccepted(tx, current.id, this.now());
      return this.startSession(tx, user);
    });
  }

  /**
   * Mails a link to set a new password to each account of the address (single use, one hour). The answer
   * is the same whether or not the address has an account, and so is its timing as far as mail goes (sent
   * after the answer); past three requests an hour for one address, no more mail goes out.
   */
  async requestPasswordReset(body: PasswordResetBody, workspaceUrl: string): Promise<PasswordResetReply> {
    const email = body.email.trim().toLowerCase();
    if (!isValidEmail(email)) throw unprocessable(`body.email: expected an email address like name@example.com, got ${JSON.stringify(body.email)}`);
    const now = this.now();
    const reply = { message: PASSWORD_RESET_ANSWER };
    if (!(await this.guard.allow("reset", email, now))) {
      this.deps.log.info("password reset: the address asked too often this hour; no mail sent");
      return reply;
    }
    const accounts = (await store.usersByEmail(this.deps.db, email)).filter((account) => this.deps.catalog.get(account.business_id));
    if (accounts.length === 0) return reply;
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
    const until = DateTime.fromJSDate(expiresAt, { zone: "UTC" }).setLocale("en-GB").toFormat("HH:mm 'UTC on' cccc d LLLL");
    const mailIds = await this.deps.db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const account of accounts) {
        const token = newToken();
        await store.insertPasswordReset(tx, { userId: account.id, tokenHash: sha256(token), at: now, expiresAt });
        const business = this.businessName(account.business_id);
        const message = {
          from: this.deps.mailFrom,
          to: [email],
          subject: `Set a new password for the ${business} workspace`,
          text: [
            `Someone, hopefully you, asked to set a new password for ${email} in the ${business} workspace.`,
            "",
            `Choose a new password here (the link works once, until ${until}):`,
            `${workspaceUrl}#/reset/${token}`,
            "",
            "Setting it signs this account out everywhere else. If you did not ask, ignore this mail: your password stays as it is.",
          ].join("\n"),
        };
        ids.push(await queueMail(tx, message, null));
      }
      return ids;
    });
    void deliverMail(this.deps.db, this.deps.mailer, mailIds, this.deps.log).catch((error: unknown) => this.deps.log.warn({ err: error }, "password reset mail kept in the outbox"));
    return reply;
  }

  /**
   * Sets a new password from a reset link and signs in on this browser: the link is used up, every other
   * session of the account ends, browsers it knew are forgotten, and its email's failure count starts again.
   */
  async completePasswordReset(body: CompletePasswordResetBody, client: SignInClient): Promise<SignedIn & { userId: string }> {
    const tokenHash = sha256(body.token);
    const gone = () => notFound("This link to set a new password no longer works: it was used, a newer one was sent, or it is more than an hour old. Ask for a new one.");
    const reset = await store.openPasswordReset(this.deps.db, tokenHash, this.now(), false);
    const user = reset && (await store.userById(this.deps.db, reset.user_id));
    if (!user) throw gone();
    const passwordHash = await this.preparePassword(user.business_id, user.email, body.password);
    const deviceToken = await this.guard.deviceToken(client.device);
    return this.deps.db.transaction(async (tx) => {
      // Locked and read again: used while the password was hashed, it no longer counts.
      const now = this.now();
      const current = await store.openPasswordReset(tx, tokenHash, now, true);
      if (!current) throw gone();
      await store.setPasswordOfUser(tx, user.id, passwordHash);
      await store.markPasswordResetUsed(tx, current.id, now);
      await store.revokeSessionsOfUser(tx, user.id, now);
      await store.forgetDevicesOfUser(tx, user.id);
      const device = await this.guard.succeeded(tx, { keys: [["email", user.email]], deviceToken, known: false }, user.id, now);
      return { ...(await this.startSession(tx, user)), device, userId: user.id };
    });
  }

  /** Whether a cookie's session stands, answered either way (the workspace's first question). */
  async sessionStatus(token: string | undefined): Promise<SessionStatusReply> {
    const session = await this.sessionFor(token);
    if (!session || !this.deps.catalog.get(session.businessId)) return { signed_in: false };
    return { signed_in: true, ...(await this.sessionReply(session, token as string)) };
  }

  /** What the sign-in screen shows: the name and logo of the business, when the service serves only one. */
  brand(): SignInBrandReply {
    const sole = this.deps.catalog.sole();
    if (!sole) return { business: null };
    const { business } = sole;
    return { business: { name: business.name, logo: business.logo ? { path: "manage/brand/logo", alt: business.logo.alt } : null } };
  }

  /** The logo's file on disk, when brand() names one. */
  logoFile(): string | null {
    const entry = this.deps.catalog.sole();
    return entry?.business.logo && entry.imageDir ? join(entry.imageDir, entry.business.logo.file) : null;
  }

  /** Removes an account of the business (owner only, not one's own); its sessions end with it. */
  async removeUser(session: MerchantSession, userId: string): Promise<void> {
    if (userId === session.userId) throw conflict("You cannot remove your own account: ask another owner");
    if (!(await store.deleteUser(this.deps.db, session.businessId, userId))) throw forbidden(`No user ${userId} in this business's workspace`);
  }

  /** Sessions, attempt counts, reset links, browsers and invitations no longer needed (maintenance, a bounded batch each). */
  async purge(limit = 1000): Promise<number> {
    const now = this.now();
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
    const monthAgo = new Date(now.getTime() - 30 * 24 * 60 * 60_000);
    return store.purgeAccounts(this.deps.db, dayAgo, monthAgo, new Date(now.getTime() - DEVICE_TTL_MS), limit);
  }
}
