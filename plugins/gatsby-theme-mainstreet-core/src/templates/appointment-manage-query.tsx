import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { LEAD, type Data } from "../components/pages/appointment-manage";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/appointment-manage.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<Data, PlannedPageContext> = ({ pageContext, location }) => (
  <SeoHead title={pageContext.title} description={LEAD} path={location.pathname} canonicalPath={pageContext.canonicalPath} noIndex />
);

export const query = graphql`
  query MainstreetAppointmentManagePage {
    mainstreetBusiness {
      name
    }
    allMainstreetLocation(sort: { order: ASC }) {
      nodes {
        locationId
        name
        street
        city
        timezone
        appointments
      }
    }
  }
`;
