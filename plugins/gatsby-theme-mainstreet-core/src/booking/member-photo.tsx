import React from "react";
import { MemberPortrait } from "../components/member-card";
import type { BookingMember } from "./booking-data";

/**
 * A person's photo beside their name in the person step, or the team grid's initials when they have none;
 * the name is the choice's label, so either is decoration.
 */
export function MemberPhoto({ member }: { member: Pick<BookingMember, "name" | "image"> }) {
  return (
    <span className="booking-choice__photo" aria-hidden="true">
      <MemberPortrait member={{ name: member.name, image: member.image ? { ...member.image, alt: "" } : null }} />
    </span>
  );
}
