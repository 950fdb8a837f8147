/**
 * Opening hours at real instants (SPEC §5 Hours, §9 Hours): the weekday at `now`, today's row and absolute
 * open intervals, computed in the location's IANA zone with luxon. Pure: the only clock is the `now` a
 * caller passes. The clock-free rules (ranges, rows, formatting) live in hours-format.ts and are
 * re-exported here, so callers that already have luxon import one module.
 */
import { DateTime } from "luxon";
import { type HoursInput, type SpecialHoursInput, MINUTES_PER_DAY, dateRanges } from "./hours-format";

export * from "./hours-format";

/** A luxon DateTime for `now` in an IANA zone; throws with the zone named when luxon does not know it. */
export function zonedNow(now: Date | number, timeZone: string): DateTime {
  const at = DateTime.fromMillis(typeof now === "number" ? now : now.getTime(), { zone: timeZone });
  if (!at.isValid) {
    throw new RangeError(
      `time zone: expected an IANA zone like "America/New_York", got "${timeZone}" (${at.invalidReason ?? "invalid"})`,
    );
  }
  return at;
}

/** An absolute open period, epoch milliseconds, end exclusive. */
export type OpenInterval = { start: number; end: number };

/** A YYYY-MM-DD date as the start of that day in the zone; throws naming `what` for anything else. */
export function parseLocalDate(date: string, timeZone: string, what: string): DateTime {
  const parsed = DateTime.fromISO(date, { zone: timeZone });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !parsed.isValid) {
    throw new RangeError(`${what}: expected a date like 2026-03-08, got "${date}"`);
  }
  return parsed;
}

/**
 * The wall-clock instant `minutes` after the start of `date` in the zone. Calendar days are added first and
 * the time set afterwards, so 18:00 stays 18:00 on DST days; a wall time skipped by spring-forward moves
 * to the first valid instant after it, and an ambiguous fall-back time takes luxon's choice (standard time).
 */
export function wallClockInstant(date: DateTime, minutes: number, timeZone: string): number {
  const dayOffset = Math.floor(minutes / MINUTES_PER_DAY);
  const minuteOfDay = minutes - dayOffset * MINUTES_PER_DAY;
  const calendar = date.plus({ days: dayOffset });
  return DateTime.fromObject(
    {
      year: calendar.year,
      month: calendar.month,
      day: calendar.day,
      hour: Math.floor(minuteOfDay / 60),
      minute: minuteOfDay % 60,
    },
    { zone: timeZone },
  ).toMillis();
}

/**
 * Merged absolute open intervals for the ranges that start on each date from `fromDate` to `toDate`
 * (YYYY-MM-DD, inclusive) in the location's zone: a date's special hours when it has some, else its
 * weekday's hours (dateRanges). Touching or overlapping ranges merge, so a 09:00–12:00 followed by a
 * 12:00–17:00 is one interval and an overnight range joins the next morning's.
 */
export function openIntervals(
  hours: readonly HoursInput[],
  timeZone: string,
  fromDate: string,
  toDate: string,
  specialHours?: readonly SpecialHoursInput[] | null,
): OpenInterval[] {
  zonedNow(0, timeZone);
  const first = parseLocalDate(fromDate, timeZone, "openIntervals: fromDate");
  const last = parseLocalDate(toDate, timeZone, "openIntervals: toDate");
  const raw: OpenInterval[] = [];
  for (let date = first; date <= last; date = date.plus({ days: 1 })) {
    for (const range of dateRanges(hours, specialHours, date.toISODate() as string)) {
      const start = wallClockInstant(date, range.startMinute, timeZone);
      const end = wallClockInstant(date, range.endMinute, timeZone);
      if (end > start) raw.push({ start, end });
    }
  }
  raw.sort((a, b) => a.start - b.start);
  const merged: OpenInterval[] = [];
  for (const interval of raw) {
    const previous = merged[merged.length - 1];
    if (previous && interval.start <= previous.end) previous.end = Math.max(previous.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/** Calendar date (YYYY-MM-DD) of an instant in a zone. */
export function isoDateIn(instant: Date | number, timeZone: string): string {
  return zonedNow(instant, timeZone).toISODate() as string;
}
