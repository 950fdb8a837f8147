import { lazyModule, type LazyModule } from "../hydration/lazy-module";
import type { LateHoursRules } from "./live-hours";

/** The module when it has loaded; else null, having set about loading it and calling `refill` once it has. */
const whenLoaded =
  <T>(module: LazyModule<T>) =>
  (refill: () => void): T | null => {
    // A chunk that fails to load is tried again on the next fill.
    if (!module.get()) module.load().then(refill, () => undefined);
    return module.get();
  };

/**
 * The app's late rules, chunks of their own: only a page that outlived its schedules (or shows hours no location
 * has) fetches luxon's half of the rules, or the browser's own clock in a zone (wall-clock.ts).
 */
export const lateHoursRules: LateHoursRules = {
  openStatus: whenLoaded(lazyModule(() => import("@mainstreet/rules/hours/open-status"))),
  wallClock: whenLoaded(lazyModule(() => import("@mainstreet/rules/hours/wall-clock"))),
};
