/**
 * Booking rules: which dates and times the reservation form offers (the time-slots rule in the
 * location's zone) and how a booking is described back to the visitor, with luxon; the clock-free rules
 * (Book Now, reservation pages, slot lists, the cancel link) are in booking.ts and re-exported here.
 * Pure: `now` and zones are parameters.
 */
import { DateTime } from "luxon";
import { formatMinuteOfDay, zonedNow, type HoursInput, type SpecialHoursInput } from "../hours/hours";
import { DEFAULT_LOCALE, formatDateLabel } from "../business/locale";
import { slotDate, timeSlots } from "../hours/time-slots";

export * from "./booking";

// ─── dates and slots ───────────────────────────────────────────────────────────────────────────────

/** How far ahead the form offers dates. */
export const BOOKING_WINDOW_DAYS = 60;

export function addDays(date: string, days: number): string {
  const parsed = DateTime.fromISO(date, { zone: "UTC" });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !parsed.isValid) throw new RangeError(`addDays: expected a date like 2026-03-08, got "${date}"`);
  return parsed.plus({ days }).toISODate() as string;
}

/** Today, tomorrow and the last bookable date, as YYYY-MM-DD in the location's zone. */
export function bookingWindow(now: Date | number, timeZone: string, days: number = BOOKING_WINDOW_DAYS): { today: string; tomorrow: string; last: string } {
  const today = zonedNow(now, timeZone).toISODate() as string;
  return { today, tomorrow: addDays(today, 1), last: addDays(today, days) };
}

export interface SlotSearch {
  hours: readonly HoursInput[] | null | undefined;
  timeZone: string;
  now: Date | number;
  intervalMinutes?: number;
  /** Dated overrides (holiday closures, changed hours), replacing the weekly hours of their dates. */
  specialHours?: readonly SpecialHoursInput[] | null;
}

/** The first date from `from` (inclusive) on which the location offers a slot, within `searchDays`. */
export function firstDateWithSlots(search: SlotSearch & { from: string; searchDays?: number }): string | null {
  const days = search.searchDays ?? BOOKING_WINDOW_DAYS;
  for (let offset = 0; offset <= days; offset += 1) {
    const date = addDays(search.from, offset);
    if (timeSlots({ ...search, date }).length > 0) return date;
  }
  return null;
}

/**
 * The first date from `from` (inclusive) with no slot at all (closed, or too late today), within `searchDays`.
 * @internal Tests only: the booking browser test picks a closed date with it.
 */
export function firstClosedDate(search: SlotSearch & { from: string; searchDays?: number }): string | null {
  const days = search.searchDays ?? 14;
  for (let offset = 0; offset <= days; offset += 1) {
    const date = addDays(search.from, offset);
    if (timeSlots({ ...search, date }).length === 0) return date;
  }
  return null;
}

// ─── describing a booking ──────────────────────────────────────────────────────────────────────────

/** `Tuesday 24 November 2026` for a YYYY-MM-DD date in en-US; the locale's long date with its weekday otherwise. */
export function dateLabel(date: string, locale: string = DEFAULT_LOCALE): string {
  const parsed = DateTime.fromISO(date, { zone: "UTC" });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !parsed.isValid) throw new RangeError(`dateLabel: expected a date like 2026-03-08, got "${date}"`);
  return formatDateLabel(date, locale, { weekday: true });
}

/** The opening hours a reservation's time is read against, to tell a late-night time from an early one. */
export interface BookedHours {
  hours: readonly HoursInput[] | null | undefined;
  specialHours?: readonly SpecialHoursInput[] | null;
}

/**
 * `Tuesday 24 November 2026 at 2:30pm` on the location's wall clock (date and time in the site's locale). A
 * time after midnight that continues the evening before (`hours` given) is named by that evening, as the
 * reservation form lists it: `Friday night, 27 November 2026, 12:30am`. Other locales get the calendar date
 * and time, which no English "night" should be mixed into.
 */
export function reservationTimeLabel(start: string, timeZone: string, locale: string = DEFAULT_LOCALE, hours?: BookedHours): string {
  const at = DateTime.fromISO(start, { setZone: true }).setZone(timeZone);
  if (!at.isValid) throw new RangeError(`reservationTimeLabel: expected an ISO time with offset, got "${start}"`);
  const calendarDate = at.toISODate() as string;
  const time = formatMinuteOfDay(at.hour * 60 + at.minute, locale);
  const listedUnder = hours && locale === DEFAULT_LOCALE ? slotDate({ ...hours, timeZone, start: at.toMillis() }) : null;
  if (listedUnder && listedUnder !== calendarDate) {
    const [weekday, ...date] = dateLabel(listedUnder, locale).split(" ");
    return `${weekday} night, ${date.join(" ")}, ${time === "Midnight" ? "midnight" : time}`;
  }
  return `${dateLabel(calendarDate, locale)} at ${time}`;
}

/** `Eastern Standard Time`: the zone the form's times are in, as its name at `now`. */
export function zoneLabel(timeZone: string, now: Date | number): string {
  return zonedNow(now, timeZone).setLocale("en-US").offsetNameLong ?? timeZone;
}

