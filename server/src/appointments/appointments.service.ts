import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { DateTime } from "luxon";
import type { Location } from "@mainstreet/rules/business/schema";
import { type AppointmentView, type AvailabilityQuery, type AvailabilityReply, type CreateAppointmentBody, type CreatedAppointment } from "@mainstreet/rules/api/appointments-api";
import { appointmentChoice } from "@mainstreet/rules/booking/staff";
import { isValidEmail } from "@mainstreet/rules/forms/validation";
import { isPhoneNumber, phoneExpectation } from "@mainstreet/rules/business/phone";
import type { Catalog, CatalogEntry } from "../catalog/catalog";
import type { Db, Queryable } from "../db/db";
import type { EventLog } from "../events/event-log";
import { assertTokenMatches, hashToken } from "../http/bearer";
import { conflict, notFound, unprocessable, type IssueDetail } from "../http/errors";
import type { MailMessage, Mailer } from "../mail/mailer";
import { deliverMail, queueMail } from "../mail/outbox";
import { appointmentTimeText, businessMail, cancelledMail, confirmationMail, manageUrl, movedMail, type AppointmentMailContext } from "./appointment-mail";
import { instant, locationOf, newManageToken, newReference, onClock, overlapAs409, reminderAt, serviceName, serviceOf, span, staffName, storedServiceName, type Service } from "./appointment-terms";
import { liveLocation } from "../site-facts/site-facts.service";
import { freeDays, inBookingOrder, offeredDays, takenTime, whyNotOffered, type FreeTimesInput } from "./free-times";
import { insertAppointment, isOverlap, byReference, moveAppointment, setAppointmentStatus, type AppointmentRow } from "./appointments.store";

/**
 * The visitor's appointments (docs/api.md "Appointments"): free start times by the availability rule, a
 * booking, and what the booking's token allows (see it, cancel it, move it until `cancellationHours` before
 * it starts). The rule decides what is offered; the database decides who wins a race: two visitors asking for
 * the same person's last free start both pass the rule, and the exclusion constraint lets exactly one insert
 * commit. The other gets 409, never a 422 or a 500.
 */

export interface AppointmentsDeps {
  db: Db;
  catalog: Catalog;
  mailer: Mailer;
  mailFrom: string;
  log: FastifyBaseLogger;
  clock: () => Date;
  events: EventLog;
}

export class AppointmentsService {
  constructor(private readonly deps: AppointmentsDeps) {}

  private business(businessId: string, path: string): CatalogEntry {
    const entry = this.deps.catalog.get(businessId);
    if (!entry) throw notFound(`${path}: business ${businessId} does not exist`);
    return entry;
  }

  /** The location, service and people a request names, resolved by the rules package; a 422 naming the field. */
  private choose(entry: CatalogEntry, where: "query" | "body", request: { location_id: string; variation_id: string; staff_id: string }) {
    const choice = appointmentChoice(entry.business, { locationId: request.location_id, variationId: request.variation_id, staffId: request.staff_id });
    if (!choice.ok) {
      const path = `${where}.${choice.field}`;
      const message = `${choice.message}, got ${JSON.stringify(request[choice.field])}`;
      throw unprocessable(`${path}: ${message}`, [{ path, message }]);
    }
    const { location, item, variation, staff } = choice;
    const service: Service = { item, variation, durationMinutes: variation.durationMinutes, bufferMinutes: variation.bufferMinutes, name: serviceName(item, variation) };
    return { location, settings: location.appointments, service, staff };
  }


  private mailContext(entry: CatalogEntry, location: Location, row: AppointmentRow): AppointmentMailContext {
    return { entry, location, row, staffName: staffName(entry, row.staff_id), serviceName: storedServiceName(entry, row), mailFrom: this.deps.mailFrom, now: this.deps.clock() };
  }

  /** Queues the mails in `tx`, records the event, and returns the mails to send after the commit. */
  private async announce(tx: Queryable, row: AppointmentRow, mails: (MailMessage | null)[]): Promise<string[]> {
    const ids: string[] = [];
    for (const mail of mails) if (mail) ids.push(await queueMail(tx, mail, null));
    await this.deps.events.record(tx, row.business_id, "appointment", row.id);
    return ids;
  }

  private async send(mailIds: string[], appointmentId: string): Promise<void> {
    if (mailIds.length === 0) return;
    await deliverMail(this.deps.db, this.deps.mailer, mailIds, this.deps.log).catch((error: unknown) => this.deps.log.warn({ err: error, appointmentId }, "appointment mail kept in the outbox"));
  }

  /** Free start times of the days asked, each with the people free then ("any": in the order they are given out). */
  async availability(query: AvailabilityQuery): Promise<AvailabilityReply> {
    const entry = this.business(query.business_id, "query.business_id");
    const chosen = this.choose(entry, "query", query);
    const { settings, service, staff } = chosen;
    const now = this.deps.clock();
    // The hours as the live site shows them: a closure for today stops bookings within a minute, without a build.
    const location = await liveLocation(this.deps.db, entry.business.id, chosen.location, now);
    const from = query.from ?? (DateTime.fromJSDate(now, { zone: location.timezone }).toISODate() as string);
    const offered = await freeDays(this.deps.db, { entry, location, settings, service, staff, from, days: query.days, now, ignoreId: null });
    return { time_zone: location.timezone, days: offered };
  }

