import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { AppointmentParams, AvailabilityQuery, CancelAppointmentBody, CreateAppointmentBody, MoveAppointmentBody, ViewAppointmentQuery } from "@mainstreet/rules/api/appointments-api";
import { NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import type { AppointmentsService } from "./appointments.service";
import { siteOriginOf } from "./site-origin";

/** The visitor's appointment calls (docs/api.md "Appointments"): free times, booking, and the booking's token. */
export function appointmentRoutes(service: AppointmentsService, options: { forms: onRequestHookHandler; corsOrigins: readonly string[] }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/appointments/availability/", async (request) => service.availability(parseInput(AvailabilityQuery, request.query, "query")));

    app.post("/appointments/", { onRequest: options.forms }, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const body = parseInput(CreateAppointmentBody, request.body, "body");
      const created = await service.book(body, siteOriginOf(request, options.corsOrigins));
      // Returned, not sent: the Idempotency-Key wrapper keeps what the handler returns for a repeat.
      void reply.code(201);
      return created;
    });

    app.get("/appointments/:reference/", async (request) => {
      const { reference } = parseInput(AppointmentParams, request.params, "params");
      const { token } = parseInput(ViewAppointmentQuery, request.query, "query");
      return service.show(reference, token);
    });

    app.post("/appointments/:reference/cancel/", { onRequest: options.forms }, async (request) => {
      const { reference } = parseInput(AppointmentParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      const { token } = parseInput(CancelAppointmentBody, request.body, "body");
      return service.cancel(reference, token);
    });

    app.post("/appointments/:reference/move/", { onRequest: options.forms }, async (request) => {
      const { reference } = parseInput(AppointmentParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      const { token, start } = parseInput(MoveAppointmentBody, request.body, "body");
      return service.move(reference, token, start, siteOriginOf(request, options.corsOrigins));
    });
  };
}
