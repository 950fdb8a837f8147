import React, { useEffect, useState } from "react";
import { openStatus, type OpenStatusResult } from "../../../../src/lib/open-status";
import type { HoursInput } from "../../../../src/lib/hours";

interface OpenStatusBadgeProps {
  hours: HoursInput[];
  timeZone: string;
}

const MAX_TIMER_MS = 60 * 60 * 1000;

/**
 * Open status is computed in the visitor's browser in the location's zone: a static page lives for
 * weeks, so a status baked in at build would be wrong. The server render shows nothing.
 */
export function OpenStatusBadge({ hours, timeZone }: OpenStatusBadgeProps) {
  const [result, setResult] = useState<OpenStatusResult | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const now = Date.now();
      const next = openStatus({ hours, timeZone, now });
      setResult(next);
      const wait = next.nextChange ? Math.min(Math.max(Date.parse(next.nextChange) - now, 1000), MAX_TIMER_MS) : MAX_TIMER_MS;
      timer = setTimeout(update, wait);
    };
    update();
    return () => clearTimeout(timer);
  }, [hours, timeZone]);

  if (!result) return null;
  const detail = result.closesAt ? `until ${result.closesAt}` : result.opensAt ? `opens ${result.opensAt}` : "";
  return (
    <p className={`open-status open-status--${result.status}`} role="status">
      <span className="open-status__dot" aria-hidden="true" />
      <strong>{result.label}</strong>
      {detail ? <span className="open-status__detail"> · {detail}</span> : null}
    </p>
  );
}
