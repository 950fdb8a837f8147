/**
 * The smallest part of the hours rules: the shapes, validation and clock-time formatting. The open-status
 * badge needs only this and open-status-core.ts, so a page that shows a status without an hours table
 * does not load the display rows (hours-format.ts, which re-exports this).
 */
import { DEFAULT_LOCALE } from "../business/constants";

export type HoursInput = {
  day: number;
  open?: number | null;
  close?: number | null;
  label?: string | null;
};

/**
 * Hours for one calendar date (YYYY-MM-DD in the location's zone) that replace the weekly hours of that
 * date: a holiday closure (`closed: true`) or changed hours (one entry per range). They replace the ranges
 * that start on the date; yesterday's overnight range still runs into its early hours.
 */
export type SpecialHoursInput = {
  date: string;
  open?: number | null;
  close?: number | null;
  closed?: boolean | null;
  label?: string | null;
};

export const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export const SHORT_DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export const HOURS_DISPLAY_OPTIONS = ["daily", "grouped", "dailyWithPopup", "modal"] as const;
export type HoursDisplayOption = (typeof HOURS_DISPLAY_OPTIONS)[number];

export const MINUTES_PER_DAY = 1440;
/** Separator between the two ends of a range and between the first and last day of a group. */
export const RANGE_SEPARATOR = " – ";
/** Separator between several ranges of one day. */
export const RANGES_JOINER = ", ";

export function isValidDay(day: unknown): day is number {
  return typeof day === "number" && Number.isInteger(day) && day >= 1 && day <= 7;
}

/** True for an integer 0..2400 whose last two digits are a minute (0..59). */
export function isValidHhmm(value: unknown): value is number {
  return (
    typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 2400 && value % 100 < 60
  );
}

/** Minutes after midnight for an HHMM number; 2400 is 1440 (the midnight that ends the day). */
export function hhmmToMinutes(hhmm: number): number {
  if (!isValidHhmm(hhmm)) {
    throw new RangeError(`hhmmToMinutes: expected an HHMM number from 0 to 2400 like 930, got ${String(hhmm)}`);
  }
  return Math.floor(hhmm / 100) * 60 + (hhmm % 100);
}

/** `9:00am`, `12:30pm`; both 0 and 2400 read `Midnight` (en-US; other locales as formatMinuteOfDay says). */
export function formatTime(hhmm: number, locale: string = DEFAULT_LOCALE): string {
  const minutes = hhmmToMinutes(hhmm) % MINUTES_PER_DAY;
  return formatMinuteOfDay(minutes, locale);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** Intl's wall-clock time for a locale: 12 or 24 hours as it writes them (`9:00 a.m.` in en-CA, `17:30` in ja-JP). */
function localeClockTime(minuteOfDay: number, locale: string): string {
  let format = clockFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    clockFormats.set(locale, format);
  }
  return format.format(Date.UTC(1970, 0, 1, 0, minuteOfDay));
}

/**
 * Every clock time the site and the service show. In en-US the spec's form (SPEC §5): `9:00am`,
 * `5:30pm`, `Midnight` for 0. In any other locale Intl's, 12 or 24 hours as the locale writes them:
 * `17:30` and `0:00` in ja-JP or de-DE.
 */
export function formatMinuteOfDay(minuteOfDay: number, locale: string = DEFAULT_LOCALE): string {
  const minutes = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  if (locale !== DEFAULT_LOCALE) return localeClockTime(minutes, locale);
  if (minutes === 0) return "Midnight";
  const hour24 = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minute).padStart(2, "0")}${hour24 < 12 ? "am" : "pm"}`;
}

/** An entry with both ends as valid HHMM numbers and a valid day; anything else displays as Closed. */
export function isCompleteEntry(entry: HoursInput): entry is HoursInput & { open: number; close: number } {
  return isValidDay(entry.day) && isValidHhmm(entry.open) && isValidHhmm(entry.close);
}

/** The hours block renders nothing when this is false. */
export function hasAnyHours(hours: readonly HoursInput[] | null | undefined): boolean {
  return (hours ?? []).some(isCompleteEntry);
}
