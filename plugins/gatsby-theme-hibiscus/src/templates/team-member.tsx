import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { PageHeader, Picture, TextBlocks, type ImageNode } from "../components/sections";
import type { PlannedPageContext } from "./page-context";

interface Data {
  mainstreetTeamMember: { name: string; role?: string | null; bio?: string | null; specialties: string[]; image?: (ImageNode & { file?: { publicURL?: string | null } | null }) | null };
}

export default function TeamMemberTemplate({ data }: PageProps<Data, PlannedPageContext>) {
  const member = data.mainstreetTeamMember;
  return (
    <>
      <PageHeader title={member.name} lead={member.role} />
      <div className="container item-detail">
        <Picture image={member.image} className="item-detail__image" eager />
        <div className="item-detail__body prose">
          <TextBlocks text={member.bio} />
          {member.specialties.length > 0 ? (
            <>
              <h2>Specialties</h2>
              <ul>
                {member.specialties.map((specialty) => (
                  <li key={specialty}>{specialty}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
    </>
  );
}

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
      name
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
