import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader, TextBlocks } from "../page-header";
import { MemberPortrait } from "../member-portrait";
import type { PlannedPageContext } from "./page-context";
import { BookLink } from "../../booking/book-link";
import type { MainstreetImage, Queried, TeamMemberNode } from "../../data/node-shapes";

export interface Data {
  mainstreetTeamMember: Pick<Queried<TeamMemberNode>, "memberId" | "name" | "role" | "bio" | "specialties" | "serviceIds"> & { image?: Pick<MainstreetImage, "alt" | "file"> | null };
}

export default function TeamMemberPage({ data }: PageProps<Data, PlannedPageContext>) {
  const member = data.mainstreetTeamMember;
  return (
    <>
      <PageHeader title={member.name} lead={member.role} />
      <div className="container item-detail">
        <MemberPortrait name={member.name} image={member.image} size="large" className="item-detail__image" eager />
        <div className="item-detail__body prose">
          <TextBlocks text={member.bio} />
          {member.serviceIds.length > 0 ? (
            <p className="actions">
              <BookLink preselect={{ staff: member.memberId }}>Book with {member.name.split(" ")[0]}</BookLink>
            </p>
          ) : null}
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
