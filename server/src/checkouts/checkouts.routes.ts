import type { FastifyInstance } from "fastify";
import { BOT_ACTIONS, type BotCheck } from "../bot-check/bot-check";
import { bearerToken } from "../http/bearer";
import { EmptyBody, NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import { botInput } from "../http/request";
import { StartCheckoutBody } from "@mainstreet/rules/api/api-requests";
import { CheckoutIdParams } from "./checkouts.schema";
import type { CheckoutsService } from "./checkouts.service";

export function checkoutRoutes(service: CheckoutsService, botCheck: BotCheck) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post("/checkouts/", async (request) => {
      parseInput(NoQuery, request.query, "query");
      const token = bearerToken(request.headers.authorization);
      const body = parseInput(StartCheckoutBody, request.body, "body");
      await botCheck.verify(botInput(request, BOT_ACTIONS.startCheckout));
      return service.start(body.order_uuid, token);
    });

    app.post("/checkouts/:id/close/", async (request) => {
      const { id } = parseInput(CheckoutIdParams, request.params, "params");
      const token = bearerToken(request.headers.authorization);
      parseInput(EmptyBody, request.body, "body");
      await botCheck.verify(botInput(request, BOT_ACTIONS.closeCheckout));
      return service.close(id, token);
    });
  };
}
