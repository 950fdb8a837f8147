/**
 * `Fri 25 Dec`: a date as the hours blocks and the ready times label it. Its own module, apart from
 * calendar-date.ts, which every page loads for the open status, and hours-format.ts, which the checkout
 * and order pages do not otherwise need.
 */
import { DATE_PATTERN, dateNumber, weekdayOfDate } from "./calendar-date";
import { SHORT_DAY_NAMES } from "./hours-base";

const SHORT_MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** `Fri 25 Dec` for a YYYY-MM-DD date. */
export function shortDateLabel(date: string): string {
  const match = DATE_PATTERN.exec(date);
  if (!match || dateNumber(date) === null) throw new RangeError(`shortDateLabel: expected a date like 2026-03-08, got "${date}"`);
  return `${SHORT_DAY_NAMES[weekdayOfDate(date) - 1]} ${Number(match[3])} ${SHORT_MONTH_NAMES[Number(match[2]) - 1]}`;
}
