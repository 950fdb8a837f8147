import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { ClosedTodayBody } from "@mainstreet/rules/api/site-facts-api";
import { LIVE_FACTS_MAX_AGE_MS } from "@mainstreet/rules/hours/live-facts-age";
import { merchantOf } from "../accounts/access";
import { BusinessParams } from "../catalog/catalog.schema";
import { NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import type { SiteFactsService } from "./site-facts.service";

/**
 * What the live site reads without a build (no session): cached 30 seconds like availability, so a change shows
 * within a minute; an unchanged answer is a 304 to a browser that sends its ETag back.
 */
export function publicSiteFactsRoutes(service: SiteFactsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/businesses/:businessId/site-facts/", async (request, reply) => {
      const { businessId } = parseInput(BusinessParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      const body = JSON.stringify(await service.publicFacts(businessId));
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      void reply.header("cache-control", `public, max-age=${LIVE_FACTS_MAX_AGE_MS / 1000}`).header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply.header("content-type", "application/json; charset=utf-8").send(body);
    });
  };
}

/** `manage/site/closed-today/` (owners): the quick "Closed today" and "Open again today" of a location. */
export function manageSiteFactsRoutes(service: SiteFactsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post("/manage/site/closed-today/", { config: { manageAccess: "owner" } }, async (request) => {
      const body = parseInput(ClosedTodayBody, request.body, "body");
      const merchant = merchantOf(request);
      return service.closedToday(merchant.businessId, { userId: merchant.userId, email: merchant.email }, body);
    });
  };
}
