import type { CalendarEntry, CalendarReply } from "@mainstreet/rules/api/manage-appointments-api";
import { dateAfter, instantAt, zonedDate } from "../format";

/**
 * What the Calendar screen shows, as plain data: the days of a view, each person's entries of a day in
 * time order, and how an entry from the event stream changes what was read. Dates are the location's
 * calendar dates (YYYY-MM-DD); instants stay as the service wrote them.
 */

export type CalendarView = "day" | "week";

/** The view an address names: `#/calendar` is the day, `#/calendar/week` the week. */
export const viewOf = (route: string | null): CalendarView => (route === "week" ? "week" : "day");

/** The first day a view of `date` shows (a week starts on Monday) and how many days it shows. */
export function rangeOf(view: CalendarView, date: string): { from: string; days: number } {
  if (view === "day") return { from: date, days: 1 };
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return { from: dateAfter(date, -((weekday + 6) % 7)), days: 7 };
}

/** Every date from `from`, `days` of them. */
export const datesOf = (from: string, days: number): string[] => Array.from({ length: days }, (_, index) => dateAfter(from, index));

/** A cancelled block is freed time: it leaves the calendar. A cancelled appointment stays, marked. */
const isShown = (entry: CalendarEntry): boolean => !(entry.kind === "block" && entry.status === "cancelled");

/** One person's entries on one date of the location's calendar, earliest first. */
export function entriesOf(entries: readonly CalendarEntry[], staffId: string, date: string, zone: string): CalendarEntry[] {
  return entries
    .filter((entry) => isShown(entry) && entry.staff_id === staffId && zonedDate(entry.start, zone) === date)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.id.localeCompare(b.id));
}

/**
 * The read after an entry arrived on the stream (or answered a change): replaced when it was there, added
 * when it belongs to this location and these days, dropped when it moved out of them. An older copy
 * never replaces a newer one (events and replies can cross).
 */
export function applyEntry(reply: CalendarReply, entry: CalendarEntry): CalendarReply {
  const current = reply.entries.find((candidate) => candidate.id === entry.id);
  if (current && Date.parse(current.updated_at) > Date.parse(entry.updated_at)) return reply;
  const others = reply.entries.filter((candidate) => candidate.id !== entry.id);
  const date = zonedDate(entry.start, reply.time_zone);
  const inView = entry.location_id === reply.location_id && date >= reply.from && date < dateAfter(reply.from, reply.days);
  return { ...reply, entries: inView ? [...others, entry] : others };
}

/** The instant a date and an `HH:MM` wall time name on the zone's clock, as the API takes it; null when unreadable. */
export function instantOf(date: string, time: string, zone: string): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !match) return null;
  return new Date(instantAt(date, Number(match[1]) * 60 + Number(match[2]), zone)).toISOString();
}

/** The customer's name as the calendar writes it. */
export const customerName = (entry: CalendarEntry): string => (entry.customer ? [entry.customer.first_name, entry.customer.last_name].filter(Boolean).join(" ") : "");

/** The columns with the signed-in person's own first (the account's linked team member), the rest in the team's order. */
export function ownFirst<T extends { id: string }>(staff: readonly T[], own: string | undefined): T[] {
  const mine = staff.filter((member) => member.id === own);
  return [...mine, ...staff.filter((member) => member.id !== own)];
}
