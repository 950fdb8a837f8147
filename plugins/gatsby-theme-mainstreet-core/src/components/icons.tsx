import React from "react";

/**
 * The recipe's icons: 24×24 line drawings that inherit the text colour. Always decorative: the control
 * around an icon carries the accessible name. Each draws from the page's sprite (icon-paths.tsx).
 */
export const ICON_NAMES = [
  "phone",
  "calendar",
  "menu",
  "close",
  "chevronDown",
  "external",
  "mapPin",
  "mail",
  "clock",
  "arrowRight",
  "play",
  "link",
  "instagram",
  "facebook",
  "tiktok",
  "x",
  "youtube",
  "linkedin",
  "pinterest",
  "yelp",
  "google",
  "tripadvisor",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** The id of an icon's symbol in the page's sprite. */
export const iconSymbolId = (name: IconName) => `icon-${name}`;

export function hasIcon(name: string): name is IconName {
  return (ICON_NAMES as readonly string[]).includes(name);
}

interface IconProps {
  name: string;
  size?: number;
  className?: string;
}

export function Icon({ name, size = 24, className }: IconProps) {
  if (!hasIcon(name)) {
    // SPEC §8: an unknown icon is reported on the console only; the control keeps its text label.
    console.warn(`Could not find icon "${name}"`);
    return null;
  }
  return (
    <svg
      className={["icon", className].filter(Boolean).join(" ")}
      data-icon={name}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`#${iconSymbolId(name)}`} />
    </svg>
  );
}
