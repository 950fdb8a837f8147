import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader } from "../page-header";
import { AppointmentManage } from "../../booking/appointment-manage";
import type { BookingLocation } from "../../booking/booking-data";
import type { PlannedPageContext } from "./page-context";

export interface Data {
  mainstreetBusiness: { name: string };
  allMainstreetLocation: { nodes: BookingLocation[] };
}

export const LEAD = "See your appointment, move it to another free time or cancel it.";

/** Where the confirmation's link leads: the booking's reference and token are in the address. */
export default function AppointmentManagePage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  return (
    <>
      <PageHeader title={pageContext.title} lead={LEAD} />
      <div className="container booking-page">
        <AppointmentManage businessName={data.mainstreetBusiness.name} locations={data.allMainstreetLocation.nodes} />
      </div>
    </>
  );
}
