import React from "react";
import { ContactForm } from "./contact-form";
import { ReservationForm } from "./reservation-form";
import { ReviewForm } from "./review-form";

/**
 * What a visitor can do from a location's page: book there (when the location takes reservations on
 * the site, and `reservations` is not turned off by the page: offersReservationForm), write to it, and
 * review it. Each form renders nothing when the data does not allow it.
 */
export function LocationForms({ locationId, reservations = true }: { locationId: string; reservations?: boolean }) {
  return (
    <div className="location-forms">
      {reservations ? <ReservationForm locationId={locationId} /> : null}
      <ContactForm locationId={locationId} title="Send us a message" />
      <ReviewForm locationId={locationId} />
    </div>
  );
}
