/**
 * Bookable time slots inside a location's opening hours for one date in its zone (SPEC §9: 30-minute
 * default interval). The reservation form lists them and the booking API refuses anything else, so both
 * call the same function.
 *
 * Slots sit on the location's wall clock (9:00, 9:30, … measured from local midnight), and a slot is
 * offered only when it starts inside an open interval, after `now`, and its duration ends by the close.
 * A slot belongs to the date whose opening it is part of: the 12:30am of a Friday that closes at 1am is
 * Friday night's, listed under Friday, not first thing under Saturday (a guest thinks of it as Friday's
 * late table, and a Saturday list that opens with "Midnight" reads as a mistake).
 */
import { DateTime, IANAZone } from "luxon";
import { HOURS } from "../business/constants";
import { type HoursInput, type SpecialHoursInput, MINUTES_PER_DAY, formatMinuteOfDay, isoDateIn, openIntervals, zonedNow } from "./hours";

export type TimeSlot = {
  /** ISO instant with the location's offset, e.g. `2026-03-09T09:30:00.000-04:00`. */
  start: string;
  /** `9:30am`; on a fall-back day the repeated hour's labels carry the zone abbreviation. */
  label: string;
};

export type TimeSlotsInput = {
  hours: readonly HoursInput[] | null | undefined;
  timeZone: string;
  /** YYYY-MM-DD in the location's zone. */
  date: string;
  now: Date | number;
  intervalMinutes?: number;
  /** How long a booking lasts; it must end by the close. 0 (default): the slot only has to start before it. */
  durationMinutes?: number;
  /** Dated overrides (holiday closures, changed hours), replacing the weekly hours of their dates. */
  specialHours?: readonly SpecialHoursInput[] | null;
  /** The site's locale the labels are written in (default en-US: `9:30am`). */
  locale?: string;
};

const MINUTE_MS = 60_000;
/** Every real UTC offset and DST shift is a multiple of 15 minutes. */
const OFFSET_GRANULARITY_MINUTES = 15;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function checkMinutes(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min || value > MINUTES_PER_DAY) {
    throw new RangeError(`timeSlots: ${name}: expected whole minutes from ${min} to ${MINUTES_PER_DAY}, got ${String(value)}`);
  }
}

export function timeSlots(input: TimeSlotsInput): TimeSlot[] {
  const intervalMinutes = input.intervalMinutes ?? HOURS.slotIntervalMinutes;
  const durationMinutes = input.durationMinutes ?? 0;
  checkMinutes("intervalMinutes", intervalMinutes, 1);
  checkMinutes("durationMinutes", durationMinutes, 0);
  zonedNow(0, input.timeZone);
  const day = parseSlotDate(input.date, input.timeZone);
  const nowMs = typeof input.now === "number" ? input.now : input.now.getTime();
  // Only the openings that start on this date: one that runs past midnight brings its late slots with it.
  const intervals = openIntervals(input.hours ?? [], input.timeZone, input.date, input.date, input.specialHours);
  if (intervals.length === 0) return [];
  const durationMs = durationMinutes * MINUTE_MS;
  const accept = (instant: number) => instant > nowMs && intervals.some((interval) => interval.start <= instant && instant < interval.end && instant + durationMs <= interval.end);
  const nextDate = day.plus({ days: 1 }).toISODate() as string;
  const lateNight = intervals.some((interval) => interval.end > day.plus({ days: 1 }).startOf("day").toMillis());
  const found = gridInstants(input.timeZone, input.date, intervalMinutes, accept);
  if (lateNight) {
    // A time the next date's own opening offers too is that date's: every time is listed under one date.
    const nextOwn = openIntervals(input.hours ?? [], input.timeZone, nextDate, nextDate, input.specialHours);
    const continues = (instant: number) =>
      accept(instant) && !nextOwn.some((interval) => interval.start <= instant && instant < interval.end && instant + durationMs <= interval.end);
    found.push(...gridInstants(input.timeZone, nextDate, intervalMinutes, continues));
  }
  return labelSlots(found, input.timeZone, input.locale);
}

/**
 * The date (YYYY-MM-DD in the zone) a slot starting at `start` is listed under: the date whose opening it
 * is part of, so the previous date for a late-night slot. Null when no opening of either date holds it.
 */
