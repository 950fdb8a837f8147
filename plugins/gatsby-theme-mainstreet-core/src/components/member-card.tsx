import React from "react";
import { Link } from "gatsby";
import type { ImageNode } from "./page-header";
import { MemberPortrait } from "./member-portrait";

export interface MemberData {
  memberId: string;
  name: string;
  role?: string | null;
  bio?: string | null;
  path?: string | null;
  specialties: string[];
  image?: ImageNode | null;
}

/** `eager`: the first card of the team page, its largest paint. */
export function MemberCard({ member, eager = false }: { member: MemberData; eager?: boolean }) {
  return (
    <article className="member-card">
      <MemberPortrait name={member.name} image={member.image} className="member-card__image" eager={eager} />
      <h2 className="member-card__name">{member.path ? <Link to={member.path}>{member.name}</Link> : member.name}</h2>
      {member.role ? <p className="member-card__role">{member.role}</p> : null}
    </article>
  );
}
