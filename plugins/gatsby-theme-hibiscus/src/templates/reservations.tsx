import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { PageHeader } from "../components/sections";
import { ReservationForm } from "../forms/reservation-form";
import type { PlannedPageContext } from "./page-context";

interface Data {
  mainstreetBusiness: { name: string; type: string };
}

function lead(business: Data["mainstreetBusiness"]): string {
  return business.type === "restaurant"
    ? `Book a table at ${business.name}: pick a location, a date and a time, and you get a reference straight away.`
    : `Book your visit at ${business.name}: pick a location, a service, a date and a time, and you get a reference straight away.`;
}

/** The reservation page (issue 8): restaurants, and businesses without an external booking link. */
export default function ReservationsTemplate({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  return (
    <>
      <PageHeader title={pageContext.title} lead={lead(data.mainstreetBusiness)} />
      <div className="container">
        <ReservationForm title="Your booking" />
      </div>
    </>
  );
}

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={pageContext.title} description={lead(data.mainstreetBusiness)} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetReservationsPage {
    mainstreetBusiness {
      name
      type
    }
  }
`;
