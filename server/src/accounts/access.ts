import type { FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { CSRF_HEADER, DEVICE_COOKIE, SESSION_COOKIE } from "@mainstreet/rules/api/manage-api";
import { forbidden, unauthorized } from "../http/errors";
import { csrfMatches, type AccountsService, type MerchantSession } from "./accounts.service";
import { DEVICE_TTL_MS } from "./sign-in-guard";

/**
 * The workspace's access check, run before every route under `manage/` (an onRequest hook, so nothing of a
 * refused request is parsed or acted on):
 * - 401 without a session cookie, or with one that is unknown, revoked, expired or idle too long;
 * - 403 for a POST, PUT, PATCH or DELETE without the session's CSRF token in X-CSRF-Token (the cookie alone
 *   is what a forged cross-site request would carry);
 * - 403 for an owner-only route called by staff.
 * Routes then see only their business: every query is scoped by request.merchant.businessId, and an id of
 * another business (or none) answers 403 the same way, so a caller never learns which ids exist elsewhere.
 */

/** Who may call a workspace route: anyone (sign-in, invitation acceptance), any signed-in user, or owners. */
export type ManageAccess = "public" | "user" | "owner";

declare module "fastify" {
  interface FastifyContextConfig {
    manageAccess?: ManageAccess;
  }
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface SessionCookieOptions {
  /** Set `Secure` when the request came over HTTPS (TRUST_PROXY honoured by request.protocol). */
  secure: boolean;
}

export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, options: SessionCookieOptions): void {
  void reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: "strict", path: "/", maxAge: maxAgeSeconds, secure: options.secure });
}

/** Marks this browser as one the account signed in from (sign-in-guard.ts): as private as the session cookie, and long-lived. */
export function setDeviceCookie(reply: FastifyReply, value: string, options: SessionCookieOptions): void {
  void reply.setCookie(DEVICE_COOKIE, value, { httpOnly: true, sameSite: "strict", path: "/", maxAge: Math.floor(DEVICE_TTL_MS / 1000), secure: options.secure });
}

/** The device cookie as sent, if any. */
export function deviceCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[DEVICE_COOKIE];
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "strict", path: "/", secure: options.secure });
}

export const cookieOptionsFor = (request: FastifyRequest): SessionCookieOptions => ({ secure: request.protocol === "https" });

/** The caller of a signed-in route (the access check has run). */
export function merchantOf(request: FastifyRequest): MerchantSession {
  if (!request.merchant) throw unauthorized("Sign in first: this call needs a workspace session");
  return request.merchant;
}

/** The session cookie's value, when there is one. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[SESSION_COOKIE];
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export function accessCheck(accounts: AccountsService): onRequestHookHandler {
  return async function checkAccess(request, reply) {
    const access = request.routeOptions.config.manageAccess ?? "user";
    if (access === "public") return;
    const token = sessionToken(request);
    if (!token) throw unauthorized("Sign in first: this call needs a workspace session (the cookie POST manage/session/ sets)");
    const session = await accounts.sessionFor(token);
    if (!session) {
      clearSessionCookie(reply, cookieOptionsFor(request));
      throw unauthorized("Your session has ended (signed out, expired, idle too long or revoked): sign in again");
    }
    if (MUTATING.has(request.method) && !csrfMatches(token, request.headers[CSRF_HEADER.toLowerCase()])) {
      throw forbidden(`${CSRF_HEADER} header is missing or wrong: send the csrf_token of this session (from POST or GET manage/session/) with every change`);
    }
    accounts.businessName(session.businessId);
    if (access === "owner" && session.role !== "owner") throw forbidden("Only an owner of this business can do this");
    request.merchant = session;
  };
}
