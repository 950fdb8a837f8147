import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader } from "../page-header";
import { LocationCard, type LocationData } from "../../layout/location-card";
import type { PlannedPageContext } from "./page-context";
import type { QueriedBusiness } from "../../data/node-shapes";
import { LocationForms } from "../../forms/location-forms";
import { BookLink } from "../../booking/book-link";
import { offersReservationForm, type ReservationSettings } from "@mainstreet/rules/booking/booking";
import { ApprovedReviews } from "../../reviews/approved-reviews";

export interface Data {
  mainstreetBusiness: Pick<QueriedBusiness, "name" | "type">;
  mainstreetLocation: LocationData & { appointments?: { enabled: boolean } | null; reservations?: ReservationSettings | null };
}

export default function LocationPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  const location = data.mainstreetLocation;
  return (
    <>
      <PageHeader title={pageContext.title} lead={`${data.mainstreetBusiness.name} in ${location.city}`} />
      <div className="container split">
        <div className="split__aside location-detail">
          <LocationCard location={{ ...location, path: null }} businessName={data.mainstreetBusiness.name} hoursDisplay="daily" showMap />
        </div>
        <div className="split__main">
          {location.appointments?.enabled ? (
            <p className="actions">
              <BookLink preselect={{ location: location.locationId }}>Book an appointment here</BookLink>
            </p>
          ) : null}
          <LocationForms locationId={location.locationId} reservations={offersReservationForm(data.mainstreetBusiness.type, location)} />
        </div>
      </div>
      <ApprovedReviews subject={{ locationId: location.locationId }} timeZone={location.timezone} />
    </>
  );
}
