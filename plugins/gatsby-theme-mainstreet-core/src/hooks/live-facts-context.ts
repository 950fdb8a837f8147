import { createContext } from "react";
import type { DatedHours } from "@mainstreet/rules/hours/hours-today";
import type { HoursInput, SpecialHoursInput } from "@mainstreet/rules/hours/hours-base";
import type { LiveAnnouncement } from "@mainstreet/rules/hours/live-facts";

/** A location's hours as the service says them now, where they differ from the build: what its lines are told from. */
export interface HoursOverride {
  hours: HoursInput[];
  specialHours: SpecialHoursInput[];
  /** Today's line for every date, as the build works it out from hours (hours-format datedHours). */
  dated: DatedHours;
}

/** What the live facts change on this page: the hours by location id, and the announcement as the service says it. */
export interface LiveFactsView {
  hours: ReadonlyMap<string, HoursOverride>;
  announcement: LiveAnnouncement | null;
}

/**
 * The live facts the layout read after the page loaded (runtime/live-facts.ts), null until then: the open status
 * and today's lines (hooks/live-hours.ts) are told from them where a location's hours changed since the build.
 */
export const LiveFactsContext = createContext<LiveFactsView | null>(null);
