import type { FastifyInstance } from "fastify";
import { LIVE_AVAILABILITY_MAX_AGE_MS } from "@mainstreet/rules/orders/live-availability";
import { BusinessParams } from "../catalog/catalog.schema";
import { NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import { collectionRoutes } from "../manage/collection-routes";
import { AvailabilityBody, ModifierAvailabilityBody } from "@mainstreet/rules/api/manage-requests";
import { merchantOf } from "../accounts/access";
import { ItemParams, ModifierParams } from "./availability.schema";
import type { AvailabilityService } from "./availability.service";

/** Sold out in the workspace (under manage/, behind its access check): items and variations, and modifiers. */
export function manageAvailabilityRoutes(service: AvailabilityService) {
  const items = collectionRoutes({
    path: "availability",
    member: "itemId",
    params: ItemParams,
    body: AvailabilityBody,
    list: (session) => service.list(session),
    update: (session, { itemId }, body) => service.update(session, itemId, body),
  });
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(items);
    app.put("/manage/availability/modifiers/:modifierId/", async (request) => {
      const { modifierId } = parseInput(ModifierParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      return service.updateModifier(merchantOf(request), modifierId, parseInput(ModifierAvailabilityBody, request.body, "body"));
    });
  };
}

/** What the site's menu reads (no session): cached 30 seconds, so a mark shows within a minute. */
export function publicAvailabilityRoutes(service: AvailabilityService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/businesses/:businessId/availability/", async (request, reply) => {
      const { businessId } = parseInput(BusinessParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      const view = await service.publicView(businessId);
      void reply.header("cache-control", `public, max-age=${LIVE_AVAILABILITY_MAX_AGE_MS / 1000}`);
      return view;
    });
  };
}
