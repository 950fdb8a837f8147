import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import { EmptyBody, NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import { clearSessionCookie, cookieOptionsFor, merchantOf, sessionToken, setSessionCookie } from "./access";
import { AcceptInvitationBody, InvitationBody, UserTeamMemberBody } from "@mainstreet/rules/api/manage-requests";
import { IdParams } from "./accounts.schema";
import type { AccountsService } from "./accounts.service";

/** Where an invitation link points: WORKSPACE_URL, else this service's own /manage/ as the owner reached it. */
export function workspaceUrl(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured.endsWith("/") ? configured : `${configured}/`;
  return `${request.protocol}://${request.host}/manage/`;
}

/** Sessions, users and invitations of the workspace (docs/api.md "Merchant workspace"); signing in is sign-in.routes.ts. */
export function accountRoutes(
  accounts: AccountsService,
  options: { login: onRequestHookHandler; workspaceUrl?: string; onEnded: (match: { sessionId?: string; userId?: string }) => void },
) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/manage/session/", async (request) => {
      parseInput(NoQuery, request.query, "query");
      return accounts.sessionReply(merchantOf(request), sessionToken(request) as string);
    });

    app.delete("/manage/session/", async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      parseInput(EmptyBody, request.body, "body");
      const session = merchantOf(request);
      await accounts.logout(session);
      options.onEnded({ sessionId: session.sessionId });
      clearSessionCookie(reply, cookieOptionsFor(request));
      return reply.code(204).send();
    });

    app.get("/manage/users/", { config: { manageAccess: "owner" } }, async (request) => {
      parseInput(NoQuery, request.query, "query");
      return accounts.listUsers(merchantOf(request));
    });

    app.put("/manage/users/:id/", { config: { manageAccess: "owner" } }, async (request, reply) => {
      const { id } = parseInput(IdParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      await accounts.setTeamMember(merchantOf(request), id, parseInput(UserTeamMemberBody, request.body, "body"));
      return reply.code(204).send();
    });

    app.delete("/manage/users/:id/", { config: { manageAccess: "owner" } }, async (request, reply) => {
      const { id } = parseInput(IdParams, request.params, "params");
      parseInput(EmptyBody, request.body, "body");
      await accounts.removeUser(merchantOf(request), id);
      options.onEnded({ userId: id });
      return reply.code(204).send();
    });

    app.post("/manage/invitations/", { config: { manageAccess: "owner" } }, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const body = parseInput(InvitationBody, request.body, "body");
      const invitation = await accounts.invite(merchantOf(request), body, workspaceUrl(request, options.workspaceUrl));
      return reply.code(201).send(invitation);
    });

    app.delete("/manage/invitations/:id/", { config: { manageAccess: "owner" } }, async (request, reply) => {
      const { id } = parseInput(IdParams, request.params, "params");
      parseInput(EmptyBody, request.body, "body");
      await accounts.revokeInvitation(merchantOf(request), id);
      return reply.code(204).send();
    });

    app.post("/manage/invitations/accept/", { config: { manageAccess: "public" }, onRequest: options.login }, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const signedIn = await accounts.acceptInvitation(parseInput(AcceptInvitationBody, request.body, "body"));
      setSessionCookie(reply, signedIn.token, signedIn.maxAgeSeconds, cookieOptionsFor(request));
      return reply.code(201).send(signedIn.reply);
    });
  };
}
