import React, { type ReactNode } from "react";
import { Link } from "gatsby";
import { appointmentLink, appointmentsHref, type BookingPreselect } from "@mainstreet/rules/booking/booking";
import { useBookingTarget } from "../forms/booking-link";

/**
 * "Book this", "Book with Maya", a location's Book button: a link into the site's booking flow that
 * preselects what the page is about. Nothing when the site has no booking flow (appointments off).
 */
export function BookLink({ preselect, children, className = "button" }: { preselect: BookingPreselect; children: ReactNode; className?: string }) {
  const href = appointmentsHref(useBookingTarget());
  if (!href) return null;
  return (
    <Link to={appointmentLink(href, preselect)} className={className} data-role="BOOKING">
      {children}
    </Link>
  );
}
