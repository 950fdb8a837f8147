import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { merchantOf } from "../accounts/access";
import type { MerchantSession } from "../accounts/accounts.service";
import { NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";

/**
 * A workspace collection the merchant reads whole and changes one member of: `GET manage/<path>/` and
 * `PUT manage/<path>/:<member>/` (the kitchen's locations, the menu's availability). The member is
 * checked, then the query, then the body.
 */
export function collectionRoutes<P extends z.ZodType, B extends z.ZodType>(spec: {
  path: string;
  member: string;
  params: P;
  body: B;
  list: (session: MerchantSession) => Promise<unknown>;
  update: (session: MerchantSession, params: z.output<P>, body: z.output<B>) => Promise<unknown>;
}) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get(`/manage/${spec.path}/`, async (request) => {
      parseInput(NoQuery, request.query, "query");
      return spec.list(merchantOf(request));
    });

    app.put(`/manage/${spec.path}/:${spec.member}/`, async (request) => {
      const params = parseInput(spec.params, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      return spec.update(merchantOf(request), params, parseInput(spec.body, request.body, "body"));
    });
  };
}
