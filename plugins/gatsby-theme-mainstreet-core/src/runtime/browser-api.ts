import { startTransition, type ReactElement } from "react";
import type { GatsbyBrowser } from "gatsby";
import { navigate } from "gatsby";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { GATSBY_FOCUS_WRAPPER_ID } from "../gatsby-internals/dom";
import { markInitialHydrationDone, openWaitingDeferred, prefetchPartsInView, preloadVisibleParts } from "../hydration/deferred";
import "./runtime.css";
import { finishPageTransition, installPageTransition } from "./page-transition";
import { installCanonicalSync, syncCanonical } from "./canonical-sync";
import { installLinkTracking } from "./link-tracking";

/**
 * Site-wide browser behaviour of SPEC §2/§4 that is not the recipe's business. Page-data fetching and
 * its retries, prefetch rules, scroll restoration, the route announcer and the service-worker reload
 * after a deploy are Gatsby's own runtime; e2e tests prove they behave as the spec says.
 */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  // Gatsby restores scroll positions itself, per history entry. Left on "auto", the browser also
  // restores on back/forward, before Gatsby has swapped the page, and Gatsby's scroll listener then
  // files that position under the page being left: forward again would land far down a page last
  // seen at the top.
  if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  // The tag-manager id is a constant of the build (onCreateWebpackConfig defines it): without one, nothing
  // reads the data layer, and the link tracking is not even in the bundle. Tracking listens first so the
  // transition's preventDefault never hides a click from analytics.
  if (process.env.GATSBY_GTM_ID) installLinkTracking();
  else warnAnalyticsOff();
  installPageTransition((to) => {
    void navigate(to);
  });
  installCanonicalSync();
  // Deferred parts the layout keeps across pages (the footer's sign-up form) load as the visitor leaves,
  // so the next page renders them with their code already there (hydration/deferred.tsx).
  document.addEventListener(
    "click",
    (event) => {
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (anchor && anchor.origin === window.location.origin) openWaitingDeferred();
    },
    true,
  );
  window.addEventListener("popstate", openWaitingDeferred);
};

/** SPEC §8: a console warning when no analytics provider / id is configured. */
function warnAnalyticsOff(): void {
  console.warn("Analytics: no tag-manager id is configured (GATSBY_GTM_ID); link clicks are not tracked, and form events stay in window.dataLayer unsent.");
}

/** Marks the document once React has taken over, for scripts and tests that must not act earlier. */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  // The page watcher stops on this mark (HYDRATED_ATTRIBUTE, runtime/page-watch.ts): the layout's own hours and
  // timed elements run from this commit on (their effects came first).
  markInitialHydrationDone();
  document.documentElement.dataset.hydrated = "true";
  prefetchPartsInView();
};

/**
 * React's "recoverable" errors, minus one we cause on purpose: a deferred part (hydration/deferred.tsx)
 * that is still unhydrated when the visitor moves to another page gets the new page's context before its
 * code has arrived, and React renders it from scratch instead of hydrating it (error 421). That is the
 * intended outcome, not a fault; anything else is still reported.
 */
function reportRecoverableError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (/\b421\b|before it finished hydrating/.test(message)) return;
  console.error(error);
}

/**
 * Gatsby's own choice (hydrate server HTML, else render an empty shell), with React's recoverable errors
 * filtered. Hydration runs as a transition: React 18 hydrates a root in one uninterrupted task otherwise (its
 * default lane is a blocking one), which on a mid-range phone blocks the main thread for a long task; as a
 * transition it works in short slices and yields to the visitor's input, hydrating first whatever part they touch.
 *
 * Gatsby calls this for every root it makes, not only the page's: `gatsby develop` renders its loading
 * indicators into new, empty elements of their own. Only a container that holds the page's server HTML is
 * hydrated; hydrating an empty one is a mismatch that makes React throw the server HTML away. The returned
 * function unmounts the root, as Gatsby's default does, for the roots Gatsby removes again.
 */
function hydrateOrRender(element: ReactElement, container: Element): () => void {
  const focusWrapper = container.querySelector(`#${GATSBY_FOCUS_WRAPPER_ID}`);
  if (focusWrapper && focusWrapper.children.length > 0) {
    let root: Root | null = null;
    let unmounted = false;
    // Parts that must run to look right and are already on screen hydrate with the page: one commit, not two.
    void preloadVisibleParts().then(() => {
      if (unmounted) return;
      startTransition(() => {
        root = hydrateRoot(container, element, { onRecoverableError: reportRecoverableError });
      });
    });
    return () => {
      unmounted = true;
      root?.unmount();
    };
  }
  const root = createRoot(container);
  root.render(element);
  return () => root.unmount();
}

// Untyped on purpose: Gatsby's types still describe React 17's ReactDOM.render as the renderer.
export function replaceHydrateFunction() {
  return hydrateOrRender;
}

/**
 * Gatsby registers /sw.js (the core theme's own worker, src/service-worker/) when a plugin asks for it, and
 * flags a reload on the next navigation when a new build's worker installs (SPEC §4).
 */
export const registerServiceWorker: GatsbyBrowser["registerServiceWorker"] = () => true;

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = () => {
  syncCanonical();
  finishPageTransition();
};
