import React from "react";
import { type PageProps } from "gatsby";
import { MemberCard, type MemberData } from "../member-card";
import { RevealGroup } from "../reveal";
import type { PlannedPageContext, WebsitePageData } from "./page-context";
import { WebsitePageBody } from "./website-page-body";

export interface Data {
  mainstreetPage: WebsitePageData | null;
  allMainstreetTeamMember: { nodes: MemberData[] };
}

export default function TeamPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  return (
    <WebsitePageBody title={pageContext.title} page={data.mainstreetPage}>
      <RevealGroup id="team-members" className="card-grid card-grid--people">
        {data.allMainstreetTeamMember.nodes.map((member, index) => (
          <MemberCard key={member.memberId} member={member} eager={index === 0} />
        ))}
      </RevealGroup>
    </WebsitePageBody>
  );
}
