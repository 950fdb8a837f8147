import { lazyModule } from "../hydration/lazy-module";
import type { LateHoursRules } from "./live-hours";

// Chunks of their own: only a page that outlived its schedules (or shows hours no location has) fetches luxon's
// half of the rules, or the browser's own clock in a zone (wall-clock.ts).
const openStatusRules = lazyModule(() => import("@mainstreet/rules/hours/open-status"));
const wallClockRules = lazyModule(() => import("@mainstreet/rules/hours/wall-clock"));

/** The app's late rules: fetched on first need, then kept; a chunk that fails to load is tried again next time. */
export const lateHoursRules: LateHoursRules = {
  openStatus: (refill) => {
    const rules = openStatusRules.get();
    if (!rules) openStatusRules.load().then(refill, () => undefined);
    return rules;
  },
  wallClock: (refill) => {
    const rules = wallClockRules.get();
    if (!rules) wallClockRules.load().then(refill, () => undefined);
    return rules;
  },
};
