import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { uuid } from "@mainstreet/rules/api/api-requests";
import { PublishListQuery, RollbackBody } from "@mainstreet/rules/api/publish-api";
import { merchantOf } from "../accounts/access";
import { EmptyBody, NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import { previewUrl } from "../static/preview-sites";
import type { PublishService } from "./publish.service";

/**
 * `manage/site/publishes/…`, `manage/site/previews/…` and `manage/site/rollback/` (docs/publishing.md,
 * docs/api.md): owners preview, publish and roll back; staff read the status of each.
 */

const PublishParams = z.strictObject({ id: uuid });

export function publishRoutes(service: PublishService, options: { previewDomain: string }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post("/manage/site/publishes/", { config: { manageAccess: "owner" } }, async (request, reply) => {
      parseInput(EmptyBody, request.body, "body");
      const merchant = merchantOf(request);
      return reply.code(202).send(await service.publish(merchant.businessId, merchant.email));
    });

    app.get("/manage/site/publishes/", async (request, reply) => {
      const { limit } = parseInput(PublishListQuery, request.query, "query");
      return reply.header("cache-control", "no-store").send({ publishes: await service.list(merchantOf(request).businessId, limit ?? 10) });
    });

    app.post("/manage/site/previews/", { config: { manageAccess: "owner" } }, async (request, reply) => {
      parseInput(EmptyBody, request.body, "body");
      const merchant = merchantOf(request);
      return reply.code(202).send(await service.preview(merchant.businessId, merchant.email));
    });

    app.get("/manage/site/previews/:id/", async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const { id } = parseInput(PublishParams, request.params, "params");
      const urlOf = (token: string) => previewUrl(token, options.previewDomain, { protocol: request.protocol, host: request.host });
      return reply.header("cache-control", "no-store").send(await service.previewStatus(merchantOf(request).businessId, id, urlOf));
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
