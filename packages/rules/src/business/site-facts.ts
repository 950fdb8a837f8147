/**
 * The facts a live site reads without a build (docs/publishing.md "Facts read live"), worked out from a
 * revision's business data: what the service keeps per business, the window it answers with, and the
 * "Closed today" edit of a data file. The browser's half (reading the reply, merging it over the built hours)
 * is @mainstreet/rules/hours/live-facts.
 */
import { DateTime } from "luxon";
import type { FactsLocation, SiteFactsReply, StoredFacts } from "../api/site-facts-api";
import { inFactsWindow } from "../hours/live-facts";
import { normalizeLinkUrl } from "../site/links";
import type { Business } from "./schema";

/** The label a "Closed today" closure carries on the site and in the data file. */
export const CLOSED_TODAY_LABEL = "Closed today";

/** The facts of a revision's business, every special date kept (the window is applied when answering). */
export function storedFactsOf(business: Business, revision: number): StoredFacts {
  const announcement = business.announcement;
  const href = announcement?.link ? normalizeLinkUrl(announcement.link.url).href : null;
  return {
    revision,
    locations: business.locations.map((location) => ({
      id: location.id,
      timezone: location.timezone,
      hours: location.hours.map((entry) => ({ day: entry.day, open: entry.open, close: entry.close, ...(entry.label ? { label: entry.label } : {}) })),
      special_hours: location.specialHours.map((entry) => ({ date: entry.date, closed: entry.closed, open: entry.open, close: entry.close, ...(entry.label ? { label: entry.label } : {}) })),
    })),
    announcement: announcement
      ? {
          title: announcement.title || null,
          text: announcement.text,
          link: announcement.link && href ? { label: announcement.link.label, href } : null,
        }
      : null,
  };
}

/** Today's date (YYYY-MM-DD) in a zone. */
export function dateIn(timeZone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? DateTime.fromJSDate(now, { zone: "UTC" }).toISODate() ?? "";
}

/** The reply for `now`: each location's special dates from yesterday to two weeks ahead in its own zone. */
export function factsReplyAt(stored: StoredFacts, now: Date): SiteFactsReply {
  return {
    ...stored,
    locations: stored.locations.map((location) => {
      const today = dateIn(location.timezone, now);
      return { ...location, special_hours: location.special_hours.filter((entry) => inFactsWindow(entry.date, today)) };
    }),
  };
}

/** A location's special dates with `date` closed (`closed`), or with a closure of that date removed (open again). */
function closedOn<T extends { date: string; closed?: boolean | null }>(entries: readonly T[], date: string, closed: boolean, closure: T): T[] {
  const others = entries.filter((entry) => entry.date !== date || (!closed && !entry.closed));
  return closed ? [...others, closure] : others;
}

/**
 * The facts with one location closed for `date` (or its closure of that date removed): only that location's
 * special dates change, so whatever else the draft holds unpublished stays off the live site.
 */
export function factsWithClosure(stored: StoredFacts, locationId: string, date: string, closed: boolean, revision: number): StoredFacts {
  const closure = { date, closed: true, open: null, close: null, label: CLOSED_TODAY_LABEL };
  return {
    ...stored,
    revision,
    locations: stored.locations.map((location: FactsLocation) => (location.id === locationId ? { ...location, special_hours: closedOn(location.special_hours, date, closed, closure) } : location)),
  };
}

type DocumentLocation = Record<string, unknown>;

/**
 * The data file (as the workspace edits it) with the location at `index` closed on `date`, or open again: a
 * closed date replaces any other special hours of that date (the contract allows one entry for a closed date);
 * opening again removes the closure and keeps changed hours of that date. The rest of the file is untouched.
 */
export function documentWithClosure(document: Record<string, unknown>, index: number, date: string, closed: boolean): Record<string, unknown> {
  const locations = Array.isArray(document.locations) ? (document.locations as DocumentLocation[]) : [];
  const location = locations[index];
  if (!location) throw new RangeError(`documentWithClosure: no location at index ${index}`);
  type Entry = { date: string; closed?: boolean | null; label?: string };
  const entries = Array.isArray(location.specialHours) ? (location.specialHours as Entry[]) : [];
  const specialHours = closedOn<Entry>(entries, date, closed, { date, closed: true, label: CLOSED_TODAY_LABEL });
  const next: DocumentLocation = { ...location, specialHours };
  if (specialHours.length === 0 && !Array.isArray(location.specialHours)) delete next.specialHours;
  return { ...document, locations: locations.map((candidate, at) => (at === index ? next : candidate)) };
}
