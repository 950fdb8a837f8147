import { dateAfter } from "../format";
import type { SiteDocument } from "./site-document";

/**
 * The hours as the data file writes them (HHMM numbers: 900 is 9:00, 2400 the midnight that ends a day) and
 * as an `<input type="time">` holds them (`09:00`).
 */

export type DocumentLocation = SiteDocument["locations"][number];
export type HoursEntry = NonNullable<DocumentLocation["hours"]>[number];
export type SpecialHoursEntry = NonNullable<DocumentLocation["specialHours"]>[number];

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** `930` → `09:30`; the midnight that ends a day (2400) reads 00:00, as a time input writes it. */
export function timeValue(hhmm: number | null | undefined): string {
  if (hhmm === null || hhmm === undefined) return "";
  const minutes = hhmm % 2400;
  return `${String(Math.floor(minutes / 100)).padStart(2, "0")}:${String(minutes % 100).padStart(2, "0")}`;
}

/** `09:30` → 930; a closing time of 00:00 is the midnight that ends the day (2400). Null for no time. */
export function hhmmOf(value: string, closing: boolean): number | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const hhmm = Number(match[1]) * 100 + Number(match[2]);
  return closing && hhmm === 0 ? 2400 : hhmm;
}

/** An entry that gives both times: one opening range (anything else means Closed that day). */
export const isRange = (entry: { open?: number | null; close?: number | null }) => typeof entry.open === "number" && typeof entry.close === "number";

/** The hours with the day's entries replaced by `entries`, where that day's entries were (else in day order). */
export function withDayEntries(hours: readonly HoursEntry[], day: number, entries: readonly HoursEntry[]): HoursEntry[] {
  const others = hours.filter((entry) => entry.day !== day);
  const first = hours.findIndex((entry) => entry.day === day);
  let at = first >= 0 ? hours.slice(0, first).filter((entry) => entry.day !== day).length : others.findIndex((entry) => entry.day > day);
  if (at < 0) at = others.length;
  return [...others.slice(0, at), ...entries, ...others.slice(at)];
}

/** The next range of a day after its last one: an hour later, two hours long, within the day. */
export function nextRange(entries: readonly HoursEntry[], day: number): HoursEntry {
  const last = entries.filter(isRange).map((entry) => entry.close as number);
  const after = last.length > 0 ? Math.max(...last) : 800;
  const open = Math.min(after + 100, 2200);
  return { day, open, close: Math.min(open + 200, 2400) };
}

/** The first date from `today` + 1 on that has no special hours yet: where a new entry starts. */
export function nextFreeDate(entries: readonly SpecialHoursEntry[], today: string): string {
  const taken = new Set(entries.map((entry) => entry.date));
  let date = dateAfter(today, 1);
  while (taken.has(date)) date = dateAfter(date, 1);
  return date;
}

/** `2026-12-25` → `Fri, Dec 25, 2026` (a calendar date: no zone moves it). */
export function dateText(date: string, locale?: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date || "no date";
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(at);
}
