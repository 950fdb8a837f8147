import type { BuiltAvailability } from "@mainstreet/rules/orders/live-availability";

/**
 * What a served page (its inline loader, written at build: node/html-output.ts), its page watcher
 * (runtime/page-watch.ts) and its app agree on about when the app starts. A page's HTML works on its own; the
 * app (React and Gatsby's runtime) starts when the visitor first touches, types or tabs, or at once where the
 * page needs it (these markers, the visitor's own state, facts changed since the build).
 */

/** The loader's function that starts the app (once; later calls do nothing). */
export const START_APP_GLOBAL = "___mainstreetStartApp";

/** Set on <html> once React has taken the page over (onInitialClientRender): the page watcher stops there. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/**
 * On an element whose content needs the app as soon as the page has loaded (the checkout reads the cart, the
 * order page the order, the booking page the free times): the loader starts the app at once.
 */
export const CODE_AT_LOAD_ATTRIBUTE = "data-code-at-load";

/**
 * Names a deferred part whose code must run for the visitor to see it right once it nears the screen
 * (hydration/deferred.tsx, `when: "visible"`: an Add button, which reads what sold out since the build). As one
 * comes near, the page watcher asks the service what is sold out and starts the app only if that differs from
 * what the build shows.
 */
export const VISIBLE_PART_ATTRIBUTE = "data-deferred-part";

/**
 * Names the code of a deferred part that waits for the visitor's touch (hydration/deferred.tsx, `code`: "part-"
 * and the file its `import()` loads). The build finds the files of that `import()` (node/part-code.ts) and the
 * page watcher prefetches them as the part nears the screen, so a tap on one (a Like, the header's menu, a form)
 * waits for no download of its part once the app has started; the app does the same on its later pages
 * (prefetchPartsInView).
 */
export const PART_CODE_ATTRIBUTE = "data-part-code";

/** How a part's code name begins: "part-" and the file its `import()` loads, without extension. */
export const PART_CODE_PREFIX = "part-";

/** What the page watcher knows of the site, written into its file at build (node/page-watch-bundle.ts). */
export interface PageWatchConfig {
  siteId: string;
  /** The revision of the facts the build was made from (null: the data file the service started with). */
  builtRevision: number | null;
  locale: string;
  apiBase: string;
  /** The site's prebuilt open schedules, one per location (the layout's query has the same). */
  schedules: readonly unknown[];
  /** What the build's menu cards show (sold out, taking orders); null where the site takes no online orders. */
  ordering: BuiltAvailability | null;
  /** The script files of each touch part's code, by chunk name (`part-…`), as the build wrote them (URLs). */
  partCode: Readonly<Record<string, readonly string[]>>;
}
