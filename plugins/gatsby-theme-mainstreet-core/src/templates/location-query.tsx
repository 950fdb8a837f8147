import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { type Data } from "../components/pages/location";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/location.tsx, which recipes may shadow. */
export default PageBody;

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
      type
    }
    mainstreetLocation(locationId: { eq: $locationId }) {
      ...MainstreetLocationCard
      appointments
      reservations
      orderingEnabled
    }
  }
`;
