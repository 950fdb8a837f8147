import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import type { Location } from "@mainstreet/rules/business/schema";
import { staffFor, worksAt } from "@mainstreet/rules/booking/staff";
import type { BlockBody, CalendarEntry, CalendarQuery, CalendarReply, CalendarService, ManageCancelBody, ManageMoveBody, WalkInBody } from "@mainstreet/rules/api/manage-appointments-api";
import type { MerchantSession } from "../accounts/accounts.service";
import type { CatalogEntry } from "../catalog/catalog";
import type { Queryable } from "../db/db";
import { hashToken } from "../http/bearer";
import { conflict, forbidden, unprocessable } from "../http/errors";
import type { MailMessage } from "../mail/mailer";
import { deliverMail, queueMail } from "../mail/outbox";
import { cancelledMail, confirmationMail, manageUrl, movedMail, type AppointmentMailContext } from "./appointment-mail";
import { instant, newManageToken, newReference, onClock, overlapAs409, reminderAt, serviceName, serviceOf, span, staffName, staffOf, storedServiceName } from "./appointment-terms";
import { calendarBetween, findById, insertAppointment, lockById, moveAppointment, setAppointmentStatus, type AppointmentRow, type NewAppointment } from "./appointments.store";
import type { AppointmentsDeps } from "./appointments.service";

/**
 * The workspace's calendar (docs/api.md "Appointments"): the appointments and blocks of a location by day,
 * and the moves owner and staff make: a walk-in, moving or cancelling a booking (the customer is mailed),
 * marking a no-show, blocking time and freeing it. The workspace is not held to the visitor's rules (a
 * walk-in may be taken at any time the person is free); the one thing it cannot do is overlap a person's
 * time, which the database refuses (409). Every change is an `appointment` event on the order stream.
 */

/** The longest block: longer absences are time off in the business data. */
const MAX_BLOCK_MS = 24 * 60 * 60_000;

/** The calendar needs what the visitor's calls need: the database, the catalog, mail, the clock and events. */
export type ManageAppointmentsDeps = AppointmentsDeps;

