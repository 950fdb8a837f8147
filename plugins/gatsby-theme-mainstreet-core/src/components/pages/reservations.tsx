import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader } from "../page-header";
import { LocationCard, type LocationData } from "../../layout/location-card";
import { ReservationForm } from "../../forms/reservation-form";
import type { PlannedPageContext } from "./page-context";
import type { QueriedBusiness, QueriedLocation } from "../../data/node-shapes";

export interface Data {
  mainstreetBusiness: Pick<QueriedBusiness, "name" | "type">;
  allMainstreetLocation: { nodes: (LocationData & Pick<QueriedLocation, "reservations">)[] };
}

export function lead(business: Data["mainstreetBusiness"]): string {
  return business.type === "restaurant"
    ? `Book a table at ${business.name}: pick a location, a date and a time, and you get a reference straight away.`
    : `Book your visit at ${business.name}: pick a location, a service, a date and a time, and you get a reference straight away.`;
}

/** The reservation page: restaurants, and businesses without an external booking link. */
export default function ReservationsPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  return (
    <>
      <PageHeader title={pageContext.title} lead={lead(data.mainstreetBusiness)} />
      <div className="container split">
        <div className="split__main">
          <ReservationForm title="Your booking" />
        </div>
        <div className="split__aside location-list">
          {data.allMainstreetLocation.nodes
            .filter((location) => location.reservations?.enabled)
            .map((location) => (
              <LocationCard key={location.locationId} location={location} businessName={data.mainstreetBusiness.name} headingLevel={2} />
            ))}
        </div>
      </div>
    </>
  );
}
