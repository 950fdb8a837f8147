import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { type Data } from "../components/pages/home";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/home.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetPage?.seoTitle ?? data.mainstreetBusiness.name} description={data.mainstreetPage?.seoDescription} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetHomePage($id: String!) {
    mainstreetBusiness {
      name
      description
      bookingUrl
      type
      brandIdentity
      heroImage {
        alt
        file {
          childImageSharp {
            gatsbyImageData(layout: CONSTRAINED, width: 960, breakpoints: [480, 720, 960, 1440], quality: 70)
          }
        }
      }
    }
    mainstreetPage(pageId: { eq: $id }) {
      ...MainstreetWebsitePage
    }
    ...MainstreetMenuSections
    allMainstreetTeamMember(filter: { show: { eq: true } }, sort: { order: ASC }) {
      nodes {
        ...MainstreetMemberCard
      }
    }
    allMainstreetLocation(sort: { order: ASC }) {
      nodes {
        ...MainstreetLocationCard
      }
    }
    allMainstreetPlannedPage {
      nodes {
        path
        template
      }
    }
  }
`;
