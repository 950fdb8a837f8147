import React from "react";
import type { HeadFC } from "gatsby";
import { SeoHead } from "../components/seo-head";

/**
 * gatsby-plugin-offline's app shell (/offline-plugin-app-shell-fallback/), served by the service worker
 * for navigations it has no page for; Gatsby then renders the real page into it. The plugin's own shell
 * component has no Head, so its HTML had no <title> (an axe and W3C error); this one is the same empty
 * body with the business's title, kept out of search results.
 */
export default function AppShell() {
  return <></>;
}

export const Head: HeadFC = ({ location }) => <SeoHead title="" path={location.pathname} noIndex />;
