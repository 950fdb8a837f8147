import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyPluginAsync, onRequestHookHandler } from "fastify";
import { accessCheck } from "../accounts/access";
import { accountRoutes } from "../accounts/accounts.routes";
import { signInRoutes } from "../accounts/sign-in.routes";
import type { AccountsService } from "../accounts/accounts.service";
import type { StreamHub } from "../events/stream-hub";

/**
 * The merchant workspace's API under `{API_BASE}manage/`: one encapsulated context whose every
 * route passes the access check (accounts/access.ts) before anything else runs. The session cookie is
 * parsed only here; visitor routes never read cookies.
 */
export interface ManageDeps {
  accounts: AccountsService;
  /** The sign-in limiter (per client address): sign-in, password resets and invitation acceptance share it. */
  login: onRequestHookHandler;
  workspaceUrl?: string;
  /** The open order streams: ended at once when their session or user is. */
  hub: StreamHub;
  /** Route groups of the other workspace areas, registered inside the checked context. */
  areas: FastifyPluginAsync[];
}

export function managePlugin(deps: ManageDeps) {
  return async function register(api: FastifyInstance): Promise<void> {
    await api.register(async (manage) => {
      await manage.register(fastifyCookie);
      manage.addHook("onRequest", accessCheck(deps.accounts));
      const accountOptions = { login: deps.login, workspaceUrl: deps.workspaceUrl, onEnded: (match: { sessionId?: string; userId?: string }) => deps.hub.end(match) };
      await manage.register(signInRoutes(deps.accounts, accountOptions));
      await manage.register(accountRoutes(deps.accounts, accountOptions));
      for (const area of deps.areas) await manage.register(area);
    });
  };
}
