import { useContext, useEffect, useMemo, type RefObject } from "react";
import { LiveFactsContext } from "./live-facts-context";
import { OpenSchedulesContext } from "./open-schedules";
import { useSiteFormats } from "./site-formats";
import { MAX_REFILL_MS, fillLiveHours, type LiveHoursContext } from "./live-hours";
import { lateHoursRules } from "./late-hours-rules";

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
