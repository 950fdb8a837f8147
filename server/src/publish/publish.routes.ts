import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { uuid } from "@mainstreet/rules/api/api-requests";
import { RollbackBody } from "@mainstreet/rules/api/publish-api";
import { merchantOf } from "../accounts/access";
import { EmptyBody, NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import type { PublishService } from "./publish.service";

/**
 * `manage/site/publishes/…` and `manage/site/rollback/` (docs/publishing.md, docs/api.md): owners publish and
 * roll back; staff read a publish's status.
 */

const PublishParams = z.strictObject({ id: uuid });

export function publishRoutes(service: PublishService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post("/manage/site/publishes/", { config: { manageAccess: "owner" } }, async (request, reply) => {
      parseInput(EmptyBody, request.body, "body");
      return reply.code(202).send(await service.publish(merchantOf(request).businessId));
    });

    app.get("/manage/site/publishes/:id/", async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const { id } = parseInput(PublishParams, request.params, "params");
      return reply.header("cache-control", "no-store").send(await service.status(merchantOf(request).businessId, id));
    });

    app.post("/manage/site/rollback/", { config: { manageAccess: "owner" } }, async (request) => {
      const body = parseInput(RollbackBody, request.body, "body");
      return service.rollback(merchantOf(request).businessId, body);
    });
  };
}
