/**
 * A location's open/closed status for `now` (SPEC §4): closed, opening_soon, open, closing_soon.
 *
 * Computed in the browser at run time (a static page lives for weeks), in the location's IANA zone.
 * Ranges are merged first, so with several ranges the priority open > closing soon > opening soon > closed
 * falls out: a range that closes at noon followed by one that opens at noon is simply open.
 */
import { DateTime } from "luxon";
import { HOURS } from "./constants";
import {
  type HoursInput,
  SHORT_DAY_NAMES,
  formatMinuteOfDay,
  hasAnyHours,
  isAlwaysOpen,
  openIntervals,
  zonedNow,
} from "./hours";

export const OPEN_STATUSES = ["open", "closing_soon", "opening_soon", "closed"] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];
export type OpenStatusLabels = Partial<Record<OpenStatus, string | null | undefined>>;

export const DEFAULT_OPEN_STATUS_LABELS: Readonly<Record<OpenStatus, string>> = {
  open: "Open",
  closed: "Closed",
  closing_soon: "Closing soon",
  opening_soon: "Opening soon",
};

export type OpenStatusInput = {
  hours: readonly HoursInput[] | null | undefined;
  timeZone: string;
  now: Date | number;
  /** Window before a close or an open that counts as "soon", minutes; SPEC §9 default 60. */
  soonMinutes?: number;
  /** Enhanced labels from the business data; an empty label keeps the default. */
  labels?: OpenStatusLabels;
};

export type OpenStatusResult = {
  status: OpenStatus;
  label: string;
  /** When closed or opening soon: the next opening, `9:00am` today or `Tue 9:00am` on a later day. */
  opensAt?: string;
  /** When open or closing soon: the close, `5:00pm`, `Midnight`, `2:00am`; with its day when a day or more away. */
  closesAt?: string;
  /** ISO instant (with the location's offset) at which `status` next changes; absent when it never does. */
  nextChange?: string;
};

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function labelFor(status: OpenStatus, labels: OpenStatusLabels | undefined): string {
  const custom = labels?.[status]?.trim();
  return custom ? custom : DEFAULT_OPEN_STATUS_LABELS[status];
}

/**
 * A change time as a visitor reads it beside the status. An opening shows the time alone when it falls
 * today, else with its day (`Tue 9:00am`). A close shows the time alone when it is less than a day away
 * (`Closes 2:00am` late on Saturday needs no day), else with its day.
 */
function describeChange(instant: number, now: DateTime, kind: "opens" | "closes"): string {
  const at = DateTime.fromMillis(instant, { zone: now.zone });
  const time = formatMinuteOfDay(at.hour * 60 + at.minute);
  const timeAlone =
    kind === "closes"
      ? instant - now.toMillis() < DAY_MS
      : at.hasSame(now, "day") || (at.hour === 0 && at.minute === 0 && at.minus({ days: 1 }).hasSame(now, "day"));
  return timeAlone ? time : `${SHORT_DAY_NAMES[at.weekday - 1]} ${time}`;
}

function toIso(instant: number, now: DateTime): string {
  return DateTime.fromMillis(instant, { zone: now.zone }).toISO() as string;
}

export function openStatus(input: OpenStatusInput): OpenStatusResult {
  const soonMinutes = input.soonMinutes ?? HOURS.soonWindowMinutes;
  if (!Number.isFinite(soonMinutes) || soonMinutes < 0) {
    throw new RangeError(`openStatus: soonMinutes: expected a number of minutes >= 0, got ${String(soonMinutes)}`);
  }
  const soonMs = soonMinutes * MINUTE_MS;
  const now = zonedNow(input.now, input.timeZone);
  const nowMs = now.toMillis();
  const hours = input.hours ?? [];
  const result = (status: OpenStatus, extra: Omit<OpenStatusResult, "status" | "label"> = {}): OpenStatusResult => ({
    status,
    label: labelFor(status, input.labels),
    ...extra,
  });

  if (!hasAnyHours(hours)) return result("closed");
  if (isAlwaysOpen(hours)) return result("open");

  // Yesterday's ranges can still be running (overnight); eight days ahead always reaches the next
  // opening and the end of the current interval, since a location that is not always open closes
  // at least once a week.
  const intervals = openIntervals(
    hours,
    input.timeZone,
    now.minus({ days: 1 }).toISODate() as string,
    now.plus({ days: 8 }).toISODate() as string,
  );

  const current = intervals.find((interval) => interval.start <= nowMs && nowMs < interval.end);
  if (current) {
    const closesAt = describeChange(current.end, now, "closes");
    if (current.end - nowMs <= soonMs) {
      return result("closing_soon", { closesAt, nextChange: toIso(current.end, now) });
    }
    return result("open", { closesAt, nextChange: toIso(current.end - soonMs, now) });
  }

  const next = intervals.find((interval) => interval.start > nowMs);
  if (!next) return result("closed");
  const opensAt = describeChange(next.start, now, "opens");
  if (next.start - nowMs <= soonMs) {
    return result("opening_soon", { opensAt, nextChange: toIso(next.start, now) });
  }
  return result("closed", { opensAt, nextChange: toIso(next.start - soonMs, now) });
}
