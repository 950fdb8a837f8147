import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { DateTime } from "luxon";
import { z } from "zod";
import { reservationTimeLabel } from "@mainstreet/rules/booking/reservations";
import type { ManageReservation, ReservationsReply } from "@mainstreet/rules/api/manage-api";
import { merchantOf } from "../accounts/access";
import type { Catalog, CatalogEntry } from "../catalog/catalog";
import type { Db } from "../db/db";
import { calendarDate, id, uuid } from "@mainstreet/rules/api/api-requests";
import { NoQuery } from "../http/common.schema";
import { badRequest, conflict, forbidden, parseInput } from "../http/errors";
import { deliverMail, queueMail } from "../mail/outbox";
import type { Mailer } from "../mail/mailer";
import { ReservationStatusBody } from "@mainstreet/rules/api/manage-requests";
import { lockReservation, reservationsBetween, setReservationStatus, type ReservationRow } from "./reservations.store";

/**
 * Reservations in the workspace: a location's bookings by date, cancelling one (its place in the
 * slot is free again at once: capacity counts confirmed bookings only; the guest is mailed) and marking a
 * past one a no-show.
 */

/** The longest range one list answers. */
const MAX_DAYS = 62;

const ReservationsQuery = z.strictObject({ from: calendarDate.optional(), to: calendarDate.optional(), location_id: id.optional() });
const ReservationParams = z.strictObject({ id: uuid });

type Row = ReservationRow;

const primaryZone = (entry: CatalogEntry) => (entry.business.locations.find((location) => location.primaryLocation) ?? entry.business.locations[0])?.timezone ?? "UTC";

export class ManageReservationsService {
  constructor(private readonly deps: { db: Db; catalog: Catalog; mailer: Mailer; mailFrom: string; log: FastifyBaseLogger; clock: () => Date }) {}

  private view(entry: CatalogEntry, row: Row): ManageReservation {
    const zone = entry.locations.get(row.location_id)?.timezone ?? "UTC";
    return {
      id: row.id,
      reference: row.reference,
      location_id: row.location_id,
      starts_at: DateTime.fromJSDate(new Date(row.starts_at), { zone }).toISO() as string,
      party_size: row.party_size,
      name: row.name,
      email: row.email,
      phone: row.phone,
      notes: row.notes,
      service_name: row.service_id ? (entry.items.get(row.service_id)?.name ?? null) : null,
      team_member_name: row.team_member_id ? (entry.business.team.find((member) => member.id === row.team_member_id)?.name ?? null) : null,
      status: row.status,
      created_at: new Date(row.created_at).toISOString(),
    };
  }

  /** Bookings from `from` to `to` (inclusive dates on the location's clock, or the primary location's), by time. */
  async list(businessId: string, query: z.output<typeof ReservationsQuery>): Promise<ReservationsReply> {
    const entry = this.deps.catalog.served(businessId);
    if (query.location_id !== undefined && !entry.locations.has(query.location_id)) throw forbidden(`No location ${query.location_id} in this business's workspace`);
    const zone = query.location_id ? (entry.locations.get(query.location_id)?.timezone ?? "UTC") : primaryZone(entry);
    const from = query.from ? DateTime.fromISO(query.from, { zone }) : DateTime.fromJSDate(this.deps.clock(), { zone }).startOf("day");
    const to = query.to ? DateTime.fromISO(query.to, { zone }) : from.plus({ days: 13 });
    if (to < from) throw badRequest(`query.to: expected a date on or after from (${from.toISODate()}), got ${to.toISODate()}`);
    if (to.diff(from, "days").days >= MAX_DAYS) throw badRequest(`query.to: expected at most ${MAX_DAYS} days after from, got ${to.toISODate()}`);
    const rows = await reservationsBetween(this.deps.db, businessId, from.toJSDate(), to.plus({ days: 1 }).toJSDate(), query.location_id ?? null);
    return { reservations: rows.map((row) => this.view(entry, row)) };
  }

  /** Cancels (any time before it starts) or marks a no-show (once it has started); 409 otherwise, 403 for any id not the business's. */
  async changeStatus(businessId: string, reservationId: string, status: "cancelled" | "no_show"): Promise<ManageReservation> {
    const entry = this.deps.catalog.served(businessId);
    const now = this.deps.clock();
    const { view, mailIds } = await this.deps.db.transaction(async (tx) => {
      const row = await lockReservation(tx, businessId, reservationId);
      if (!row) throw forbidden(`No reservation ${reservationId} in this business's workspace`);
      if (row.status === status) return { view: this.view(entry, row), mailIds: [] as string[] };
      if (row.status !== "confirmed") throw conflict(`The reservation is already ${row.status === "no_show" ? "marked a no-show" : "cancelled"}.`, { status: row.status });
      const started = new Date(row.starts_at).getTime() <= now.getTime();
      if (status === "no_show" && !started) throw conflict("A reservation can be marked a no-show only once its time has come.", { status: row.status });
      if (status === "cancelled" && started) throw conflict("The reservation's time has passed: mark it a no-show instead.", { status: row.status });
      const updated = await setReservationStatus(tx, reservationId, status, now);
      const ids: string[] = [];
      if (status === "cancelled") {
        const location = entry.locations.get(row.location_id);
        const when = reservationTimeLabel(this.view(entry, row).starts_at, location?.timezone ?? "UTC", entry.business.locale, location);
        ids.push(
          await queueMail(
            tx,
            {
              from: this.deps.mailFrom,
              to: [row.email],
              subject: `Your reservation ${row.reference} at ${entry.business.name} was cancelled`,
              text: `Hello ${row.name},\n\nwe are sorry: ${entry.business.name} had to cancel your reservation ${row.reference} for ${row.party_size} on ${when}${location ? ` at ${location.name ?? location.street}` : ""}.\n\nPlease get in touch to find another time.`,
            },
            null,
          ),
        );
      }
      return { view: this.view(entry, updated), mailIds: ids };
    });
    if (mailIds.length > 0) {
      await deliverMail(this.deps.db, this.deps.mailer, mailIds, this.deps.log).catch((error: unknown) => this.deps.log.warn({ err: error, reservationId }, "reservation mail kept in the outbox"));
    }
    return view;
  }
}

export function manageReservationRoutes(service: ManageReservationsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/manage/reservations/", async (request) => {
      const query = parseInput(ReservationsQuery, request.query, "query");
      return service.list(merchantOf(request).businessId, query);
    });

    app.post("/manage/reservations/:id/status/", async (request) => {
      const { id: reservationId } = parseInput(ReservationParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      const { status } = parseInput(ReservationStatusBody, request.body, "body");
      return service.changeStatus(merchantOf(request).businessId, reservationId, status);
    });
  };
}
