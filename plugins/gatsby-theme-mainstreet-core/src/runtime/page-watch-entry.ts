import { START_APP_GLOBAL, type PageWatchConfig } from "../data/page-start";
import { watchPage } from "./page-watch";

/** The site's facts for the watcher, written into this file at build (node/page-watch-bundle.ts). */
declare const __MAINSTREET_PAGE_WATCH__: PageWatchConfig;

const page = window as unknown as Record<string, unknown>;
watchPage(__MAINSTREET_PAGE_WATCH__, {
  start: () => (page[START_APP_GLOBAL] as (() => void) | undefined)?.(),
});
