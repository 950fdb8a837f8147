import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader } from "../sections";
import { ReservationForm } from "../../forms/reservation-form";
import type { PlannedPageContext } from "./page-context";

export interface Data {
  mainstreetBusiness: { name: string; type: string };
}

export function lead(business: Data["mainstreetBusiness"]): string {
  return business.type === "restaurant"
    ? `Book a table at ${business.name}: pick a location, a date and a time, and you get a reference straight away.`
    : `Book your visit at ${business.name}: pick a location, a service, a date and a time, and you get a reference straight away.`;
}

/** The reservation page (issue 8): restaurants, and businesses without an external booking link. */
export default function ReservationsPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  return (
    <>
      <PageHeader title={pageContext.title} lead={lead(data.mainstreetBusiness)} />
      <div className="container">
        <ReservationForm title="Your booking" />
      </div>
    </>
  );
}
