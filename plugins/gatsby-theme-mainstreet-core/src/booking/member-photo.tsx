import React from "react";
import { Picture } from "../components/page-header";
import type { BookingMember } from "./booking-data";

/** A person's photo beside their name in the person step; the name is the choice's label, so the photo is decoration. */
export function MemberPhoto({ member }: { member: Pick<BookingMember, "image"> }) {
  if (!member.image) return <span className="booking-choice__photo booking-choice__photo--none" aria-hidden="true" />;
  return (
    <span className="booking-choice__photo" aria-hidden="true">
      <Picture image={{ ...member.image, alt: "" }} />
    </span>
  );
}
