import type { FastifyRequest } from "fastify";
import { BOT_SITE_KEY_HEADER, BOT_TOKEN_HEADER, type BotAction, type BotCheckInput } from "../bot-check/bot-check";

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The anti-bot headers of a request (SPEC §6), for the route's bot-check action. */
export function botInput(request: FastifyRequest, action: BotAction): BotCheckInput {
  return {
    token: header(request, BOT_TOKEN_HEADER),
    siteKey: header(request, BOT_SITE_KEY_HEADER),
    action,
    remoteIp: request.ip,
    userAgent: header(request, "user-agent"),
  };
}

export { header };
