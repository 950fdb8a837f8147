import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { uuid } from "@mainstreet/rules/api/api-requests";
import { BlockBody, CalendarQuery, ManageCancelBody, ManageMoveBody, WalkInBody } from "@mainstreet/rules/api/manage-appointments-api";
import { merchantOf } from "../accounts/access";
import { EmptyBody, NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import type { ManageAppointmentsService } from "./manage-appointments.service";
import { siteOriginOf } from "./site-origin";

const EntryParams = z.strictObject({ id: uuid });

/** The workspace calendar's calls (docs/api.md "Appointments"): read a location's days, and change them. */
export function manageAppointmentRoutes(service: ManageAppointmentsService, options: { corsOrigins: readonly string[] }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/manage/appointments/", async (request) => service.calendar(merchantOf(request), parseInput(CalendarQuery, request.query, "query")));

    app.post("/manage/appointments/", async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const body = parseInput(WalkInBody, request.body, "body");
      const created = await service.walkIn(merchantOf(request), body, siteOriginOf(request, options.corsOrigins));
      // Returned, not sent: the Idempotency-Key wrapper keeps what the handler returns for a repeat.
      void reply.code(201);
      return created;
    });

    app.post("/manage/appointments/:id/move/", async (request) => {
      const { id } = parseInput(EntryParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      return service.move(merchantOf(request), id, parseInput(ManageMoveBody, request.body, "body"));
    });

    app.post("/manage/appointments/:id/cancel/", async (request) => {
      const { id } = parseInput(EntryParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      return service.cancel(merchantOf(request), id, parseInput(ManageCancelBody, request.body ?? {}, "body"));
    });

    app.post("/manage/appointments/:id/no-show/", async (request) => {
      const { id } = parseInput(EntryParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      parseInput(EmptyBody, request.body, "body");
      return service.noShow(merchantOf(request), id);
    });

    app.post("/manage/appointment-blocks/", async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const created = await service.block(merchantOf(request), parseInput(BlockBody, request.body, "body"));
      void reply.code(201);
      return created;
    });

    app.delete("/manage/appointment-blocks/:id/", async (request) => {
      const { id } = parseInput(EntryParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      parseInput(EmptyBody, request.body, "body");
      return service.unblock(merchantOf(request), id);
    });
  };
}
