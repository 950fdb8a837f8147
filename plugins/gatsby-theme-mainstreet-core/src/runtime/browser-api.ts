import type { GatsbyBrowser } from "gatsby";
import { navigate } from "gatsby";
import "./runtime.css";
import { finishPageTransition, installPageTransition } from "./page-transition";
import { installCanonicalSync, syncCanonical } from "./canonical-sync";
import { installLinkTracking, warnWhenAnalyticsOff } from "./analytics";

/**
 * Site-wide browser behaviour of SPEC §2/§4 that is not the recipe's business. Page-data fetching and
 * its retries, prefetch rules, scroll restoration, the route announcer and the service-worker reload
 * after a deploy are Gatsby's own runtime; e2e tests prove they behave as the spec says.
 */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  // Gatsby restores scroll positions itself, per history entry. Left on "auto", the browser also
  // restores on back/forward, before Gatsby has swapped the page, and Gatsby's scroll listener then
  // files that position under the page being left: forward again landed 700 px down a page last
  // seen at the top.
  if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  warnWhenAnalyticsOff(process.env.GATSBY_GTM_ID);
  // Tracking listens first so the transition's preventDefault never hides a click from analytics.
  installLinkTracking();
  installPageTransition((to) => {
    void navigate(to);
  });
  installCanonicalSync();
};

/** Marks the document once React has taken over, for scripts and tests that must not act earlier. */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  document.documentElement.dataset.hydrated = "true";
};

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = () => {
  syncCanonical();
  finishPageTransition();
};
