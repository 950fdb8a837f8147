import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader, TextBlocks } from "../page-header";
import { MemberCard, type MemberData } from "../member-card";
import { RevealGroup } from "../reveal";
import { pageText, type PlannedPageContext, type WebsitePageData } from "./page-context";

export interface Data {
  mainstreetPage: WebsitePageData | null;
  allMainstreetTeamMember: { nodes: MemberData[] };
}

export default function TeamPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
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
          {data.allMainstreetTeamMember.nodes.map((member, index) => (
            <MemberCard key={member.memberId} member={member} eager={index === 0} />
          ))}
        </RevealGroup>
      </div>
    </>
  );
}
