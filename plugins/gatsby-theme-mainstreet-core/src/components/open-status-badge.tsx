import React, { useMemo, useRef } from "react";
import { hasAnyHours, type HoursInput, type SpecialHoursInput } from "@mainstreet/rules/hours/hours-base";
import { scheduleKey, type OpenSchedule } from "@mainstreet/rules/hours/open-status-core";
import { useLiveHoursIn } from "../hooks/use-live-hours";

interface OpenStatusBadgeProps {
  hours: HoursInput[];
  timeZone: string;
  /** Kept for callers that hold the location's schedule; the line finds it by its key among the site's. */
  schedule?: OpenSchedule | null;
  /** Dated overrides, for the status worked out in the browser when the page has outlived its schedule. */
  specialHours?: readonly SpecialHoursInput[] | null;
  /** The location's id: the line is told from its live hours when they changed since the build (facts read live). */
  locationId?: string;
}

/** The held line before the browser has told the status: a dot and a space, unseen and unread. */
const PENDING = '<span class="open-status__dot"></span>&nbsp;';

/**
 * Open status is computed in the visitor's browser in the location's zone: a static page lives for weeks, so
 * a status baked in at build would be wrong. The server HTML holds the line's place (unseen, unread), with the
 * hours and zone it is told from; the browser writes the status into it (hooks/live-hours.ts), without
 * moving anything below it (CLS 0) and without a render, wherever it is, hydrated or not.
 */
export function OpenStatusBadge({ hours, timeZone, specialHours, locationId }: OpenStatusBadgeProps) {
  const line = useRef<HTMLParagraphElement>(null);
  const key = useMemo(() => scheduleKey(hours, timeZone), [hours, timeZone]);
  useLiveHoursIn(line, key, specialHours);
  // Hours without a single complete entry say nothing about when the business is open (SPEC §5: the hours
  // block renders nothing then); a "Closed" badge would be a permanent false statement.
  if (!hasAnyHours(hours)) return null;
  return (
    <p
      ref={line}
      className="open-status open-status--pending"
      aria-hidden="true"
      data-open-status=""
      data-schedule-key={key}
      data-location={locationId}
      data-zone={timeZone}
      data-hours={JSON.stringify(hours)}
      data-special={specialHours && specialHours.length > 0 ? JSON.stringify(specialHours) : undefined}
      dangerouslySetInnerHTML={{ __html: PENDING }}
    />
  );
}
