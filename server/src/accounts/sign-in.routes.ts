import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { CompletePasswordResetBody, LoginBody, PasswordResetBody } from "@mainstreet/rules/api/manage-requests";
import { NoQuery } from "../http/common.schema";
import { notFound, parseInput } from "../http/errors";
import { clearSessionCookie, cookieOptionsFor, deviceCookie, sessionToken, setDeviceCookie, setSessionCookie } from "./access";
import { workspaceUrl } from "./accounts.routes";
import type { AccountsService, SignedIn } from "./accounts.service";

/** The sign-in screen's cache: the business's name and logo change only with its data file. */
const BRAND_CACHE = "public, max-age=300";

const LOGO_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
};

const clientOf = (request: FastifyRequest) => ({ address: request.ip, device: deviceCookie(request) });

function setCookies(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): void {
  setSessionCookie(reply, signedIn.token, signedIn.maxAgeSeconds, cookieOptionsFor(request));
  if (signedIn.device) setDeviceCookie(reply, signedIn.device, cookieOptionsFor(request));
}

/**
 * What a person not yet signed in may call (docs/api.md "Merchant workspace"): sign in, ask whether this
 * browser is signed in, read the business's name and logo, and reset a forgotten password. Signing in and
 * both reset calls share the per-address limiter.
 */
export function signInRoutes(
  accounts: AccountsService,
  options: { login: onRequestHookHandler; workspaceUrl?: string; onEnded: (match: { sessionId?: string; userId?: string }) => void },
) {
  const open = { config: { manageAccess: "public" as const } };
  const limited = { ...open, onRequest: options.login };
  return async function register(app: FastifyInstance): Promise<void> {
    app.post("/manage/session/", limited, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const signedIn = await accounts.login(parseInput(LoginBody, request.body, "body"), clientOf(request));
      setCookies(request, reply, signedIn);
      return signedIn.reply;
    });

    app.get("/manage/session/status/", open, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const token = sessionToken(request);
      const status = await accounts.sessionStatus(token);
      if (token && !status.signed_in) clearSessionCookie(reply, cookieOptionsFor(request));
      return status;
    });

    app.get("/manage/brand/", open, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      reply.header("cache-control", BRAND_CACHE);
      return accounts.brand();
    });

    app.get("/manage/brand/logo", open, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const file = accounts.logoFile();
      const body = file ? await readFile(file).catch(() => null) : null;
      if (!file || !body) throw notFound("This business has no logo");
      // An SVG opened on its own must not run script on this origin.
      return reply
        .header("cache-control", BRAND_CACHE)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .type(LOGO_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream")
        .send(body);
    });

    app.post("/manage/password-reset/", limited, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const body = parseInput(PasswordResetBody, request.body, "body");
      return reply.code(202).send(await accounts.requestPasswordReset(body, workspaceUrl(request, options.workspaceUrl)));
    });

    app.post("/manage/password-reset/complete/", limited, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const signedIn = await accounts.completePasswordReset(parseInput(CompletePasswordResetBody, request.body, "body"), clientOf(request));
      options.onEnded({ userId: signedIn.userId });
      setCookies(request, reply, signedIn);
      return signedIn.reply;
    });
  };
}
