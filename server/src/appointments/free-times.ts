import { DateTime } from "luxon";
import type { Location, TeamMember } from "@mainstreet/rules/business/schema";
import type { AvailabilityReply } from "@mainstreet/rules/api/appointments-api";
import { availability, leastBookedStaff } from "@mainstreet/rules/booking/availability";
import type { CatalogEntry } from "../catalog/catalog";
import type { Queryable } from "../db/db";
import type { Service } from "./appointment-terms";
import { staffName } from "./appointment-terms";
import { busyBetween, type BusyRow } from "./appointments.store";

/**
 * The service's side of the availability rule (`@mainstreet/rules/booking/availability`): it reads what
 * the rule needs from the database (each person's taken time: appointments with their buffers, blocks) and
 * hands it over with the clock. The rule decides what is free and whom "any" gets; this file only feeds it.
 */

export type AppointmentSettings = Location["appointments"];
export type OfferedDay = AvailabilityReply["days"][number];

export interface FreeTimesInput {
  entry: CatalogEntry;
  location: Location;
  settings: AppointmentSettings;
  service: Service;
  /** The people to look at: one, or everyone who performs the service here ("any"). */
  staff: TeamMember[];
  /** First date on the location's clock, and how many. */
  from: string;
  days: number;
  now: Date;
  /** A booking whose own time does not count as taken (the one being moved). */
  ignoreId: string | null;
}

/** The rule's free starts of each date asked for, given the people's taken time. */
export function offeredDays(input: FreeTimesInput, taken: readonly BusyRow[]): OfferedDay[] {
  return availability({
    location: input.location,
    variation: input.service,
    staff: input.staff,
    busy: taken.map((row) => ({ staffId: row.staff_id, start: row.starts_at, end: row.buffer_ends_at })),
    from: input.from,
    days: input.days,
    now: input.now,
  });
}

/** The people's taken time around the dates asked for (the booking being moved left out). */
export async function takenTime(q: Queryable, input: FreeTimesInput): Promise<BusyRow[]> {
  const first = DateTime.fromISO(input.from, { zone: input.location.timezone });
  // The evening before and the buffers of the last day reach into the range: a day's margin either side.
  const rows = await busyBetween(q, input.entry.business.id, input.staff.map((member) => member.id), first.minus({ days: 1 }).toJSDate(), first.plus({ days: input.days + 1 }).toJSDate());
  return rows.filter((row) => row.id !== input.ignoreId);
}

export async function freeDays(q: Queryable, input: FreeTimesInput): Promise<OfferedDay[]> {
  return offeredDays(input, await takenTime(q, input));
}

/** The people free at a start in the order to give them the booking: the least booked that day first (the rule's pick). */
export function inBookingOrder(free: readonly string[], taken: readonly BusyRow[], date: string, timeZone: string): string[] {
  const appointments = taken.filter((row) => row.kind === "appointment").map((row) => ({ staffId: row.staff_id, start: row.starts_at }));
  const first = leastBookedStaff(free, appointments, date, timeZone);
  return first === undefined ? [] : [first, ...free.filter((id) => id !== first)];
}

/**
 * Why the rule would never offer a start, whoever is booked (null when it would, so it can only have been
 * taken): the rule decides, and the reason names what the visitor can change.
 */
export function whyNotOffered(input: FreeTimesInput, start: Date): string | null {
  const { location, settings, service, now } = input;
  const local = DateTime.fromJSDate(start, { zone: location.timezone });
  const [day] = offeredDays({ ...input, from: local.toISODate() as string, days: 1 }, []);
  if (day?.slots.some((slot) => DateTime.fromISO(slot.start).toMillis() === start.getTime())) return null;
  const label = `${local.toFormat("ccc d LLL")} at ${local.toFormat("h:mma").toLowerCase()}`;
  if ((local.hour * 60 + local.minute) % settings.stepMinutes !== 0 || local.second !== 0 || local.millisecond !== 0) {
    return `${label} is not one of the start times: appointments start every ${settings.stepMinutes} minutes from midnight`;
  }
  if (start.getTime() < now.getTime() + settings.leadMinutes * 60_000) return `${label} is too soon: appointments are booked at least ${settings.leadMinutes} minutes ahead`;
  if (local.startOf("day") > DateTime.fromJSDate(now, { zone: location.timezone }).startOf("day").plus({ days: settings.daysAhead })) {
    return `${label} is too far ahead: appointments are booked up to ${settings.daysAhead} days ahead`;
  }
  const who = input.staff.length === 1 ? staffName(input.entry, input.staff[0].id) : "anyone who performs it";
  return `${label} is not a time ${who} can take the ${service.durationMinutes}-minute ${service.name} at ${location.name ?? location.street} (working hours, opening hours and time off; the service must end by closing time)`;
}
