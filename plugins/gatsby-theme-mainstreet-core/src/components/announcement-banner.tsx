import React, { useEffect, useRef } from "react";
import { Link } from "gatsby";
import { normalizeLinkUrl } from "@mainstreet/rules/links";
import type { TimedElementSettings } from "@mainstreet/rules/timed-element-state";
import { Icon } from "./icons";
import { TimedElement, type TimedElementApi } from "./timed-element";

export interface AnnouncementData {
  title?: string | null;
  text: string;
  link?: { url: string; label: string } | null;
  /** Resolved at build: the window's start and end are instants (the core theme's src/node/gatsby-nodes.ts). */
  settings: TimedElementSettings;
}

/** `?announcement=show` on any page brings a dismissed announcement back (the force-show action). */
export const FORCE_SHOW_PARAM = "announcement";
export const FORCE_SHOW_VALUE = "show";

export function forceShowRequested(search: string): boolean {
  return new URLSearchParams(search).get(FORCE_SHOW_PARAM) === FORCE_SHOW_VALUE;
}

/** CSS variable with the banner's height: the page pads its end by it so the banner never covers content. */
const HEIGHT_VARIABLE = "--announcement-height";

function AnnouncementCard({ announcement, dismiss }: { announcement: AnnouncementData; dismiss: TimedElementApi["dismiss"] }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    const root = document.documentElement;
    if (!element) return undefined;
    // Rounded up: a fractional height rounded down would let the banner cover the page's last pixel row.
    const update = () => root.style.setProperty(HEIGHT_VARIABLE, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    update();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(HEIGHT_VARIABLE);
    };
  }, []);

  const link = announcement.link ? normalizeLinkUrl(announcement.link.url) : null;
  const internal = link?.href?.startsWith("/") ?? false;
  const tracking = { "data-event-category": "Announcement", "data-event-action": "Open announcement" };
  return (
    <aside ref={ref} className="announcement" aria-label="Announcement">
      <div className="announcement__inner container">
        <div className="announcement__text">
          {announcement.title ? <p className="announcement__title">{announcement.title}</p> : null}
          <p className="announcement__body">{announcement.text}</p>
        </div>
        {link?.href && announcement.link ? (
          internal ? (
            <Link className="button button--light button--small" to={link.href} {...tracking}>
              {announcement.link.label}
            </Link>
          ) : (
            <a className="button button--light button--small" href={link.href} target="_blank" rel="noopener noreferrer" {...tracking}>
              {announcement.link.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )
        ) : null}
        <button type="button" className="icon-button icon-button--on-dark announcement__close" aria-label="Dismiss announcement" onClick={dismiss}>
          <Icon name="close" size={20} />
        </button>
      </div>
    </aside>
  );
}

/** The announcement banner (SPEC §2 Layout): a timed element pinned to the bottom of the viewport. */
export function AnnouncementBanner({ announcement }: { announcement?: AnnouncementData | null }) {
  if (!announcement?.text) return null;
  const forceShow = typeof window !== "undefined" && forceShowRequested(window.location.search);
  return (
    <TimedElement settings={announcement.settings} forceShow={forceShow}>
      {({ dismiss }) => <AnnouncementCard announcement={announcement} dismiss={dismiss} />}
    </TimedElement>
  );
}