export function slotDate(input: Omit<TimeSlotsInput, "date" | "now" | "intervalMinutes" | "durationMinutes" | "locale"> & { start: number }): string | null {
  const calendarDate = isoDateIn(input.start, input.timeZone);
  const previous = DateTime.fromISO(calendarDate, { zone: input.timeZone }).minus({ days: 1 }).toISODate() as string;
  for (const date of [calendarDate, previous]) {
    const intervals = openIntervals(input.hours ?? [], input.timeZone, date, date, input.specialHours);
    if (intervals.some((interval) => interval.start <= input.start && input.start < interval.end)) return date;
  }
  return null;
}

function parseSlotDate(date: string, timeZone: string): DateTime {
  const day = DateTime.fromISO(date, { zone: timeZone });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !day.isValid) {
    throw new RangeError(`timeSlots: date: expected a date like 2026-03-08, got "${date}"`);
  }
  return day;
}

/** An instant on a date's wall-clock grid, with its minute of the local day. */
export type GridInstant = { at: number; minuteOfDay: number };

/**
 * The instants of `date` (YYYY-MM-DD in the zone) whose wall-clock time is a multiple of `intervalMinutes`
 * after local midnight and that `accept` keeps. Stepping through absolute time (not wall-clock minutes)
 * visits both occurrences of a repeated fall-back hour and never a wall time that spring-forward skips;
 * the step divides both the interval and every possible offset change, so each aligned wall time is met
 * exactly. Shared by the booking slots and the order ready times (ready-times.ts).
 */
export function gridInstants(timeZone: string, date: string, intervalMinutes: number, accept: (instant: number) => boolean): GridInstant[] {
  checkMinutes("intervalMinutes", intervalMinutes, 1);
  const day = parseSlotDate(date, timeZone);
  const stepMs = gcd(intervalMinutes, OFFSET_GRANULARITY_MINUTES) * MINUTE_MS;
  const dayStart = day.startOf("day").toMillis();
  const dayEnd = day.plus({ days: 1 }).startOf("day").toMillis();
  const zone = IANAZone.create(timeZone);
  const found: GridInstant[] = [];
  for (let instant = dayStart; instant < dayEnd; instant += stepMs) {
    // Local wall-clock minute from the zone's offset at this instant (cheaper than a DateTime per step).
    const localMinutes = Math.floor(instant / MINUTE_MS) + zone.offset(instant);
    const minuteOfDay = ((localMinutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
    if (minuteOfDay % intervalMinutes !== 0) continue;
    if (accept(instant)) found.push({ at: instant, minuteOfDay });
  }
  return found;
}

/** Slot labels like `9:30am`; on a fall-back day the repeated hour's labels carry the zone abbreviation. */
export function labelSlots(found: readonly GridInstant[], timeZone: string, locale?: string): TimeSlot[] {
  const labelCounts = new Map<number, number>();
  for (const slot of found) labelCounts.set(slot.minuteOfDay, (labelCounts.get(slot.minuteOfDay) ?? 0) + 1);
  return found.map(({ at, minuteOfDay }) => {
    const local = DateTime.fromMillis(at, { zone: timeZone });
    const label = formatMinuteOfDay(minuteOfDay, locale);
    return {
      start: local.toISO() as string,
      label: (labelCounts.get(minuteOfDay) ?? 0) > 1 ? `${label} ${local.toFormat("ZZZZ")}` : label,
    };
  });
}

export type SlotCheckInput = Omit<TimeSlotsInput, "date"> & { start: string | Date };

/** True when `start` is exactly one of the slots offered on the date it is listed under (the booking API's check). */
export function isSlotOffered(input: SlotCheckInput): boolean {
  const startMs = typeof input.start === "string" ? DateTime.fromISO(input.start, { setZone: true }).toMillis() : input.start.getTime();
  if (!Number.isFinite(startMs)) return false;
  // Listed under its own calendar date, or under the evening before when it continues it.
  const calendarDate = isoDateIn(startMs, input.timeZone);
  const dates = [calendarDate, DateTime.fromISO(calendarDate, { zone: input.timeZone }).minus({ days: 1 }).toISODate() as string];
  return dates.some((date) =>
    timeSlots({
      hours: input.hours,
      timeZone: input.timeZone,
      now: input.now,
      date,
      intervalMinutes: input.intervalMinutes,
      durationMinutes: input.durationMinutes,
      specialHours: input.specialHours,
    }).some((slot) => DateTime.fromISO(slot.start).toMillis() === startMs),
  );
}
