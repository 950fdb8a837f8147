/**
 * A location's open/closed status for `now` (SPEC §4) from a prebuilt schedule, on plain numbers.
 *
 * The status changes with the visitor's clock, so it is computed in the browser; the calendar work
 * (which instants the hours open and close at, in the location's IANA zone) is done with luxon by
 * openSchedule in open-status.ts, at build for the pages and per call for openStatus. Splitting the
 * two keeps luxon out of the browser bundle while the rule stays in one place: openStatus is exactly
 * openSchedule followed by statusFromSchedule.
 */
import { HOURS, OPEN_SCHEDULE } from "../business/constants";
import { type HoursInput, SHORT_DAY_NAMES, formatMinuteOfDay, isCompleteEntry } from "./hours-base";
import { dateAfter } from "./calendar-date";

export const OPEN_STATUSES = ["open", "closing_soon", "opening_soon", "closed"] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];
export type OpenStatusLabels = Partial<Record<OpenStatus, string | null | undefined>>;

export const DEFAULT_OPEN_STATUS_LABELS: Readonly<Record<OpenStatus, string>> = {
  open: "Open",
  closed: "Closed",
  closing_soon: "Closing soon",
  opening_soon: "Opening soon",
};

/** Bumped when the shape changes, so a page holding an older schedule falls back instead of misreading it. */
export const OPEN_SCHEDULE_VERSION = 2;

/** One end of an open interval, with its wall-clock reading worked out where the zone rules are known. */
export type ScheduleBoundary = {
  /** Epoch ms. */
  at: number;
  /** Index in `dayStarts` of the local day the instant falls on (may run past the last day by one or two). */
  day: number;
  /** 1 (Monday) … 7 (Sunday) of that local day. */
  weekday: number;
  /** What the wall clock reads, minutes after midnight: a close at the spring-forward jump reads 3:00am (180). */
  minute: number;
};

export type ScheduleInterval = { start: ScheduleBoundary; end: ScheduleBoundary };

export type OpenSchedule = {
  version: typeof OPEN_SCHEDULE_VERSION;
  /** scheduleKey of the hours and zone it was expanded from. */
  key: string;
  timeZone: string;
  /** `closed`: no day has times; `always`: open around the clock; `intervals`: see `intervals`. */
  kind: "closed" | "always" | "intervals";
  /**
   * Instant each local day starts, from the first date of the schedule; the last entry ends the last day.
   * Consecutive entries are 23, 24 or 25 hours apart on DST changes, which is why `now`'s day is found
   * here and never by dividing elapsed time.
   */
  dayStarts: number[];
  /** The local date of day 0, YYYY-MM-DD. */
  firstDate: string;
  /** Weekday of day 0. */
  firstWeekday: number;
  /** End of the last day (the last entry of `dayStarts`). */
  validUntil: number;
  /** Merged open intervals, earliest first, end exclusive. */
  intervals: ScheduleInterval[];
};

export type ScheduleStatusResult = {
  status: OpenStatus;
  label: string;
  /** When closed or opening soon: the next opening, `9:00am` today or `Tue 9:00am` on a later day. */
  opensAt?: string;
  /** When open or closing soon: the close, `5:00pm`, `Midnight`, `2:00am`; with its day when a day or more away. */
  closesAt?: string;
  /** Epoch ms at which `status` next changes; absent when it never does. */
  nextChangeAt?: number;
};

export type ScheduleAnswer =
  | { answered: true; result: ScheduleStatusResult }
  | {
      answered: false;
      /** `before_schedule`: earlier than the schedule's second day; `beyond_horizon`: too close to its end. */
      reason: "before_schedule" | "beyond_horizon";
      message: string;
    };

export type ScheduleStatusOptions = {
  /** Window before a close or an open that counts as "soon", minutes; SPEC §9 default 60. */
  soonMinutes?: number;
  /** Enhanced labels from the business data; an empty label keeps the default. */
  labels?: OpenStatusLabels;
  /** The site's locale: the times in opensAt and closesAt are written in it (default en-US, `9:00am`). */
  locale?: string;
};

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Identifies the hours and zone a schedule was expanded from. Labels and entry order do not change the
 * status, so they are left out: the same opening times in the same zone share a schedule.
 */
export function scheduleKey(hours: readonly HoursInput[] | null | undefined, timeZone: string): string {
  const entries = (hours ?? [])
    .filter(isCompleteEntry)
    .map((entry) => [entry.day, entry.open, entry.close])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return JSON.stringify([timeZone, entries]);
}

/** A schedule as this code reads it; JSON from an older build or another source is not one. */
export function isOpenSchedule(value: unknown): value is OpenSchedule {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<OpenSchedule>;
  return (
    candidate.version === OPEN_SCHEDULE_VERSION &&
    typeof candidate.key === "string" &&
    typeof candidate.firstDate === "string" &&
    Array.isArray(candidate.dayStarts) &&
    candidate.dayStarts.length >= 2 &&
    Array.isArray(candidate.intervals)
  );
}