  /** Books a free start; 409 when it is no longer free for the person (or for anyone, with "any"). */
  async book(body: CreateAppointmentBody, siteOrigin: string): Promise<CreatedAppointment> {
    const entry = this.business(body.business_id, "body.business_id");
    const { location, settings, service, staff } = this.choose(entry, "body", body);
    checkCustomer(body.customer, location.country);
    const now = this.deps.clock();
    const start = instant(body.start);
    const candidates = await this.freeFor({ entry, location, settings, service, staff, now, ignoreId: null }, start, "body.start");
    const token = newManageToken();
    const email = body.customer.email.toLowerCase();
    const { row, mailIds } = await this.deps.db.transaction(async (tx) => {
      const booked = await this.firstFree(entry, candidates, (staffId) =>
        insertAppointment(tx, {
          id: randomUUID(),
          businessId: entry.business.id,
          locationId: location.id,
          staffId,
          kind: "appointment",
          source: "online",
          variationId: service.variation.id,
          startsAt: start,
          ...span(start, service),
          reference: newReference(),
          manageTokenHash: hashToken(token),
          firstName: body.customer.first_name,
          lastName: body.customer.last_name,
          email,
          phone: body.customer.phone,
          notes: body.notes,
          reminderAt: reminderAt(start, now, email),
          at: now,
        }),
      );
      const context = this.mailContext(entry, location, booked);
      const url = manageUrl(siteOrigin, booked.reference as string, token);
      return { row: booked, mailIds: await this.announce(tx, booked, [confirmationMail(context, url, settings.cancellationHours), businessMail(context, "booked")]) };
    });
    await this.send(mailIds, row.id);
    return {
      id: row.id,
      reference: row.reference as string,
      start: onClock(row.starts_at, location.timezone),
      end: onClock(row.ends_at, location.timezone),
      staff: { id: row.staff_id, name: staffName(entry, row.staff_id) },
      manage_token: token,
    };
  }

  /**
   * The people a start is free for, in the order to give them the booking; a start the rule would never
   * offer (off the grid, outside hours, too soon, too far) is a 422 that says why, one only taken is a 409.
   */
  private async freeFor(given: Omit<FreeTimesInput, "from" | "days">, start: Date, path: string): Promise<string[]> {
    const input = { ...given, location: await liveLocation(this.deps.db, given.entry.business.id, given.location, given.now) };
    const date = DateTime.fromJSDate(start, { zone: input.location.timezone }).toISODate() as string;
    const day = { ...input, from: date, days: 1 };
    const taken = await takenTime(this.deps.db, day);
    const slot = offeredDays(day, taken)[0]?.slots.find((candidate) => instant(candidate.start).getTime() === start.getTime());
    if (slot) return inBookingOrder(slot.staff, taken, date, input.location.timezone);
    const reason = whyNotOffered(day, start);
    if (reason) throw unprocessable(`${path}: ${reason}`, [{ path, message: reason }]);
    const who = input.staff.length === 1 ? input.staff[0].name : "anyone who performs it";
    throw conflict(`${appointmentTimeText({ entry: input.entry, location: input.location, row: { starts_at: start } as AppointmentRow })} is no longer free for ${who}: choose another time.`, { code: "taken", path });
  }


  /** Tries each person in turn (a savepoint each), so a race lost for one falls to the next; 409 when none is left. */
  private async firstFree(entry: CatalogEntry, staffIds: string[], write: (staffId: string) => Promise<AppointmentRow>): Promise<AppointmentRow> {
    for (const staffId of staffIds) {
      try {
        return await this.deps.db.transaction(() => write(staffId));
      } catch (error) {
        if (!isOverlap(error)) throw error;
      }
    }
    const who = staffIds.length === 1 ? staffName(entry, staffIds[0]) : "anyone who performs it";
    throw conflict(`That time was just taken: it is no longer free for ${who}. Choose another time.`, { code: "taken" });
  }

  /** The booking its token opens; 404 for an unknown reference, 403 for a wrong token. */
  private async opened(q: Queryable, reference: string, token: string, lock = true): Promise<{ row: AppointmentRow; entry: CatalogEntry; location: Location }> {
    const row = await byReference(q, reference, lock);
    if (!row) throw notFound(`Appointment ${reference} does not exist`);
    assertTokenMatches(row.manage_token_hash ?? "", token, `appointment ${reference}: use the link from the confirmation mail`);
    const entry = this.business(row.business_id, "reference");
    return { row, entry, location: locationOf(entry, row.location_id, "reference") };
  }

  /** Until when the visitor may still cancel or move it themselves. */
  private changeUntil(row: AppointmentRow, location: Location): Date {
    return new Date(new Date(row.starts_at).getTime() - location.appointments.cancellationHours * 3_600_000);
  }

