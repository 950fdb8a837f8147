import React from "react";
import { safeHref } from "@mainstreet/rules/site/hrefs";
import { hasIcon, Icon } from "./icons";

export interface SocialLink {
  link: string;
  type: string;
  label?: string;
}

const SOCIAL_LABELS: Record<string, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  twitter: "Twitter",
  x: "X",
  tiktok: "TikTok",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  pinterest: "Pinterest",
  yelp: "Yelp",
  google: "Google",
  tripadvisor: "Tripadvisor",
};

/** The name a social link is announced with: its label, else the network's name, else its address. */
function socialLabel(social: SocialLink): string {
  return social.label?.trim() || SOCIAL_LABELS[social.type] || social.link;
}

/** Social media buttons (SPEC §2 footer): one icon button per network, opening in a new tab. */
export function SocialLinks({ links, className }: { links: SocialLink[]; className?: string }) {
  const usable = links.map((social) => ({ social, href: safeHref(social.link) })).filter((entry) => entry.href);
  if (usable.length === 0) return null;
  return (
    <ul className={["social", className].filter(Boolean).join(" ")} aria-label="Social media">
      {usable.map(({ social, href }) => (
        <li key={href}>
          <a
            href={href ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            className="social__link"
            aria-label={`${socialLabel(social)} (opens in a new tab)`}
          >
            <Icon name={hasIcon(social.type) ? social.type : "link"} size={22} />
          </a>
        </li>
      ))}
    </ul>
  );
}
