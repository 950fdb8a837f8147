import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { parseInput } from "../http/errors";
import { CancelReservationBody } from "@mainstreet/rules/api/api-requests";
import { ReservationParams, SlotsQuery } from "./reservations.schema";
import type { ReservationsService } from "./reservations.service";

/** Not in SPEC §7: what the reservation form needs besides `events/website/` (slots and cancellation). */
export function reservationRoutes(service: ReservationsService, limits: { forms: onRequestHookHandler }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/reservations/slots/", async (request) => {
      const query = parseInput(SlotsQuery, request.query, "query");
      return service.slots(query.business_id, query.location_id, query.date);
    });

    app.post("/reservations/:reference/cancel/", { onRequest: limits.forms }, async (request) => {
      const { reference } = parseInput(ReservationParams, request.params, "params");
      const body = parseInput(CancelReservationBody, request.body, "body");
      return service.cancel(reference, body.cancel_token);
    });
  };
}
