import { useEffect, useState } from "react";
import type { LiveFactsView } from "../hooks/live-facts-context";
import { lazyModule } from "../hydration/lazy-module";
import type { BuiltAnnouncement, BuiltLocation } from "../runtime/live-facts";

// Its own chunk, fetched once the page is up: the first load of every page (menu pages' budget) carries none of it.
const liveFacts = lazyModule(() => import("../runtime/live-facts"));

/**
 * The facts the owner changed since the build (hours, special hours, the announcement), read after the page is
 * up and again on every page change (one answer shared for 30 seconds); null until they come.
 */
export function useLiveFacts(siteId: string, locations: readonly BuiltLocation[], locale: string, announcement: BuiltAnnouncement | null | undefined, path: string): LiveFactsView | null {
  const [view, setView] = useState<LiveFactsView | null>(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      liveFacts
        .load()
        .then((rules) => rules.loadLiveFacts(siteId, locations, locale, announcement))
        .then(
          (next) => {
            // The same answer again is the same object, so it renders nothing.
            if (current && next) setView(next);
          },
          // A chunk or a call that fails leaves the page as it was built.
          () => undefined,
        );
    });
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [siteId, locations, locale, announcement, path]);
  return view;
}
