import { linkClickEvent, type LinkClick } from "@mainstreet/rules/site/link-analytics";
import { track } from "./analytics";

/**
 * The part of link tracking that names the event and sends it: loaded on the first link a visitor reaches
 * for (link-tracking.ts), so a page that is only read never downloads it. Returns whether an event was sent.
 */
export function trackLinkClick(click: LinkClick): boolean {
  const result = linkClickEvent(click);
  if (!result) return false;
  track(result.event);
  return true;
}
