/**
 * A location's open/closed status for `now` (SPEC §4): closed, opening_soon, open, closing_soon.
 *
 * The calendar half lives here, with luxon: openSchedule expands the weekly hours into absolute intervals
 * in the location's IANA zone, with each boundary's wall-clock reading. The status itself is
 * statusFromSchedule (open-status-core.ts, plain numbers), which the browser runs on a schedule baked
 * in at build; openStatus runs both halves for one `now`, so its tests prove the browser's path too.
 */
import { DateTime } from "luxon";
import { OPEN_SCHEDULE } from "../business/constants";
import {
  type HoursInput,
  type SpecialHoursInput,
  MINUTES_PER_DAY,
  dateNumber,
  hasAnyHours,
  isAlwaysOpen,
  openIntervals,
  parseLocalDate,
  wallClockInstant,
  zonedNow,
} from "./hours";
import {
  OPEN_SCHEDULE_VERSION,
  type OpenSchedule,
  type OpenStatusLabels,
  type ScheduleBoundary,
  type ScheduleStatusResult,
  scheduleKey,
  statusFromSchedule,
} from "./open-status-core";

export * from "./open-status-core";

export type OpenStatusInput = {
  hours: readonly HoursInput[] | null | undefined;
  timeZone: string;
  now: Date | number;
  /** Window before a close or an open that counts as "soon", minutes; SPEC §9 default 60. */
  soonMinutes?: number;
  /** Enhanced labels from the business data; an empty label keeps the default. */
  labels?: OpenStatusLabels;
  /** Dated overrides (holiday closures, changed hours), replacing the weekly hours of their dates. */
  specialHours?: readonly SpecialHoursInput[] | null;
  /** The site's locale for the times in opensAt and closesAt (default en-US). */
  locale?: string;
};

export type OpenStatusResult = Omit<ScheduleStatusResult, "nextChangeAt"> & {
  /** ISO instant (with the location's offset) at which `status` next changes; absent when it never does. */
  nextChange?: string;
};

const DAY_MS = MINUTES_PER_DAY * 60_000;

/** Whole calendar days from `from` to `to`, both read as dates (UTC arithmetic on dates has no DST). */
function calendarDaysBetween(from: DateTime, to: DateTime): number {
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS);
}

/**
 * The hours from `fromDate` to `toDate` (YYYY-MM-DD, inclusive, in the location's zone) as a schedule the
 * luxon-free statusFromSchedule can read: merged open intervals (see openIntervals) whose ends carry
 * the local day, weekday and wall-clock minute luxon reads there, and the instant each local day starts.
 * It answers from the start of the day after `fromDate` (yesterday's overnight ranges reach into today)
 * to `lookAheadDays` days before `toDate`. Special hours replace the weekly hours of their dates; the key
 * stays that of the weekly hours and zone, so a component that knows only those finds the schedule.
 */
export function openSchedule(
  hours: readonly HoursInput[] | null | undefined,
  timeZone: string,
  fromDate: string,
  toDate: string,
  specialHours?: readonly SpecialHoursInput[] | null,
): OpenSchedule {
  zonedNow(0, timeZone);
  const first = parseLocalDate(fromDate, timeZone, "openSchedule: fromDate");
  const last = parseLocalDate(toDate, timeZone, "openSchedule: toDate");
  const days = calendarDaysBetween(first, last) + 1;
  if (days < 1) {
    throw new RangeError(`openSchedule: toDate: expected ${fromDate} or a later date, got "${toDate}"`);
  }
  const list = hours ?? [];
  const dayStarts = Array.from({ length: days + 1 }, (_, day) => wallClockInstant(first, day * MINUTES_PER_DAY, timeZone));
  const [firstDay, lastDay] = [dateNumber(fromDate) as number, dateNumber(toDate) as number];
  const specials = (specialHours ?? []).filter((entry) => {
    const day = dateNumber(entry.date);
    return day !== null && day >= firstDay && day <= lastDay;
  });
  const specialOpens = specials.some((entry) => !entry.closed && entry.open != null && entry.close != null);
  const kind: OpenSchedule["kind"] =
    !hasAnyHours(list) && !specialOpens ? "closed" : isAlwaysOpen(list) && specials.length === 0 ? "always" : "intervals";

  const boundary = (at: number): ScheduleBoundary => {
    const local = DateTime.fromMillis(at, { zone: timeZone });
    return { at, day: calendarDaysBetween(first, local), weekday: local.weekday, minute: local.hour * 60 + local.minute };
  };
  const intervals =
    kind === "intervals"
      ? openIntervals(list, timeZone, fromDate, toDate, specials).map((interval) => ({ start: boundary(interval.start), end: boundary(interval.end) }))
      : [];

  return {
    version: OPEN_SCHEDULE_VERSION,
    key: scheduleKey(list, timeZone),
    timeZone,
    kind,
    dayStarts,
    firstDate: fromDate,
    firstWeekday: first.weekday,
    validUntil: dayStarts[dayStarts.length - 1],
    intervals,
  };
}

/**
 * The schedule a build bakes into the site: from the day before the build (its overnight ranges) through
 * `answerDays` days after it, plus the look-ahead the last of those days needs.
 */
export function buildOpenSchedule(
  hours: readonly HoursInput[] | null | undefined,
  timeZone: string,
  buildTime: Date | number,
  answerDays: number = OPEN_SCHEDULE.answerDays,
  specialHours?: readonly SpecialHoursInput[] | null,
): OpenSchedule {
  if (!Number.isInteger(answerDays) || answerDays < 0) {
    throw new RangeError(`buildOpenSchedule: answerDays: expected a whole number of days >= 0, got ${String(answerDays)}`);
  }
  const today = zonedNow(buildTime, timeZone);
  return openSchedule(
    hours,
    timeZone,
    today.minus({ days: 1 }).toISODate() as string,
    today.plus({ days: answerDays + OPEN_SCHEDULE.lookAheadDays }).toISODate() as string,
    specialHours,
  );
}

export function openStatus(input: OpenStatusInput): OpenStatusResult {
  const now = zonedNow(input.now, input.timeZone);
  const schedule = openSchedule(
    input.hours,
    input.timeZone,
    now.minus({ days: 1 }).toISODate() as string,
    now.plus({ days: OPEN_SCHEDULE.lookAheadDays }).toISODate() as string,
    input.specialHours,
  );
  const answer = statusFromSchedule(schedule, now.toMillis(), { soonMinutes: input.soonMinutes, labels: input.labels, locale: input.locale });
  if (!answer.answered) throw new Error(`openStatus: ${answer.message}`);
  const { nextChangeAt, ...result } = answer.result;
  if (nextChangeAt === undefined) return result;
  return { ...result, nextChange: DateTime.fromMillis(nextChangeAt, { zone: now.zone }).toISO() as string };
}
