import React, { useContext } from "react";
import { deferred } from "../hydration/deferred";
import { LiveFactsContext } from "../hooks/live-facts-context";
import { TimedElement } from "../components/timed-element";
import { forceShowRequested } from "../components/timed-element-driver";
import type { AnnouncementData } from "./announcement-bar";

// The bar's own code (its link, the dismiss button) comes when the visitor heads for it; when it shows and hides
// is the timed element's, which writes it without the bar's code.
const AnnouncementBar = deferred(() => import("./announcement-bar"), { code: "part-announcement-bar" });

/**
 * The announcement banner (SPEC §2 Layout: at the top, above the navigation): a slim bar in the page flow,
 * never over content. It keeps its place from the server HTML on and only becomes visible when its delay
 * has passed, so showing it moves nothing (keepPlace). Pages where a visitor is paying or reading their
 * order leave it out (`hidden`): a promotion there competes with the one task on the page.
 */
export function AnnouncementBanner({ announcement, hidden = false }: { announcement?: AnnouncementData | null; hidden?: boolean }) {
  const live = useContext(LiveFactsContext);
  if (!announcement?.text || hidden) return null;
  // What the owner published since the build (facts read live): new words in the same place, or, taken down, the
  // place kept empty until the next build (nothing below moves).
  const change = live?.announcement;
  const shown = change === undefined ? announcement : change && { ...announcement, ...change };
  const forceShow = typeof window !== "undefined" && forceShowRequested(window.location.search);
  return (
    <TimedElement
      className={shown ? "announcement-slot" : "announcement-slot announcement-slot--withdrawn"}
      settings={announcement.settings}
      forceShow={forceShow}
      keepPlace={announcement.holdsPlace === true}
    >
      {({ dismiss }) => <AnnouncementBar announcement={shown ?? announcement} dismiss={dismiss} />}
    </TimedElement>
  );
}
