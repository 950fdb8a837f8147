/**
 * The lines of an hours block that depend on the date: today's hours and the special dates coming up. A page
 * lives for weeks, so only the visitor's browser knows which date it is in the location's zone; everything
 * else is worked out at build (datedHours in hours-format.ts) and the browser only picks, with these rules and
 * no more of the hours rules, so showing them costs a page next to no code.
 */
import { SPECIAL_HOURS_NOTICE_DAYS } from "../business/constants";
import { dateNumber, weekdayOfDate } from "./calendar-date";

/** A day's hours as the block writes them: `9:00am – 7:00pm` or `Closed`, with the entries' labels. */
export type HoursLine = { text: string; note?: string };

/** A special date's hours. */
export type DatedHoursLine = HoursLine & { date: string };

/** What a block needs to tell today's hours on any date: the week's lines (Monday first) and every special date. */
export type DatedHours = { week: HoursLine[]; special: DatedHoursLine[] };

/** Whether `date` falls on `from` or within `days` days after it (YYYY-MM-DD both; false for a date that is not real). */
export function isWithinDays(date: string, from: string, days: number): boolean {
  const number = dateNumber(date);
  const first = dateNumber(from);
  return number !== null && first !== null && number >= first && number <= first + days;
}

/** Today's hours: its special hours when it has them, else its weekday's. Undefined when the block has no line for it. */
export function todayHours(dated: DatedHours, today: string): HoursLine | undefined {
  const special = dated.special.find((line) => line.date === today);
  if (special) return special.note ? { text: special.text, note: special.note } : { text: special.text };
  return dated.week[weekdayOfDate(today) - 1];
}

/** Whether a special date is listed under the block on `today`: from today to the notice window's end. */
export function isComingSpecialDate(date: string, today: string, days: number = SPECIAL_HOURS_NOTICE_DAYS): boolean {
  return isWithinDays(date, today, days);
}
