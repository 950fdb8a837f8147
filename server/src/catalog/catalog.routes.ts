import type { FastifyInstance } from "fastify";
import { NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import { BusinessParams } from "./catalog.schema";
import type { CatalogService } from "./catalog.service";

export function catalogRoutes(service: CatalogService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/catalog/:businessId/", async (request) => {
      const { businessId } = parseInput(BusinessParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      return service.menu(businessId);
    });
  };
}
