import { createContext } from "react";
import type { DatedHours } from "@mainstreet/rules/hours/hours-today";
import type { HoursInput, SpecialHoursInput } from "@mainstreet/rules/hours/hours-base";

/** A location's hours as the service says them now, where they differ from the build: what its lines are told from. */
export interface HoursOverride {
  hours: HoursInput[];
  specialHours: SpecialHoursInput[];
  /** Today's line for every date, as the build works it out from hours (hours-format datedHours). */
  dated: DatedHours;
}

/** The announcement's words and link as the owner published them since the build, in the bar's shape. */
export interface AnnouncementOverride {
  title: string | null;
  text: string;
  link: { url: string; label: string; href: string; internal: boolean } | null;
}

/**
 * What the live facts change on this page: the hours by location id, and the announcement (undefined: as
 * built; null: taken down; else its new words).
 */
export interface LiveFactsView {
  hours: ReadonlyMap<string, HoursOverride>;
  announcement?: AnnouncementOverride | null;
}

/**
 * The live facts the layout read after the page loaded (runtime/live-facts.ts), null until then: the open status
 * and today's lines (hooks/live-hours.ts) are told from them where a location's hours changed since the build.
 */
export const LiveFactsContext = createContext<LiveFactsView | null>(null);
