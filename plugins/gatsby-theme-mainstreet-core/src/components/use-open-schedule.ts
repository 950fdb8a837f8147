import { useContext, useMemo } from "react";
import type { HoursInput } from "@mainstreet/rules/hours-base";
import { isOpenSchedule, scheduleKey, type OpenSchedule } from "@mainstreet/rules/open-status-core";
import { OpenSchedulesContext } from "./open-schedules";

/**
 * The prebuilt schedule for these hours in this zone: the one passed in when it was made from them,
 * else the site's; null when there is none (the caller then computes with luxon, loaded on demand).
 */
export function useOpenSchedule(hours: readonly HoursInput[] | null | undefined, timeZone: string, given?: unknown): OpenSchedule | null {
  const known = useContext(OpenSchedulesContext);
  const key = useMemo(() => scheduleKey(hours, timeZone), [hours, timeZone]);
  if (isOpenSchedule(given) && given.key === key) return given;
  return known.find((schedule): schedule is OpenSchedule => isOpenSchedule(schedule) && schedule.key === key) ?? null;
}