  private view(entry: CatalogEntry, location: Location, row: AppointmentRow): AppointmentView {
    const until = this.changeUntil(row, location);
    const found = row.variation_id ? entry.variations.get(row.variation_id) : undefined;
    return {
      id: row.id,
      reference: row.reference as string,
      status: row.status === "booked" ? "confirmed" : row.status,
      business_id: row.business_id,
      location_id: row.location_id,
      item_id: found?.item.id ?? "",
      variation_id: row.variation_id as string,
      staff: { id: row.staff_id, name: staffName(entry, row.staff_id) },
      start: onClock(row.starts_at, location.timezone),
      end: onClock(row.ends_at, location.timezone),
      time_zone: location.timezone,
      duration_minutes: Math.round((new Date(row.ends_at).getTime() - new Date(row.starts_at).getTime()) / 60_000),
      price_cents: found?.variation.priceCents ?? 0,
      customer: { first_name: row.first_name ?? "", last_name: row.last_name ?? "" },
      notes: row.notes,
      changeable_until: onClock(until, location.timezone),
      changeable: row.status === "booked" && this.deps.clock().getTime() < until.getTime(),
    };
  }


  /** Refuses a change once the booking is cancelled, past, or inside the cancellation window. */
  private assertChangeable(entry: CatalogEntry, location: Location, row: AppointmentRow, what: "cancel" | "move"): void {
    if (row.status !== "booked") throw conflict(`This appointment is ${row.status === "cancelled" ? "cancelled" : "marked a no-show"}: it cannot be changed any more.`, { code: row.status });
    if (this.deps.clock().getTime() >= this.changeUntil(row, location).getTime()) {
      const phone = location.phone ? ` on ${location.phone}` : "";
      throw conflict(
        `Appointments can be ${what === "cancel" ? "cancelled" : "moved"} online until ${location.appointments.cancellationHours} hours before they start, so this link can no longer ${what} it. Please call ${location.name ?? entry.business.name}${phone}.`,
        { code: "too_late", change_until: onClock(this.changeUntil(row, location), location.timezone) },
      );
    }
  }

  async show(reference: string, token: string): Promise<AppointmentView> {
    const { row, entry, location } = await this.opened(this.deps.db, reference, token, false);
    return this.view(entry, location, row);
  }

  async cancel(reference: string, token: string): Promise<AppointmentView> {
    const { view, mailIds, id } = await this.deps.db.transaction(async (tx) => {
      const { row, entry, location } = await this.opened(tx, reference, token);
      if (row.status === "cancelled") return { view: this.view(entry, location, row), mailIds: [] as string[], id: row.id };
      this.assertChangeable(entry, location, row, "cancel");
      const cancelled = await setAppointmentStatus(tx, row.id, "cancelled", this.deps.clock());
      const context = this.mailContext(entry, location, cancelled);
      return { view: this.view(entry, location, cancelled), mailIds: await this.announce(tx, cancelled, [cancelledMail(context, false, ""), businessMail(context, "cancelled")]), id: row.id };
    });
    await this.send(mailIds, id);
    return view;
  }

  /** Moves it to another start free for the same person (its own time does not stand in the way). */
  async move(reference: string, token: string, startText: string, siteOrigin: string): Promise<AppointmentView> {
    const now = this.deps.clock();
    const start = instant(startText);
    const { view, mailIds, id } = await this.deps.db.transaction(async (tx) => {
      const { row, entry, location } = await this.opened(tx, reference, token);
      this.assertChangeable(entry, location, row, "move");
      const service = serviceOf(entry, row.variation_id as string, "reference");
      const person = entry.team.get(row.staff_id);
      if (!person) throw conflict(`${row.staff_id} no longer takes bookings online: please call ${location.name ?? entry.business.name} to move it.`, { code: "staff_gone" });
      await this.freeFor({ entry, location, settings: location.appointments, service, staff: [person], now, ignoreId: row.id }, start, "body.start");
      const previous = appointmentTimeText({ entry, location, row });
      const moved = await overlapAs409(entry, row.staff_id, () => this.deps.db.transaction(() => moveAppointment(tx, row.id, { staffId: row.staff_id, startsAt: start, ...span(start, service), reminderAt: reminderAt(start, now, row.email), at: now })));
      const context = this.mailContext(entry, location, moved);
      const url = manageUrl(siteOrigin, reference, token);
      return { view: this.view(entry, location, moved), mailIds: await this.announce(tx, moved, [movedMail(context, url, false), businessMail(context, "moved", previous)]), id: row.id };
    });
    await this.send(mailIds, id);
    return view;
  }

}

/** The visitor's address and phone, by the same rules as an order's customer (SPEC §5); 422 naming each. */
function checkCustomer(customer: CreateAppointmentBody["customer"], country: string): void {
  const problems: IssueDetail[] = [];
  if (!isValidEmail(customer.email)) problems.push({ path: "body.customer.email", message: `expected an email address like name@example.com, got ${JSON.stringify(customer.email)}` });
  if (!isPhoneNumber(customer.phone, country)) problems.push({ path: "body.customer.phone", message: `expected ${phoneExpectation(country)}, got ${JSON.stringify(customer.phone)}` });
  if (problems.length > 0) throw unprocessable(`${problems[0].path}: ${problems[0].message}`, problems);
}
