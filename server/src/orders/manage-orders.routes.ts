import type { FastifyInstance } from "fastify";
import { merchantOf } from "../accounts/access";
import type { StreamHub } from "../events/stream-hub";
import { NoQuery, OrderIdParams } from "../http/common.schema";
import { parseInput } from "../http/errors";
import { header } from "../http/request";
import { StatusBody } from "@mainstreet/rules/api/manage-requests";
import { LastEventId, OrdersQuery } from "./manage-orders.schema";
import type { ManageOrdersService } from "./manage-orders.service";

/** The live order queue of the workspace: tickets, the event stream, status moves. */
export function manageOrderRoutes(service: ManageOrdersService, hub: StreamHub) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/manage/orders/", async (request) => {
      const { view } = parseInput(OrdersQuery, request.query, "query");
      return service.list(merchantOf(request), view);
    });

    // Server-sent events: the reply is taken over (hijacked) and stays open; it does not hold a drain back,
    // and is ended when one starts (the browser reconnects, to the restarted service or another replica).
    app.get("/manage/orders/stream/", async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const lastEventId = parseInput(LastEventId, header(request, "last-event-id"), "headers.last-event-id");
      const session = merchantOf(request);
      reply.hijack();
      await hub.open(reply.raw, { sessionId: session.sessionId, userId: session.userId, businessId: session.businessId }, lastEventId ?? null);
      const forget = app.longLived(request, () => reply.raw.end());
      if (reply.raw.destroyed || reply.raw.writableEnded) forget();
      else reply.raw.once("close", forget);
      return reply;
    });

    app.post("/manage/orders/:id/status/", async (request) => {
      const { id } = parseInput(OrderIdParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      return service.changeStatus(merchantOf(request), id, parseInput(StatusBody, request.body, "body"));
    });
  };
}
