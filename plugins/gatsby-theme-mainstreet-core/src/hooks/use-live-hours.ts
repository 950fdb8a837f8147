import { useContext, useEffect, useMemo, type RefObject } from "react";
import { LiveFactsContext } from "./live-facts-context";
import { OpenSchedulesContext } from "./open-schedules";
import { useSiteFormats } from "./site-formats";
import { MAX_REFILL_MS, fillLiveHours, type LateHoursRules, type LiveHoursContext } from "./live-hours";
import { lazyModule, type LazyModule } from "../hydration/lazy-module";

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

/** Never sooner than this after a fill: a change due "now" (a clock at the boundary) is read again a moment later. */
const MIN_REFILL_MS = 1000;

function useLiveHoursContext(): LiveHoursContext {
  const schedules = useContext(OpenSchedulesContext);
  const { locale } = useSiteFormats();
  const overrides = useContext(LiveFactsContext)?.hours;
  return useMemo(() => ({ schedules, locale, overrides, later: lateHoursRules }), [schedules, locale, overrides]);
}

/**
 * Fills the live hours elements inside a component as it mounts (hooks/live-hours.ts): a part rendered in the
 * browser after the page's own fill (a page the visitor moved to, a part whose code arrived later) shows its
 * status at once. The page's fill (usePageLiveHours) keeps them current.
 */
export function useLiveHoursIn(ref: RefObject<HTMLElement | null>, ...inputs: unknown[]): void {
  const context = useLiveHoursContext();
  useEffect(() => {
    // A task of its own, not the hydration's: telling a date in a zone can mean creating the browser's date
    // formatter, a long task on a phone.
    const timer = setTimeout(() => {
      if (ref.current) fillLiveHours(ref.current, context);
    });
    return () => clearTimeout(timer);
    // The inputs are what the elements' data attributes hold.
  }, [ref, context, ...inputs]);
}

/**
 * The layout fills every live hours element of the page, hydrated or not, once React has taken over and after
 * every page change, and again whenever one of them changes (a status, a new day), for as long as the page is open.
 */
export function usePageLiveHours(path: string): void {
  const context = useLiveHoursContext();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fill = () => {
      const now = Date.now();
      const next = fillLiveHours(document.body, context, now);
      timer = setTimeout(fill, Math.min(Math.max(next - now, MIN_REFILL_MS), MAX_REFILL_MS));
    };
    timer = setTimeout(fill);
    return () => clearTimeout(timer);
  }, [path, context]);
}
