import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { lead, type Data } from "../components/pages/appointments";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/appointments.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={pageContext.title} description={lead(data.mainstreetBusiness)} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetAppointmentsPage {
    mainstreetBusiness {
      businessId
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
    allMainstreetMenuItem(sort: { order: ASC }) {
      nodes {
        itemId
        name
        visible
        available
        categoryIds
        variations
      }
    }
    allMainstreetMenuCategory(sort: { order: ASC }) {
      nodes {
        categoryId
        itemIds
      }
    }
    allMainstreetTeamMember(sort: { order: ASC }) {
      nodes {
        memberId
        name
        role
        show
        order
        serviceIds
        locationIds
        image {
          alt
          file {
            childImageSharp {
              gatsbyImageData(width: 64, height: 64, layout: FIXED)
            }
          }
        }
      }
    }
  }
`;
