import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader } from "../page-header";
import { BookingFlow } from "../../booking/booking-flow";
import type { BookingData, BookingLocation, BookingMember, BookingService } from "../../booking/booking-data";
import type { PlannedPageContext } from "./page-context";

export interface Data {
  mainstreetBusiness: { businessId: string; name: string };
  allMainstreetLocation: { nodes: BookingLocation[] };
  allMainstreetMenuItem: { nodes: BookingService[] };
  allMainstreetMenuCategory: { nodes: { categoryId: string; itemIds: string[] }[] };
  allMainstreetTeamMember: { nodes: BookingMember[] };
}

export function lead(business: Data["mainstreetBusiness"]): string {
  return `Book at ${business.name}: choose a service, who you'd like and a time, and you get a confirmation straight away.`;
}

export function bookingData(data: Data): BookingData {
  return {
    businessId: data.mainstreetBusiness.businessId,
    businessName: data.mainstreetBusiness.name,
    locations: data.allMainstreetLocation.nodes,
    services: data.allMainstreetMenuItem.nodes,
    categories: data.allMainstreetMenuCategory.nodes,
    team: data.allMainstreetTeamMember.nodes,
  };
}

/** The booking page: one per site, its first step the location when several take appointments. */
export default function AppointmentsPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  return (
    <>
      <PageHeader title={pageContext.title} lead={lead(data.mainstreetBusiness)} />
      <div className="container booking-page">
        <BookingFlow data={bookingData(data)} />
      </div>
    </>
  );
}