/** A row as the calendar shows it, on its location's clock. */
export function calendarEntry(entry: CatalogEntry, row: AppointmentRow): CalendarEntry {
  const zone = entry.locations.get(row.location_id)?.timezone ?? "UTC";
  return {
    id: row.id,
    kind: row.kind,
    location_id: row.location_id,
    staff_id: row.staff_id,
    start: onClock(row.starts_at, zone),
    end: onClock(row.ends_at, zone),
    busy_until: onClock(row.buffer_ends_at, zone),
    status: row.status,
    source: row.source,
    reference: row.reference,
    variation_id: row.variation_id,
    service_name: row.kind === "appointment" ? storedServiceName(entry, row) : null,
    customer: row.kind === "appointment" ? { first_name: row.first_name ?? "", last_name: row.last_name ?? "", email: row.email, phone: row.phone } : null,
    notes: row.notes,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export class ManageAppointmentsService {
  constructor(private readonly deps: ManageAppointmentsDeps) {}

  private location(entry: CatalogEntry, locationId: string): Location {
    const location = entry.locations.get(locationId);
    if (!location) throw forbidden(`No location ${locationId} in this business's workspace`);
    return location;
  }

  private mailContext(entry: CatalogEntry, row: AppointmentRow): AppointmentMailContext {
    const location = this.location(entry, row.location_id);
    return { entry, location, row, staffName: staffName(entry, row.staff_id), serviceName: storedServiceName(entry, row), mailFrom: this.deps.mailFrom, now: this.deps.clock() };
  }

  /** Runs a change in one transaction with its event; sends its mail after the commit. */
  private async change(session: MerchantSession, work: (tx: Queryable, entry: CatalogEntry) => Promise<{ row: AppointmentRow; mail: (AppointmentMailContext | null)[]; build?: (context: AppointmentMailContext) => MailMessage }>): Promise<CalendarEntry> {
    const entry = this.deps.catalog.served(session.businessId);
    const { row, mailIds } = await this.deps.db.transaction(async (tx) => {
      const done = await work(tx, entry);
      const ids: string[] = [];
      if (done.build) for (const context of done.mail) if (context?.row.email) ids.push(await queueMail(tx, done.build(context), null));
      await this.deps.events.record(tx, session.businessId, "appointment", done.row.id);
      return { row: done.row, mailIds: ids };
    });
    if (mailIds.length > 0) {
      await deliverMail(this.deps.db, this.deps.mailer, mailIds, this.deps.log).catch((error: unknown) => this.deps.log.warn({ err: error, appointmentId: row.id }, "appointment mail kept in the outbox"));
    }
    return calendarEntry(entry, row);
  }

  async calendar(session: MerchantSession, query: CalendarQuery): Promise<CalendarReply> {
    const entry = this.deps.catalog.served(session.businessId);
    const location = this.location(entry, query.location_id);
    const from = query.from ? DateTime.fromISO(query.from, { zone: location.timezone }) : DateTime.fromJSDate(this.deps.clock(), { zone: location.timezone }).startOf("day");
    const rows = await calendarBetween(this.deps.db, session.businessId, location.id, from.toJSDate(), from.plus({ days: query.days }).toJSDate());
    const staff = entry.business.team.filter((member) => member.show && worksAt(member, location.id));
    return {
      location_id: location.id,
      time_zone: location.timezone,
      from: from.toISODate() as string,
      days: query.days,
      staff: staff.map((member) => ({ id: member.id, name: member.name })),
      services: bookableServices(entry, location.id),
      entries: rows.map((row) => calendarEntry(entry, row)),
    };
  }

  async entry(businessId: string, id: string): Promise<CalendarEntry | null> {
    const entry = this.deps.catalog.get(businessId);
    const row = entry ? await findById(this.deps.db, businessId, id) : undefined;
    return entry && row ? calendarEntry(entry, row) : null;
  }

  /** A walk-in or a phone booking; with an address the customer gets the confirmation and its manage link. */
  async walkIn(session: MerchantSession, body: WalkInBody, siteOrigin: string): Promise<CalendarEntry> {
    const now = this.deps.clock();
    const token = body.customer.email ? newManageToken() : null;
    let url = "";
    return this.change(session, async (tx, entry) => {
      const location = this.location(entry, body.location_id);
      const service = serviceOf(entry, body.variation_id, "body.variation_id");
      staffOf(entry, body.staff_id, location, "body.staff_id");
      const start = instant(body.start);
      const email = body.customer.email?.toLowerCase() ?? null;
      const row = await hold(tx, entry, { locationId: location.id, staffId: body.staff_id, at: now }, {
        kind: "appointment",
        source: "walk_in",
        variationId: body.variation_id,
        startsAt: start,
        ...span(start, service),
        reference: newReference(),
        manageTokenHash: token ? hashToken(token) : null,
        firstName: body.customer.first_name,
        lastName: body.customer.last_name,
        email,
        phone: body.customer.phone || null,
        notes: body.notes,
        reminderAt: reminderAt(start, now, email),
      });
      if (token && row.reference) url = manageUrl(siteOrigin, row.reference, token);
      const context = this.mailContext(entry, row);
      return { row, mail: [context], build: (mail) => confirmationMail(mail, url, location.appointments.cancellationHours) };
    });
  }

  async move(session: MerchantSession, id: string, body: ManageMoveBody): Promise<CalendarEntry> {
    const now = this.deps.clock();
    return this.change(session, async (tx, entry) => {
      const row = await this.bookedAppointment(tx, session, id);
      const staffId = body.staff_id ?? row.staff_id;
      if (body.staff_id !== undefined) staffOf(entry, body.staff_id, this.location(entry, row.location_id), "body.staff_id");
      const start = instant(body.start);
      const length = { durationMinutes: minutesBetween(row.starts_at, row.ends_at), bufferMinutes: minutesBetween(row.ends_at, row.buffer_ends_at) };
      const moved = await overlapAs409(entry, staffId, () => moveAppointment(tx, row.id, { staffId, startsAt: start, ...span(start, length), reminderAt: reminderAt(start, now, row.email), at: now }));
      return { row: moved, mail: [this.mailContext(entry, moved)], build: (mail) => movedMail(mail, undefined, true) };
    });
  }

  async cancel(session: MerchantSession, id: string, body: ManageCancelBody): Promise<CalendarEntry> {
    return this.change(session, async (tx, entry) => {
      const row = await this.ownRow(tx, session, id, "appointment");
      if (row.status === "cancelled") return { row, mail: [] };
      if (row.status !== "booked") throw conflict("The appointment is marked a no-show: it can no longer be cancelled.", { status: row.status });
      const cancelled = await setAppointmentStatus(tx, row.id, "cancelled", this.deps.clock());
      return { row: cancelled, mail: [this.mailContext(entry, cancelled)], build: (mail) => cancelledMail(mail, true, body.reason) };
    });
  }

  async noShow(session: MerchantSession, id: string): Promise<CalendarEntry> {
    return this.change(session, async (tx) => {
      const row = await this.ownRow(tx, session, id, "appointment");
      if (row.status === "no_show") return { row, mail: [] };
      if (row.status !== "booked") throw conflict("The appointment is cancelled: it cannot be marked a no-show.", { status: row.status });
      if (new Date(row.starts_at).getTime() > this.deps.clock().getTime()) throw conflict("An appointment can be marked a no-show only once its time has come.", { status: row.status });
      return { row: await setAppointmentStatus(tx, row.id, "no_show", this.deps.clock()), mail: [] };
    });
  }

  async block(session: MerchantSession, body: BlockBody): Promise<CalendarEntry> {
    const now = this.deps.clock();
    return this.change(session, async (tx, entry) => {
      const location = this.location(entry, body.location_id);
      staffOf(entry, body.staff_id, location, "body.staff_id");
      const start = instant(body.start);
      const end = instant(body.end);
      if (end.getTime() <= start.getTime()) throw unprocessable(`body.end: expected a time after body.start (${body.start}), got ${body.end}`);
      if (end.getTime() - start.getTime() > MAX_BLOCK_MS) throw unprocessable("body.end: expected a block of at most 24 hours; longer absences are time off in the business data (team[].timeOff)");
      const row = await hold(tx, entry, { locationId: location.id, staffId: body.staff_id, at: now }, { kind: "block", ...NO_BOOKING, startsAt: start, endsAt: end, bufferEndsAt: end, notes: body.reason });
      return { row, mail: [] };
    });
  }

  async unblock(session: MerchantSession, id: string): Promise<CalendarEntry> {
    return this.change(session, async (tx) => {
      const row = await this.ownRow(tx, session, id, "block");
      return { row: row.status === "cancelled" ? row : await setAppointmentStatus(tx, row.id, "cancelled", this.deps.clock()), mail: [] };
    });
  }

  private async ownRow(tx: Queryable, session: MerchantSession, id: string, kind: AppointmentRow["kind"]): Promise<AppointmentRow> {
    const row = await lockById(tx, session.businessId, id);
    if (!row || row.kind !== kind) throw forbidden(`No ${kind === "block" ? "calendar block" : "appointment"} ${id} in this business's workspace`);
    return row;
  }

  private async bookedAppointment(tx: Queryable, session: MerchantSession, id: string): Promise<AppointmentRow> {
    const row = await this.ownRow(tx, session, id, "appointment");
    if (row.status !== "booked") throw conflict(`The appointment is ${row.status === "cancelled" ? "cancelled" : "marked a no-show"}: it cannot be moved.`, { status: row.status });
    return row;
  }
}

type Held = Pick<NewAppointment, "locationId" | "staffId" | "at">;

/**
 * The one way the workspace puts something in a person's column, a walk-in or a block: the table's
 * exclusion constraint refuses an overlap with the person's other time, answered as a 409 naming them.
 */
function hold(tx: Queryable, entry: CatalogEntry, where: Held, row: Omit<NewAppointment, "id" | "businessId" | keyof Held>): Promise<AppointmentRow> {
  return overlapAs409(entry, where.staffId, () => insertAppointment(tx, { id: randomUUID(), businessId: entry.business.id, ...where, ...row }));
}

/** A block is nobody's booking: no service, reference, customer or reminder. */
const NO_BOOKING = { source: null, variationId: null, reference: null, manageTokenHash: null, firstName: null, lastName: null, email: null, phone: null, reminderAt: null } as const;

const minutesBetween = (from: Date, to: Date) => Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000);

/** The variations a walk-in may be booked for at a location (visible, with a length), and who performs each. */
function bookableServices(entry: CatalogEntry, locationId: string): CalendarService[] {
  const { business } = entry;
  return business.menu.items
    .filter((item) => item.visible)
    .flatMap((item) => {
      const staffIds = staffFor(business.team, business.menu.categories, locationId, item.id).map((member) => member.id);
      return item.variations.flatMap((variation) =>
        variation.durationMinutes === undefined
          ? []
          : [{ variation_id: variation.id, name: serviceName(item, variation), duration_minutes: variation.durationMinutes, buffer_minutes: variation.bufferMinutes, staff_ids: staffIds }],
      );
    });
}
