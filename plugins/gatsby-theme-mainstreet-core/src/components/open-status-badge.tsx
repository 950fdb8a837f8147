import React, { useEffect, useState } from "react";
import { hasAnyHours, type HoursInput, type SpecialHoursInput } from "@mainstreet/rules/hours-base";
import { statusFromSchedule, type OpenSchedule, type ScheduleStatusResult } from "@mainstreet/rules/open-status-core";
import { lazyModule } from "./lazy-module";
import { useOpenSchedule } from "./use-open-schedule";
import { useSiteFormats } from "./site-formats";

interface OpenStatusBadgeProps {
  hours: HoursInput[];
  timeZone: string;
  /** The location's schedule from the build; without it the layout's schedule for these hours is used. */
  schedule?: OpenSchedule | null;
  /** Dated overrides, for the status worked out in the browser when the page has outlived its schedule. */
  specialHours?: readonly SpecialHoursInput[] | null;
}

const MAX_TIMER_MS = 60 * 60 * 1000;

// Dynamic, so luxon is fetched only by a page that outlived its schedule (or has none).
const openStatusRules = lazyModule(() => import("@mainstreet/rules/open-status"));
type OpenStatusRules = typeof import("@mainstreet/rules/open-status");

/**
 * Open status is computed in the visitor's browser in the location's zone: a static page lives for
 * weeks, so a status baked in at build would be wrong. The server render shows nothing.
 */
export function OpenStatusBadge(props: OpenStatusBadgeProps) {
  // Hours without a single complete entry say nothing about when the business is open (SPEC §5: the
  // hours block renders nothing then); a "Closed" badge would be a permanent false statement.
  if (!hasAnyHours(props.hours)) return null;
  return <OpenStatusBadgeBody {...props} />;
}

function OpenStatusBadgeBody({ hours, timeZone, schedule: given, specialHours }: OpenStatusBadgeProps) {
  const schedule = useOpenSchedule(hours, timeZone, given);
  const { locale } = useSiteFormats();
  const [result, setResult] = useState<ScheduleStatusResult | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const show = (next: ScheduleStatusResult, now: number) => {
      setResult(next);
      const wait = next.nextChangeAt !== undefined ? Math.min(Math.max(next.nextChangeAt - now, 1000), MAX_TIMER_MS) : MAX_TIMER_MS;
      timer = setTimeout(update, wait);
    };
    const fromRules = (rules: OpenStatusRules) => {
      const now = Date.now();
      const { nextChange, ...status } = rules.openStatus({ hours, timeZone, now, specialHours, locale });
      show(nextChange ? { ...status, nextChangeAt: Date.parse(nextChange) } : status, now);
    };
    const update = () => {
      const now = Date.now();
      const answer = schedule ? statusFromSchedule(schedule, now, { locale }) : null;
      if (answer?.answered) {
        show(answer.result, now);
        return;
      }
      const rules = openStatusRules.get();
      if (rules) {
        fromRules(rules);
        return;
      }
      openStatusRules
        .load()
        .then((loaded) => {
          if (live) fromRules(loaded);
        })
        // The status is an extra: a chunk that fails to load leaves it out until the next update.
        .catch(() => {
          if (live) timer = setTimeout(update, MAX_TIMER_MS);
        });
    };
    update();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [schedule, hours, timeZone, specialHours, locale]);

  // Until the browser knows, the line's place is held (unseen, unread): the status then fills it without
  // moving anything below (CLS 0). The server HTML has this placeholder, not a status baked in at build.
  if (!result) {
    return (
      <p className="open-status open-status--pending" aria-hidden="true">
        <span className="open-status__dot" />
        {"\u00a0"}
      </p>
    );
  }
  const detail = result.closesAt ? `until ${result.closesAt}` : result.opensAt ? `opens ${result.opensAt}` : "";
  return (
    <p className={`open-status open-status--${result.status}`} role="status">
      <span className="open-status__dot" aria-hidden="true" />
      <strong>{result.label}</strong>
      {detail ? <span className="open-status__detail"> · {detail}</span> : null}
    </p>
  );
}
