import type { GatsbyBrowser } from "gatsby";
import { navigate } from "gatsby";
import "./src/runtime/runtime.css";
import { finishPageTransition, installPageTransition } from "./src/runtime/page-transition";
import { installCanonicalSync, syncCanonical } from "./src/runtime/canonical-sync";
import { installLinkTracking, warnWhenAnalyticsOff } from "./src/runtime/analytics";

/**
 * Site-wide browser behaviour of SPEC §2/§4 that is not the recipe's business. Page-data fetching and
 * its retries, prefetch rules, scroll restoration, the route announcer and the service-worker reload
 * after a deploy are Gatsby's own runtime; e2e tests prove they behave as the spec says.
 */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
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
