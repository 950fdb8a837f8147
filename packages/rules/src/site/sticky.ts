import { NAVIGATION } from "../business/constants";

/**
 * The scroll-triggered navigation style applies once the page has scrolled past the offset (SPEC §4). Its own
 * module: every page reads it, and the menus' rules (navigation-ui.ts) come only with the menus' code.
 */
export function isStickyAt(scrollY: number, offsetPx: number = NAVIGATION.stickyOffsetPx): boolean {
  return scrollY > offsetPx;
}
