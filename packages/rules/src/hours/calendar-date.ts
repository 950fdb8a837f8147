/**
 * Calendar dates as the hours rules write them (YYYY-MM-DD, no zone): day numbers, steps and weekdays. Its own
 * module so the browser's dated lines (hours-today.ts, wall-clock.ts) need nothing else of the hours rules.
 */
import { MINUTES_PER_DAY } from "./hours-base";

export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = MINUTES_PER_DAY * 60_000;

/** Whole days since 1970-01-01 for a YYYY-MM-DD date, or null when it is not a real date. Dates have no zone. */
export function dateNumber(date: string): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** The YYYY-MM-DD date `days` after `date`. */
export function dateAfter(date: string, days: number): string {
  const number = dateNumber(date);
  if (number === null) throw new RangeError(`dateAfter: expected a date like 2026-03-08, got "${date}"`);
  return new Date((number + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Weekday 1 (Monday) … 7 (Sunday) of a YYYY-MM-DD date. */
export function weekdayOfDate(date: string): number {
  const number = dateNumber(date);
  if (number === null) throw new RangeError(`weekdayOfDate: expected a date like 2026-03-08, got "${date}"`);
  // 1970-01-01 was a Thursday (4).
  return ((((number + 3) % 7) + 7) % 7) + 1;
}
