import React from "react";
import { Link } from "gatsby";
import type { TimedElementSettings } from "@mainstreet/rules/site/timed-element-state";
import { Icon } from "../components/icons";
import type { TimedElementApi } from "../components/timed-element";

export interface AnnouncementData {
  title?: string | null;
  text: string;
  /** Its target worked out at build (normalizeLinkUrl): `internal` for a path on this site. */
  link?: { url: string; label: string; href: string; internal: boolean } | null;
  /** Resolved at build: the window's start and end are instants (the core theme's src/node/gatsby-nodes.ts). */
  settings: TimedElementSettings;
  /** Whether its window was open at build, so the page's HTML holds its place (holdsPlaceAtBuild). */
  holdsPlace?: boolean;
}


/** The announcement's bar: its text, its link and the dismiss button (announcement-banner.tsx shows it). */
export default function AnnouncementBar({ announcement, dismiss }: { announcement: AnnouncementData; dismiss: TimedElementApi["dismiss"] }) {
  const link = announcement.link;
  const internal = link?.internal ?? false;
  const tracking = { "data-event-category": "Announcement", "data-event-action": "Open announcement" };
  const className = ["announcement", announcement.title ? "announcement--titled" : ""].filter(Boolean).join(" ");
  // Until it shows, the timed element's wrapper keeps it unseen and unread (no landmark).
  return (
    <aside className={className} aria-label="Announcement">
      <div className="announcement__inner container">
        <p className="announcement__text">
          {announcement.title ? (
            <>
              <strong className="announcement__title">{announcement.title}</strong>
              <span className="announcement__separator" aria-hidden="true">
                {" · "}
              </span>
            </>
          ) : null}
          <span className="announcement__body">{announcement.text}</span>
        </p>
        {link ? (
          internal ? (
            <Link className="announcement__link" to={link.href} {...tracking}>
              {link.label}
            </Link>
          ) : (
            <a className="announcement__link" href={link.href} target="_blank" rel="noopener noreferrer" {...tracking}>
              {link.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )
        ) : null}
        <button type="button" className="icon-button icon-button--on-dark announcement__close" aria-label="Dismiss announcement" onClick={dismiss}>
          <Icon name="close" size={18} />
        </button>
      </div>
    </aside>
  );
}
