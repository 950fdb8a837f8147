import React from "react";
import { Picture, type ImageNode } from "./page-header";

/** `Maya Okafor` → `MO`, `José Núñez` → `JN`, `Cher` → `C`: the first letters of the first and last names. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word)[0] ?? "").join("").toLocaleUpperCase();
}

/** How big the portrait is drawn: a team card's, the member's own page, or a round avatar beside a choice. */
type PortraitSize = "card" | "large" | "small";

export interface MemberPortraitProps {
  /** The member's name: the initials come from it when there is no photo. */
  name: string;
  image?: ImageNode | null;
  size?: PortraitSize;
  /** Extra classes for the box (the caller's layout: a card's image slot, a page's picture column). */
  className?: string;
  /** The page's largest paint: loaded at once. */
  eager?: boolean;
}

/**
 * A team member's portrait wherever one is shown: their photo, or, without one, their initials on the recipe's
 * soft brand colour in the same box, so a member without a photo looks as deliberate as one with (a bare card
 * or an empty column read as a picture that had failed). The initials are decoration: the member's name is
 * always written beside them, so assistive technology skips them.
 */
export function MemberPortrait({ name, image, size = "card", className, eager = false }: MemberPortraitProps) {
  const classes = ["member-portrait", `member-portrait--${size}`, className];
  // A round avatar stands beside the person's name, which is the choice's label: its photo is decoration.
  if (image?.file?.childImageSharp?.gatsbyImageData) return <Picture image={size === "small" ? { ...image, alt: "" } : image} className={classes.filter(Boolean).join(" ")} eager={eager} />;
  return (
    <div className={[...classes, "member-portrait--initials"].filter(Boolean).join(" ")} aria-hidden="true">
      {initials(name)}
    </div>
  );
}
