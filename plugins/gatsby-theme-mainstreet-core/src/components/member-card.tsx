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

<<<<<<< ours
/** `Maya Okafor` → `MO`, `José Núñez` → `JN`, `Cher` → `C`: the first letters of the first and last names. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word)[0] ?? "").join("").toLocaleUpperCase();
}

/**
 * A member's portrait, or, without a photo, their initials on the recipe's soft brand colour in the same box:
 * a card without a picture read as one whose picture had failed. The initials are decoration (the name follows
 * as the card's heading, or as the booking flow's choice), so assistive technology skips them.
 */
export function MemberPortrait({ member, eager = false }: { member: Pick<MemberData, "name" | "image">; eager?: boolean }) {
  if (member.image?.file?.childImageSharp?.gatsbyImageData) return <Picture image={member.image} className="member-card__image" eager={eager} />;
  return (
    <div className="member-card__image member-card__monogram" aria-hidden="true">
      {initials(member.name)}
    </div>
  );
}

=======
>>>>>>> theirs
/** `eager`: the first card of the team page, its largest paint. */
export function MemberCard({ member, eager = false }: { member: MemberData; eager?: boolean }) {
  return (
    <article className="member-card">
<<<<<<< ours
      <MemberPortrait member={member} eager={eager} />
=======
      <MemberPortrait name={member.name} image={member.image} className="member-card__image" eager={eager} />
>>>>>>> theirs
      <h2 className="member-card__name">{member.path ? <Link to={member.path}>{member.name}</Link> : member.name}</h2>
      {member.role ? <p className="member-card__role">{member.role}</p> : null}
    </article>
  );
}
