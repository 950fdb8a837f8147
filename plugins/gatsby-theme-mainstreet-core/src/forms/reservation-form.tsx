import React from "react";
import { bookableLocations } from "@mainstreet/rules/booking/booking";
import { deferred } from "../hydration/deferred";
import type { ReservationFormProps } from "./reservation-form-body";
import { useFormsData } from "./use-forms-data";

// The form's code (and, once engaged, its calendar rules) loads when the form comes near the screen.
const ReservationFormPart = deferred(() => import("./reservation-form-body"), { code: "part-reservation-form-body" });

/**
 * The on-site reservation form: location, date, party size (restaurants) or service and team
 * member (others), and a time from the location's slots in its own zone. The slots come from the
 * time-slots rule, refined by the service's answer (fully booked slots), and the service decides on
 * submission. The confirmation shows the reference and a cancel link.
 */
export function ReservationForm(props: ReservationFormProps) {
  const data = useFormsData();
  if (!data || bookableLocations(data.locations, props.locationId).length === 0) return null;
  return <ReservationFormPart data={data} {...props} />;
}
