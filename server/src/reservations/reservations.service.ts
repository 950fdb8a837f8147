import { randomBytes } from "node:crypto";
import { DateTime } from "luxon";
import type { Location } from "@mainstreet/rules/business/schema";
import { isSlotOffered, timeSlots } from "@mainstreet/rules/hours/time-slots";
import { reservationTimeLabel } from "@mainstreet/rules/booking/reservations";
import type { ReservationView, SlotsReply } from "@mainstreet/rules/api/api-views";
import type { Catalog, CatalogEntry } from "../catalog/catalog";
import type { Db, Queryable } from "../db/db";
import { assertTokenMatches, hashToken } from "../http/bearer";
import { conflict, notFound, unprocessable } from "../http/errors";
import { type ReservationFields } from "@mainstreet/rules/api/api-requests";
import { liveLocation } from "../site-facts/site-facts.service";
import { bookedReservations, cancelByReference, insertReservation, lockByReference, lockSlotAndCount } from "./reservations.store";

/**
 * Table and appointment reservations inside a location's opening hours (time-slots rules), at most
 * `reservations.capacity` parties per slot. The slot row is locked while counting, so concurrent
 * requests for the last seat serialise on it and exactly one wins.
 */

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Short, unambiguous (no 0/O, 1/I) reference a visitor can read out on the phone. */
function newReference(): string {
  const bytes = randomBytes(8);
  const chars = Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]);
  return `R-${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}

function locationFor(entry: CatalogEntry, locationId: string | undefined): Location {
  if (!locationId) throw unprocessable("location.id: a reservation needs the location it is for");
  const location = entry.locations.get(locationId);
  if (!location) throw unprocessable(`location.id: "${locationId}" is not a location of ${entry.business.name}`);
  if (!location.reservations.enabled) throw unprocessable(`location.id: ${location.name ?? location.street} does not take reservations online`);
  return location;
}

export class ReservationsService {
  constructor(
    private readonly deps: { db: Db; catalog: Catalog; clock: () => Date },
  ) {}

  /** Offered slots of a date with the seats left in each. */
  async slots(businessId: string, locationId: string, date: string): Promise<SlotsReply> {
    const entry = this.deps.catalog.get(businessId);
    if (!entry) throw notFound(`Business ${businessId} does not exist`);
    const location = await liveLocation(this.deps.db, businessId, locationFor(entry, locationId), this.deps.clock());
    let slots;
    try {
      slots = timeSlots({
        hours: location.hours,
        specialHours: location.specialHours,
        timeZone: location.timezone,
        date,
        now: this.deps.clock(),
        intervalMinutes: location.reservations.slotMinutes,
        locale: entry.business.locale,
      });
    } catch (error) {
      throw unprocessable(`query.date: ${error instanceof Error ? error.message : String(error)}`);
    }
    const booked = await bookedReservations(
      this.deps.db,
      businessId,
      locationId,
      DateTime.fromISO(date, { zone: location.timezone }).startOf("day").toISO(),
      // A date's list runs into the next morning when its opening does (a late Friday's 12:30am).
      DateTime.fromISO(date, { zone: location.timezone }).plus({ days: 2 }).startOf("day").toISO(),
    );
    return {
      business_id: businessId,
      location_id: locationId,
      date,
      time_zone: location.timezone,
      slot_minutes: location.reservations.slotMinutes,
      slots: slots.map((slot) => {
        const remaining = Math.max(0, location.reservations.capacity - (booked.get(DateTime.fromISO(slot.start).toMillis()) ?? 0));
        return { start: slot.start, label: slot.label, remaining, available: remaining > 0 };
      }),
    };
  }

  /** Books a slot inside the caller's transaction (the form submission commits with it). */
  async reserve(
    tx: Queryable,
    entry: CatalogEntry,
    locationId: string | undefined,
    fields: ReservationFields,
    submissionId: string,
  ): Promise<{ reservation: ReservationView; cancelToken: string; location: Location }> {
    const location = await liveLocation(tx, entry.business.id, locationFor(entry, locationId), this.deps.clock());
    const start = DateTime.fromISO(fields.start, { setZone: true });
    if (!start.isValid || !/[zZ]|[+-]\d{2}:?\d{2}$/.test(fields.start)) {
      throw unprocessable(`event_data.fieldValues.start: expected a slot start with its offset like 2026-03-10T18:30:00-04:00, got ${JSON.stringify(fields.start)}`);
    }
    if (fields.serviceId !== undefined && !entry.items.get(fields.serviceId)?.visible) {
      throw unprocessable(`event_data.fieldValues.serviceId: "${fields.serviceId}" is not a service of ${entry.business.name}`);
    }
    if (fields.teamMemberId !== undefined && !entry.business.team.some((member) => member.id === fields.teamMemberId && member.show)) {
      throw unprocessable(`event_data.fieldValues.teamMemberId: "${fields.teamMemberId}" is not a team member of ${entry.business.name}`);
    }
    const offered = isSlotOffered({
      hours: location.hours,
      specialHours: location.specialHours,
      timeZone: location.timezone,
      now: this.deps.clock(),
      start: fields.start,
      intervalMinutes: location.reservations.slotMinutes,
    });
    if (!offered) {
      throw unprocessable(
        `event_data.fieldValues.start: ${reservationTimeLabel(start.toISO() as string, location.timezone, entry.business.locale, location)} is not a bookable slot at ${location.name ?? location.street} (outside opening hours, not on the ${location.reservations.slotMinutes}-minute grid, or in the past)`,
      );
    }
    const startsAt = start.toUTC().toISO() as string;
    if ((await lockSlotAndCount(tx, entry.business.id, location.id, startsAt)) >= location.reservations.capacity) {
      throw conflict(`That time is fully booked at ${location.name ?? location.street}; please choose another slot`);
    }
    const cancelToken = randomBytes(16).toString("hex");
    const reference = newReference();
    await insertReservation(tx, {
      reference,
      cancelTokenHash: hashToken(cancelToken),
      businessId: entry.business.id,
      locationId: location.id,
      startsAt,
      partySize: fields.partySize,
      name: fields.name,
      email: fields.email.toLowerCase(),
      phone: fields.phone ?? null,
      notes: fields.notes,
      serviceId: fields.serviceId ?? null,
      teamMemberId: fields.teamMemberId ?? null,
      submissionId,
    });
    return {
      reservation: {
        reference,
        status: "confirmed",
        business_id: entry.business.id,
        location_id: location.id,
        start: start.setZone(location.timezone).toISO() as string,
        party_size: fields.partySize,
        name: fields.name,
      },
      cancelToken,
      location,
    };
  }

  async cancel(reference: string, cancelToken: string): Promise<ReservationView> {
    return this.deps.db.transaction(async (tx) => {
      const row = await lockByReference(tx, reference);
      if (!row) throw notFound(`Reservation ${reference} does not exist`);
      assertTokenMatches(row.cancel_token_hash, cancelToken, `reservation ${reference}`);
      if (row.status === "confirmed") {
        await cancelByReference(tx, reference);
      }
      const location = this.deps.catalog.get(row.business_id)?.locations.get(row.location_id);
      return {
        reference: row.reference,
        status: "cancelled",
        business_id: row.business_id,
        location_id: row.location_id,
        start: DateTime.fromJSDate(new Date(row.starts_at), { zone: location?.timezone ?? "UTC" }).toISO() as string,
        party_size: row.party_size,
        name: row.name,
      };
    });
  }
}
