import { useEffect, useState } from "react";
import { isOpenSchedule } from "@mainstreet/rules/hours/open-status-core";
import { orderingState, type OrderingState } from "@mainstreet/rules/orders/ordering-state";
import { lazyModule } from "../hydration/lazy-module";
import { useSiteFormats } from "../hooks/site-formats";
import { loadLiveAvailability, useLiveOrdering } from "./live-availability";
import { locationLabel } from "./location-label";
import type { OrderingConfig, OrderingLocation } from "./use-ordering-config";

// Only a page that outlived the schedule baked into it fetches luxon's half of the hours rules.
const scheduleRules = lazyModule(() => import("@mainstreet/rules/hours/open-status"));

/** The state is told again this often, so "until 7:30pm" turns into "open" while the page stays open. */
const RETELL_MS = 60_000;

/**
 * The location's one ordering state (rules/orders/ordering-state.ts) for the cart drawer, the checkout, the
 * Add buttons and the item dialog: its hours from the build's schedule, its pause and whether it takes
 * online orders from the service's availability answer (read once a page, shared with what is sold out).
 * Null until that answer comes (or fails: then the hours alone tell it), so no place says "open" and then
 * "paused" a moment later. `takingOrders: false` is the caller's own knowledge that orders are off (the live
 * catalog the cart drawer reads).
 */
export function useOrderingState(config: OrderingConfig | null, location: OrderingLocation | undefined, options: { takingOrders?: boolean } = {}): OrderingState | null {
  const live = useLiveOrdering(location?.locationId);
  const { locale } = useSiteFormats();
  const [now, setNow] = useState(() => Date.now());
  const [settled, setSettled] = useState(false);
  const [rulesLoaded, setRulesLoaded] = useState(() => scheduleRules.get() !== null);
  const siteId = config?.siteId;

  useEffect(() => {
    if (!siteId) return undefined;
    let mounted = true;
    void loadLiveAvailability(siteId).then(() => mounted && setSettled(true));
    return () => {
      mounted = false;
    };
  }, [siteId]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), RETELL_MS);
    return () => window.clearInterval(timer);
  }, []);

  const input = location && (live.known || settled) ? stateInput(location, live, now, locale, options.takingOrders) : null;
  const built = input && isOpenSchedule(location?.openSchedule) ? orderingState({ ...input, schedule: location.openSchedule }) : null;
  const needsRules = input !== null && built === null;

  useEffect(() => {
    if (needsRules && !rulesLoaded) void scheduleRules.load().then(() => setRulesLoaded(true), () => undefined);
  }, [needsRules, rulesLoaded]);

  if (!input || !location) return null;
  if (built) return built;
  const rules = scheduleRules.get();
  if (!rules) return null;
  const schedule = rules.buildOpenSchedule(location.hours, location.timezone, now, location.orderTimes.daysAhead + 1, location.specialHours);
  return orderingState({ ...input, schedule });
}

function stateInput(location: OrderingLocation, live: ReturnType<typeof useLiveOrdering>, now: number, locale: string, takingOrders = true) {
  return {
    now,
    timeZone: location.timezone,
    pausedUntil: live.known ? live.pausedUntil : null,
    takingOrders: takingOrders && (!live.known || live.takingOrders),
    daysAhead: location.orderTimes.daysAhead,
    locationName: locationLabel(location),
    locale,
  };
}
