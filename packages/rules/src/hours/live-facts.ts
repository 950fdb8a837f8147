/**
 * Facts the live site reads without a build (`GET businesses/{id}/site-facts/`, api/site-facts-api.ts): a
 * location's weekly hours, its special hours around today, and the announcement, as the owner published them
 * or closed the day. The page shows what its build baked in and puts these over it when they differ.
 *
 * The browser reads the reply with readSiteFacts rather than the zod schema (as orders/live-availability.ts
 * does, for the same weight reason); the tests run every case through both.
 */
import type { HoursInput, SpecialHoursInput } from "./hours-base";
import { dateNumber } from "./calendar-date";

/** The window of special dates the service sends: from the day before today to two weeks ahead, in the location's zone. */
export const FACTS_DAYS_BEFORE = 1;
export const FACTS_DAYS_AFTER = 14;

export interface LiveLocationFacts {
  timeZone: string;
  hours: HoursInput[];
  specialHours: SpecialHoursInput[];
}

export interface LiveAnnouncement {
  title: string | null;
  text: string;
  link: { label: string; href: string } | null;
}

export interface LiveFacts {
  revision: number | null;
  locations: ReadonlyMap<string, LiveLocationFacts>;
  announcement: LiveAnnouncement | null;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => value !== null && typeof value === "object" && !Array.isArray(value);
const isHhmm = (value: unknown) => value === null || (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 2400);
const isLabel = (value: unknown) => value === undefined || typeof value === "string";

function readHours(value: unknown): HoursInput | null {
  if (!isObject(value) || typeof value.day !== "number" || !isHhmm(value.open) || !isHhmm(value.close) || !isLabel(value.label)) return null;
  return { day: value.day, open: value.open as number | null, close: value.close as number | null, label: value.label as string | undefined };
}

function readSpecial(value: unknown): SpecialHoursInput | null {
  if (!isObject(value) || typeof value.date !== "string" || dateNumber(value.date) === null || typeof value.closed !== "boolean") return null;
  if (!isHhmm(value.open) || !isHhmm(value.close) || !isLabel(value.label)) return null;
  return { date: value.date, closed: value.closed, open: value.open as number | null, close: value.close as number | null, label: value.label as string | undefined };
}

function readList<T>(value: unknown, read: (entry: unknown) => T | null): T[] | null {
  if (!Array.isArray(value)) return null;
  const list = value.map(read);
  return list.every((entry) => entry !== null) ? (list as T[]) : null;
}

function readAnnouncement(value: unknown): LiveAnnouncement | null | undefined {
  if (value === null) return null;
  if (!isObject(value) || typeof value.text !== "string" || !value.text || !(value.title === null || typeof value.title === "string")) return undefined;
  const link = value.link;
  if (link !== null && !(isObject(link) && typeof link.label === "string" && typeof link.href === "string")) return undefined;
  return { title: value.title as string | null, text: value.text, link: link === null ? null : { label: link.label as string, href: link.href as string } };
}

/** The facts of a site-facts reply, or null when the reply is not one (an error page, a proxy's HTML). */
export function readSiteFacts(value: unknown): LiveFacts | null {
  if (!isObject(value) || !(value.revision === null || typeof value.revision === "number") || !Array.isArray(value.locations)) return null;
  const announcement = readAnnouncement(value.announcement);
  if (announcement === undefined) return null;
  const locations = new Map<string, LiveLocationFacts>();
  for (const entry of value.locations) {
    if (!isObject(entry) || typeof entry.id !== "string" || typeof entry.timezone !== "string") return null;
    const hours = readList(entry.hours, readHours);
    const specialHours = readList(entry.special_hours, readSpecial);
    if (!hours || !specialHours) return null;
    locations.set(entry.id, { timeZone: entry.timezone, hours, specialHours });
  }
  return { revision: value.revision as number | null, locations, announcement };
}

/** Whether a date is inside the window the service answers for, around `today` (both YYYY-MM-DD in the location's zone). */
export function inFactsWindow(date: string, today: string): boolean {
  const day = dateNumber(date);
  const from = dateNumber(today);
  if (day === null || from === null) return false;
  return day >= from - FACTS_DAYS_BEFORE && day <= from + FACTS_DAYS_AFTER;
}

export interface HoursFacts<H extends HoursInput = HoursInput, S extends SpecialHoursInput = SpecialHoursInput> {
  hours: readonly H[];
  specialHours: readonly S[];
}

/**
 * The hours to show and to take orders by: the live weekly hours, and inside the window the live special dates
 * in place of the built ones (a closure the owner removed is gone, one added is there); outside it the built
 * special dates stay, the service did not send those. Without live facts for the location, the built hours.
 */
export function mergeLiveHours<H extends HoursInput, S extends SpecialHoursInput>(built: HoursFacts<H, S>, live: HoursFacts<H, S> | undefined, today: string): HoursFacts<H, S> {
  if (!live) return built;
  const kept = built.specialHours.filter((entry) => !inFactsWindow(entry.date, today));
  const fresh = live.specialHours.filter((entry) => inFactsWindow(entry.date, today));
  return { hours: live.hours, specialHours: [...kept, ...fresh].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) };
}

const hoursKey = (entry: HoursInput) => `${entry.day}|${entry.open ?? ""}|${entry.close ?? ""}|${entry.label ?? ""}`;
const specialKey = (entry: SpecialHoursInput) => `${entry.date}|${entry.closed ? 1 : 0}|${entry.closed ? "" : `${entry.open ?? ""}|${entry.close ?? ""}`}|${entry.label ?? ""}`;

/** Whether two sets of hours say the same (a live answer equal to the build changes nothing on the page). */
export function sameHours(a: HoursFacts, b: HoursFacts): boolean {
  const list = (facts: HoursFacts) => [...facts.hours.map(hoursKey).sort(), "/", ...facts.specialHours.map(specialKey).sort()].join(";");
  return list(a) === list(b);
}
