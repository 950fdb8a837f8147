import { START_APP_GLOBAL, type PageWatchConfig } from "../data/page-start";
import { LINK_TRACKING_INSTALLED, installLinkTracking } from "./link-tracking";
import { watchPage } from "./page-watch";

/** The site's facts for the watcher, written into this file at build (node/page-watch-bundle.ts). */
declare const __MAINSTREET_PAGE_WATCH__: PageWatchConfig;
/** Whether the site has a tag manager, a constant of the build: without one the link tracking is not in the file. */
declare const __MAINSTREET_TAG_MANAGER__: boolean;

const page = window as unknown as Record<string, unknown>;
watchPage(__MAINSTREET_PAGE_WATCH__, {
  start: () => (page[START_APP_GLOBAL] as (() => void) | undefined)?.(),
});

// A visitor's first click is often on a link, and the app it starts is not running yet when the click comes: the
// watcher tracks link clicks (SPEC §3) until the app's own tracker installs (runtime/browser-api.ts).
if (__MAINSTREET_TAG_MANAGER__) {
  const remove = installLinkTracking();
  window.addEventListener(LINK_TRACKING_INSTALLED, remove, { once: true });
}
