/**
 * What the core assumes about the page Gatsby's browser runtime renders: the ids of the elements it mounts
 * the app into. The browser code imports this file only (index.ts beside it is the build's half), so the
 * names are checked by the same contract test as the webpack ones and cost a page a few bytes.
 */

/** The element Gatsby's default HTML gives the app (`cache-dir/default-html.js`). */
export const GATSBY_ROOT_ID = "___gatsby";

/** The wrapper Gatsby's root renders around the page, empty when it client-renders (`cache-dir/root.js`). */
export const GATSBY_FOCUS_WRAPPER_ID = "gatsby-focus-wrapper";