/** Index of the local day `now` falls on, or null outside the schedule's days. */
export function scheduleDayAt(schedule: OpenSchedule, now: number): number | null {
  const starts = schedule.dayStarts;
  if (!(now >= starts[0]) || now >= starts[starts.length - 1]) return null;
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (starts[middle] <= now) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The local date at `now` in the schedule's zone and the instant the next local day starts, or null outside its
 * days: what the browser needs for today's hours without asking Intl for the zone (creating that formatter is
 * a noticeable stretch of a phone's main thread on the first page of a visit).
 */
export function scheduleDateAt(schedule: OpenSchedule, now: number): { date: string; nextDayAt: number } | null {
  const day = scheduleDayAt(schedule, now);
  return day === null ? null : { date: dateAfter(schedule.firstDate, day), nextDayAt: schedule.dayStarts[day + 1] };
}

/** The weekday (1 = Monday … 7 = Sunday) at `now` in the schedule's zone, or null outside its days. */
export function scheduleWeekdayAt(schedule: OpenSchedule, now: number): number | null {
  const day = scheduleDayAt(schedule, now);
  return day === null ? null : ((schedule.firstWeekday - 1 + day) % 7) + 1;
}

/**
 * The first instant the schedule can no longer answer for: the status needs `lookAheadDays` whole local
 * days after `now`'s day to find the next close and opening.
 */
export function scheduleAnswersUntil(schedule: OpenSchedule): number {
  const starts = schedule.dayStarts;
  return starts[Math.max(starts.length - 1 - OPEN_SCHEDULE.lookAheadDays, 0)];
}

function labelFor(status: OpenStatus, labels: OpenStatusLabels | undefined): string {
  const custom = labels?.[status]?.trim();
  return custom ? custom : DEFAULT_OPEN_STATUS_LABELS[status];
}

/**
 * A change time as a visitor reads it beside the status. An opening shows the time alone when it falls
 * today (or is the midnight that ends today), else with its day (`Tue 9:00am`). A close shows the time
 * alone when it is less than a day away (`Closes 2:00am` late on Saturday needs no day), else with its day.
 */
function describeChange(boundary: ScheduleBoundary, now: number, today: number, kind: "opens" | "closes", locale: string | undefined): string {
  const time = formatMinuteOfDay(boundary.minute, locale);
  const timeAlone =
    kind === "closes"
      ? boundary.at - now < DAY_MS
      : boundary.day === today || (boundary.minute === 0 && boundary.day === today + 1);
  return timeAlone ? time : `${SHORT_DAY_NAMES[boundary.weekday - 1]} ${time}`;
}

const iso = (instant: number) => new Date(instant).toISOString();

/**
 * The status at `now` (epoch ms). Ranges were merged when the schedule was built, so with several ranges
 * the priority open > closing soon > opening soon > closed falls out: a range that closes at noon followed
 * by one that opens at noon is simply open. Answers `answered: false` when `now` lies outside what the
 * schedule covers; the caller then computes the status from the hours (openStatus) instead.
 */
export function statusFromSchedule(schedule: OpenSchedule, now: number, options: ScheduleStatusOptions = {}): ScheduleAnswer {
  const soonMinutes = options.soonMinutes ?? HOURS.soonWindowMinutes;
  if (!Number.isFinite(soonMinutes) || soonMinutes < 0) {
    throw new RangeError(`open status: soonMinutes: expected a number of minutes >= 0, got ${String(soonMinutes)}`);
  }
  if (!Number.isFinite(now)) {
    throw new RangeError(`open status: now: expected epoch milliseconds, got ${String(now)}`);
  }
  const soonMs = soonMinutes * MINUTE_MS;
  const answer = (status: OpenStatus, extra: Omit<ScheduleStatusResult, "status" | "label"> = {}): ScheduleAnswer => ({
    answered: true,
    result: { status, label: labelFor(status, options.labels), ...extra },
  });

  if (schedule.kind === "closed") return answer("closed");
  if (schedule.kind === "always") return answer("open");

  // An overnight range from the day before the schedule's first day is not in it, so the first day
  // itself is left out: from the second day on, every range that can cover `now` is there.
  if (schedule.dayStarts.length < 2 || now < schedule.dayStarts[1]) {
    return {
      answered: false,
      reason: "before_schedule",
      message: `${iso(now)} is before the schedule, which answers from ${iso(schedule.dayStarts[1] ?? schedule.validUntil)}`,
    };
  }
  const today = scheduleDayAt(schedule, now);
  const until = scheduleAnswersUntil(schedule);
  if (today === null || now >= until) {
    return {
      answered: false,
      reason: "beyond_horizon",
      message: `${iso(now)} needs ${OPEN_SCHEDULE.lookAheadDays} days of hours after it; the schedule answers until ${iso(until)} (it ends ${iso(schedule.validUntil)})`,
    };
  }

  const current = schedule.intervals.find((interval) => interval.start.at <= now && now < interval.end.at);
  if (current) {
    const closesAt = describeChange(current.end, now, today, "closes", options.locale);
    if (current.end.at - now <= soonMs) return answer("closing_soon", { closesAt, nextChangeAt: current.end.at });
    return answer("open", { closesAt, nextChangeAt: current.end.at - soonMs });
  }

  const next = schedule.intervals.find((interval) => interval.start.at > now);
  if (!next) return answer("closed");
  const opensAt = describeChange(next.start, now, today, "opens", options.locale);
  if (next.start.at - now <= soonMs) return answer("opening_soon", { opensAt, nextChangeAt: next.start.at });
  return answer("closed", { opensAt, nextChangeAt: next.start.at - soonMs });
}
