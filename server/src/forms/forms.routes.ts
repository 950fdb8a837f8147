import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { BOT_ACTIONS, type BotCheck } from "../bot-check/bot-check";
import { NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import { botInput } from "../http/request";
import { ContactBody, EventBody } from "@mainstreet/rules/api/api-requests";
import { ContactParams } from "./forms.schema";
import type { FormsService } from "./forms.service";

export function formRoutes(service: FormsService, botCheck: BotCheck, limits: { forms: onRequestHookHandler }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post(
      "/businesses/:businessType/:businessId/locations/:locationId/email/",
      { onRequest: limits.forms },
      async (request, reply) => {
        const params = parseInput(ContactParams, request.params, "params");
        parseInput(NoQuery, request.query, "query");
        const body = parseInput(ContactBody, request.body, "body");
        await botCheck.verify(botInput(request, BOT_ACTIONS.contact));
        return reply.code(201).send(await service.contact(params, body));
      },
    );

    app.post("/events/website/", { onRequest: limits.forms }, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const body = parseInput(EventBody, request.body, "body");
      const type = body.component_configuration.type;
      await botCheck.verify(botInput(request, BOT_ACTIONS[type]));
      const result = await service.event(body, type);
      return reply.code(result.status).send(result.body);
    });
  };
}
