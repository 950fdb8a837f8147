import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { type Data } from "../components/pages/reservations";
import type { PlannedPageContext } from "../components/pages/page-context";
import { lead } from "../components/pages/reservations";

/** The page's query and head tags; the body is components/pages/reservations.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={pageContext.title} description={lead(data.mainstreetBusiness)} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetReservationsPage {
    mainstreetBusiness {
      name
      type
    }
    allMainstreetLocation(sort: { order: ASC }) {
      nodes {
        ...MainstreetLocationCard
        reservations
      }
    }
  }
`;
