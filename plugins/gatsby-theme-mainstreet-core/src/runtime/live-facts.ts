import type { DatedHours } from "@mainstreet/rules/hours/hours-today";
import type { HoursInput, SpecialHoursInput } from "@mainstreet/rules/hours/hours-base";
import { mergeLiveHours, readSiteFacts, sameHours, type LiveAnnouncement } from "@mainstreet/rules/hours/live-facts";
import { wallClock } from "@mainstreet/rules/hours/wall-clock";
import type { AnnouncementOverride, HoursOverride, LiveFactsView } from "../hooks/live-facts-context";

/**
 * Facts read live (docs/publishing.md "Facts read live"): the hours and the announcement the owner published or
 * changed since this page was built, read from `GET businesses/{id}/site-facts/`. Loaded by the layout after the
 * page is up (its own chunk, never the first load's), it answers only what differs from the build: the page
 * keeps what it was built with and takes these over it.
 */

export interface BuiltLocation {
  locationId: string;
  timezone: string;
  hours: readonly HoursInput[];
  specialHours: readonly SpecialHoursInput[];
}

/** The announcement as built: its words and its link's target (worked out at build). */
export interface BuiltAnnouncement {
  title?: string | null;
  text: string;
  link?: { label: string; href: string } | null;
}

/**
 * The announcement the bar shows: undefined when the live one says what the build says, null when the owner took
 * it down, else its new words and link. One where the build had none is not added (docs/publishing.md "Facts
 * read live": a bar appearing at the top would push the page down; the Publish's build adds it).
 */
export function liveAnnouncementOf(built: BuiltAnnouncement | null | undefined, live: LiveAnnouncement | null): AnnouncementOverride | null | undefined {
  if (!built) return undefined;
  if (!live) return null;
  if (live.text === built.text && live.title === (built.title ?? null) && live.link?.href === built.link?.href && live.link?.label === built.link?.label) return undefined;
  const link = live.link ? { url: live.link.href, label: live.link.label, href: live.link.href, internal: live.link.href.startsWith("/") } : null;
  return { title: live.title, text: live.text, link };
}

/** The last view handed out: an answer that says the same again hands out the same object, so nothing renders. */
let last: { key: string; view: LiveFactsView } | null = null;

type Dated = (hours: HoursInput[], specialHours: readonly SpecialHoursInput[], locale: string) => DatedHours;
const NO_DATED: Dated = () => ({ week: [], special: [] });

/**
 * The live facts that differ from the build, for `now`; null when none differ or the service did not answer with facts.
 * `dated` writes today's lines (hours-format datedHours), needed only once some hours differ.
 */
export function liveFactsView(reply: unknown, built: readonly BuiltLocation[], locale: string, now: number, announcement?: BuiltAnnouncement | null, dated: Dated = NO_DATED): LiveFactsView | null {
  const facts = readSiteFacts(reply);
  if (!facts) return null;
  const hours = new Map<string, HoursOverride>();
  for (const location of built) {
    const live = facts.locations.get(location.locationId);
    if (!live) continue;
    let today: string;
    try {
      today = wallClock(now, location.timezone).date;
    } catch {
      // A zone this browser does not know: the built hours stand.
      continue;
    }
    const merged = mergeLiveHours(location, live, today);
    if (sameHours(merged, location)) continue;
    hours.set(location.locationId, { hours: [...merged.hours], specialHours: [...merged.specialHours], dated: dated([...merged.hours], merged.specialHours, locale) });
  }
  const view = { hours, announcement: liveAnnouncementOf(announcement, facts.announcement) };
  // Nothing differs from the build (the usual case): no view, so the page is not rendered again and the parts
  // that wait for a visitor keep waiting.
  if (hours.size === 0 && view.announcement === undefined) return null;
  const key = JSON.stringify([[...hours], view.announcement]);
  if (last?.key !== key) last = { key, view };
  return last.view;
}

/** Tells what the service's answer changes from the build (the layout reads the answer: layout/use-live-facts.ts). */
export async function loadLiveFacts(reply: unknown, built: readonly BuiltLocation[], locale: string, announcement?: BuiltAnnouncement | null, now: number = Date.now()): Promise<LiveFactsView | null> {
  const view = liveFactsView(reply, built, locale, now, announcement);
  // Every page asks; only one whose hours changed since the build fetches the rules that write today's lines.
  if (!view || view.hours.size === 0) return view;
  const { datedHours } = await import("@mainstreet/rules/hours/hours-format");
  return liveFactsView(reply, built, locale, now, announcement, datedHours);
}

/** Forgets the last view (tests). */
export function resetLiveFacts(): void {
  last = null;
}

