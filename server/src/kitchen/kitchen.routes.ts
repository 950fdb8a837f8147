import type { FastifyInstance } from "fastify";
import { merchantOf } from "../accounts/access";
import { NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import { KitchenBody } from "@mainstreet/rules/manage-requests";
import { LocationParams } from "./kitchen.schema";
import type { KitchenService } from "./kitchen.service";

/** Kitchen controls of the workspace: rush, pause and capacity per location. */
export function kitchenRoutes(service: KitchenService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/manage/kitchen/", async (request) => {
      parseInput(NoQuery, request.query, "query");
      return service.list(merchantOf(request));
    });

    app.put("/manage/kitchen/:locationId/", async (request) => {
      const { locationId } = parseInput(LocationParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      return service.update(merchantOf(request), locationId, parseInput(KitchenBody, request.body, "body"));
    });
  };
}
