import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { type Data } from "../components/pages/team-member";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/team-member.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead
    title={data.mainstreetTeamMember.name}
    description={data.mainstreetTeamMember.role}
    path={location.pathname}
    canonicalPath={pageContext.canonicalPath}
    image={data.mainstreetTeamMember.image?.file?.publicURL}
    imageAlt={data.mainstreetTeamMember.image?.alt}
  />
);

export const query = graphql`
  query MainstreetTeamMemberPage($memberId: String!) {
    mainstreetTeamMember(memberId: { eq: $memberId }) {
      memberId
      name
      serviceIds
      role
      bio
      specialties
      image {
        alt
        file {
          publicURL
          childImageSharp {
            gatsbyImageData(width: 560, aspectRatio: 0.8, layout: CONSTRAINED)
          }
        }
      }
    }
  }
`;
