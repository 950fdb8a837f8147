/**
 * The site's locale (a BCP 47 tag from the business data, default en-US): which language the document
 * says it is in and how prices, dates and times are written. Labels stay English; only the formatting of
 * numbers, dates and clock times follows the locale, through Intl. No luxon, no clock. Clock times are
 * hours-format.ts's (formatMinuteOfDay), which the layout carries on every page; this module is for the
 * data door and the pages that write dates.
 *
 * en-US keeps Mainstreet's own forms, which the spec fixes (SPEC §5: `9:00am`, `Midnight`) and the pages
 * have always shown (`14 March 2025`); every other locale gets Intl's.
 */

import { DEFAULT_LOCALE } from "./constants";

export { DEFAULT_LOCALE };

/**
 * The canonical form of a BCP 47 tag the runtime can format for ("ja-jp" → "ja-JP"), or null when it is
 * not a well-formed tag or Intl has no data for its language.
 */
export function canonicalLocale(tag: unknown): string | null {
  if (typeof tag !== "string" || tag.trim() === "") return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim());
    if (!canonical) return null;
    const supported = Intl.DateTimeFormat.supportedLocalesOf([canonical], { localeMatcher: "lookup" }).length > 0 && Intl.NumberFormat.supportedLocalesOf([canonical], { localeMatcher: "lookup" }).length > 0;
    return supported ? canonical : null;
  } catch {
    return null;
  }
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, weekday: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${weekday}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...(weekday ? { weekday: "long" } : {}), day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A calendar date (YYYY-MM-DD, already in the zone it belongs to) as a reader sees it: in en-US
 * `14 March 2025`, or `Friday 14 March 2025` with the weekday; otherwise the locale's long date
 * (`14. März 2025`, `2025年3月14日`).
 */
export function formatDateLabel(date: string, locale: string = DEFAULT_LOCALE, options: { weekday?: boolean } = {}): string {
  const match = ISO_DATE.exec(date);
  const instant = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || new Date(instant).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`formatDateLabel: expected a date like 2026-03-08, got ${JSON.stringify(date)}`);
  }
  if (locale !== DEFAULT_LOCALE) return dateFormat(locale, options.weekday ?? false).format(instant);
  const day = new Date(instant);
  const text = `${day.getUTCDate()} ${MONTH_NAMES[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
  return options.weekday ? `${WEEKDAY_NAMES[day.getUTCDay()]} ${text}` : text;
}
