import React from "react";
import { Link } from "gatsby";
import type { TimedElementSettings } from "@mainstreet/rules/timed-element-state";
import { Icon } from "./icons";
import { TimedElement, type TimedElementApi } from "./timed-element";

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

/** `?announcement=show` on any page brings a dismissed announcement back (the force-show action). */
export const FORCE_SHOW_PARAM = "announcement";
export const FORCE_SHOW_VALUE = "show";

export function forceShowRequested(search: string): boolean {
  return new URLSearchParams(search).get(FORCE_SHOW_PARAM) === FORCE_SHOW_VALUE;
}

function AnnouncementBar({ announcement, dismiss }: { announcement: AnnouncementData; dismiss: TimedElementApi["dismiss"] }) {
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

/**
 * The announcement banner (SPEC §2 Layout: at the top, above the navigation): a slim bar in the page flow,
 * never over content. It keeps its place from the server HTML on and only becomes visible when its delay
 * has passed, so showing it moves nothing (keepPlace). Pages where a visitor is paying or reading their
 * order leave it out (`hidden`): a promotion there competes with the one task on the page.
 */
export function AnnouncementBanner({ announcement, hidden = false }: { announcement?: AnnouncementData | null; hidden?: boolean }) {
  if (!announcement?.text || hidden) return null;
  const forceShow = typeof window !== "undefined" && forceShowRequested(window.location.search);
  return (
    <TimedElement className="announcement-slot" settings={announcement.settings} forceShow={forceShow} keepPlace={announcement.holdsPlace === true}>
      {({ dismiss }) => <AnnouncementBar announcement={announcement} dismiss={dismiss} />}
    </TimedElement>
  );
}
