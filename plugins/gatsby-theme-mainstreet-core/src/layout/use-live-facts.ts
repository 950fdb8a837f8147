import { useEffect, useState } from "react";
import type { LiveFactsView } from "../hooks/live-facts-context";
import type { BuiltAnnouncement, BuiltLocation } from "../runtime/live-facts";

/**
 * The facts the owner changed since the build (hours, special hours, the announcement), read after the page is
 * up and again on every page change (one answer shared for 30 seconds); null until they come. The reader is a
 * chunk of its own, fetched then: the first load of every page (the menu pages' budget) carries only this.
 */
export function useLiveFacts(siteId: string, locations: readonly BuiltLocation[], locale: string, announcement: BuiltAnnouncement | null | undefined, path: string): LiveFactsView | null {
  const [view, setView] = useState<LiveFactsView | null>(null);
  useEffect(() => {
    let current = true;
    // The same answer again is the same object, so it renders nothing; a chunk or a call that fails leaves the
    // page as it was built.
    import("../runtime/live-facts")
      .then((rules) => rules.loadLiveFacts(siteId, locations, locale, announcement))
      .then((next) => current && next && setView(next), () => undefined);
    return () => {
      current = false;
    };
  }, [siteId, locations, locale, announcement, path]);
  return view;
}
