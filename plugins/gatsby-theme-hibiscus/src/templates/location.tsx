import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { LocationCard, PageHeader, type LocationData } from "../components/sections";
import type { PlannedPageContext } from "./page-context";
import { LocationForms } from "../forms/location-forms";

interface Data {
  mainstreetBusiness: { name: string };
  mainstreetLocation: LocationData;
}

export default function LocationTemplate({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  const location = data.mainstreetLocation;
  return (
    <>
      <PageHeader title={pageContext.title} lead={`${data.mainstreetBusiness.name} in ${location.city}`} />
      <div className="container">
        <div className="location-detail">
          <LocationCard location={{ ...location, path: null }} businessName={data.mainstreetBusiness.name} hoursDisplay="daily" showMap />
        </div>
        <LocationForms locationId={location.locationId} />
      </div>
    </>
  );
}

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead
    title={pageContext.title}
    description={`${data.mainstreetBusiness.name}, ${data.mainstreetLocation.street}, ${data.mainstreetLocation.city}: hours, phone and directions.`}
    path={location.pathname}
    canonicalPath={pageContext.canonicalPath}
  />
);

export const query = graphql`
  query MainstreetLocationPage($locationId: String!) {
    mainstreetBusiness {
      name
    }
    mainstreetLocation(locationId: { eq: $locationId }) {
      ...MainstreetLocationCard
    }
  }
`;
