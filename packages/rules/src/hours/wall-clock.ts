/**
 * What a wall clock in an IANA zone reads at an instant, through the platform's own `Intl` instead of
 * luxon (a large download): the luxon-free half the browser uses to tell a location's date, weekday and
 * time (today's hours row, the checkout's and the confirmation's promised times). luxon reads zones
 * through the same `Intl` data, so both halves agree; hours.ts and the tests check they do.
 */
import { weekdayOfDate } from "./calendar-date";

export interface WallClock {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** 1 (Monday) … 7 (Sunday). */
  weekday: number;
  /** Minutes after midnight on the wall clock, 0…1439. */
  minuteOfDay: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function invalidZone(timeZone: string): RangeError {
  return new RangeError(`time zone: expected an IANA zone like "America/New_York", got "${timeZone}"`);
}

/** One formatter per zone and style (building one is the slow part of Intl). */
function formatter(timeZone: string, style: "parts" | "short" | "long"): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found =
        style === "parts"
          ? new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
          : new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: style });
    } catch {
      throw invalidZone(timeZone);
    }
    formatters.set(key, found);
  }
  return found;
}

const toMillis = (instant: Date | number) => (typeof instant === "number" ? instant : instant.getTime());

/** The wall clock of `timeZone` at `instant`. */
export function wallClock(instant: Date | number, timeZone: string): WallClock {
  const at = toMillis(instant);
  if (!Number.isFinite(at)) throw new RangeError(`wallClock: expected an instant, got ${String(instant)}`);
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone, "parts").formatToParts(at)) parts[part.type] = part.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  // Some engines write midnight as 24 even with hourCycle h23.
  const hour = Number(parts.hour) % 24;
  return { date, weekday: weekdayOfDate(date), minuteOfDay: hour * 60 + Number(parts.minute) };
}

/** The zone's name at `instant` as US English writes it: `EST` / `Eastern Standard Time`, `GMT+1` where there is no abbreviation. */
export function zoneNameAt(instant: Date | number, timeZone: string, style: "short" | "long" = "short"): string {
  const name = formatter(timeZone, style)
    .formatToParts(toMillis(instant))
    .find((part) => part.type === "timeZoneName")?.value;
  return name ?? timeZone;
}

/**
 * An ISO 8601 date-time with its offset (`2026-11-27T18:15:00.000-05:00`, `…Z`) as epoch ms; throws naming
 * `what` for anything else (a time without its offset would be read in the browser's own zone).
 */
export function parseOffsetTime(text: string, what: string): number {
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) throw new RangeError(`${what}: expected an ISO time with its offset, got "${text}"`);
  return at;
}
