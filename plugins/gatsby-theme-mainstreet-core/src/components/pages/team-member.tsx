import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader, Picture, TextBlocks, type ImageNode } from "../page-header";
import type { PlannedPageContext } from "./page-context";

export interface Data {
  mainstreetTeamMember: { name: string; role?: string | null; bio?: string | null; specialties: string[]; image?: (ImageNode & { file?: { publicURL?: string | null } | null }) | null };
}

export default function TeamMemberPage({ data }: PageProps<Data, PlannedPageContext>) {
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
