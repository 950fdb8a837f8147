import React, { type ReactNode } from "react";
import { Link } from "gatsby";
import type { BookingTarget } from "@mainstreet/rules/booking/booking";
import { useSiteData } from "../hooks/use-site-data";

/** The business's booking destination (worked out at build), or null when it has none (no Book Now button then). */
export function useBookingTarget(): BookingTarget | null {
  return useSiteData().business.bookingTarget ?? null;
}

interface BookingLinkProps {
  className?: string;
  children: ReactNode;
  /** Accessible name when the content is an icon. */
  label?: string;
}

/**
 * Book Now and the mobile book icon: the site's own reservation page (restaurants,
 * or no external booking link) or the external booking site in a new tab. `data-role="BOOKING"` makes
 * the click send the Schedule Appointment event (packages/rules/src/site/link-analytics.ts).
 */
export function BookingLink({ className, children, label }: BookingLinkProps) {
  const target = useBookingTarget();
  if (!target) return null;
  if (!target.external && target.href.startsWith("/")) {
    return (
      <Link to={target.href} className={className} data-role="BOOKING" aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a className={className} href={target.href} data-role="BOOKING" target="_blank" rel="noopener noreferrer" aria-label={label ? `${label} (opens in a new tab)` : undefined}>
      {children}
      {label ? null : <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}
