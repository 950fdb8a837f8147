import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader, Picture, TextBlocks } from "../page-header";
import type { PlannedPageContext } from "./page-context";
import type { MainstreetImage, Queried, TeamMemberNode } from "../../data/node-shapes";

export interface Data {
  mainstreetTeamMember: Pick<Queried<TeamMemberNode>, "name" | "role" | "bio" | "specialties"> & { image?: Pick<MainstreetImage, "alt" | "file"> | null };
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
