import React, { createContext, useContext, useMemo, type ReactNode } from "react";
import type { HoursInput } from "@mainstreet/rules/hours-format";
import { isOpenSchedule, scheduleKey, type OpenSchedule } from "@mainstreet/rules/open-status-core";

const NO_SCHEDULES: ReadonlyMap<string, OpenSchedule> = new Map();
const OpenSchedulesContext = createContext<ReadonlyMap<string, OpenSchedule>>(NO_SCHEDULES);

/**
 * Hands the site's prebuilt open schedules (one per location, from the layout's site query) to every
 * badge and hours block below, so components that only receive hours and a zone still avoid luxon.
 */
export function OpenSchedulesProvider({ schedules, children }: { schedules: readonly unknown[]; children: ReactNode }) {
  const byKey = useMemo(() => new Map(schedules.filter(isOpenSchedule).map((schedule) => [schedule.key, schedule])), [schedules]);
  return <OpenSchedulesContext.Provider value={byKey}>{children}</OpenSchedulesContext.Provider>;
}

/**
 * The prebuilt schedule for these hours in this zone: the one passed in when it was made from them,
 * else the site's; null when there is none (the caller then computes with luxon, loaded on demand).
 */
export function useOpenSchedule(hours: readonly HoursInput[] | null | undefined, timeZone: string, given?: unknown): OpenSchedule | null {
  const known = useContext(OpenSchedulesContext);
  const key = useMemo(() => scheduleKey(hours, timeZone), [hours, timeZone]);
  if (isOpenSchedule(given) && given.key === key) return given;
  return known.get(key) ?? null;
}
