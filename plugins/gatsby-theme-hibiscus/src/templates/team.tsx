import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { MemberCard, PageHeader, TextBlocks, type MemberData } from "../components/sections";
import { RevealGroup } from "../components/reveal";
import { pageText, type PlannedPageContext, type WebsitePageData } from "./page-context";

interface Data {
  mainstreetPage: WebsitePageData | null;
  allMainstreetTeamMember: { nodes: MemberData[] };
}

export default function TeamTemplate({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  return (
    <>
      <PageHeader title={pageContext.title} lead={data.mainstreetPage?.seoDescription} />
      <div className="container">
        <div className="prose">
          {pageText(data.mainstreetPage).map((text, index) => (
            <TextBlocks key={index} text={text} />
          ))}
        </div>
        <RevealGroup id="team-members" className="card-grid card-grid--people">
          {data.allMainstreetTeamMember.nodes.map((member) => (
            <MemberCard key={member.memberId} member={member} />
          ))}
        </RevealGroup>
      </div>
    </>
  );
}

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetPage?.seoTitle ?? pageContext.title} description={data.mainstreetPage?.seoDescription} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetTeamPage($id: String!) {
    mainstreetPage(pageId: { eq: $id }) {
      title
      seoTitle
      seoDescription
      components
    }
    allMainstreetTeamMember(filter: { show: { eq: true } }, sort: { order: ASC }) {
      nodes {
        ...MainstreetMemberCard
      }
    }
  }
`;
