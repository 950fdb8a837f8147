import { useEffect, useState } from "react";
import type { LiveFactsView } from "../hooks/live-facts-context";
import type { BuiltAnnouncement, BuiltLocation } from "../runtime/live-facts";
import { factsChangedSinceBuild, readSiteFacts } from "../runtime/site-facts-read";

// The API base as runtime/api-read.ts reads it; that module is a chunk of its own, and this runs on every page.
const API_BASE = process.env.GATSBY_API_BASE || "/api/";

/**
 * The facts the owner changed since the build (hours, special hours, the announcement), read after the page is
 * up and again on every page change; null until they come, and while they are the build's. The answer names the
 * revision its facts come from: the same as the build's (the usual case) means nothing changed, and only a
 * different one fetches the reader (a chunk of its own) that works out what differs. So the first load of every
 * page (the menu pages' budget) carries only this.
 */
export function useLiveFacts(
  siteId: string,
  builtRevision: number | null | undefined,
  locations: readonly BuiltLocation[],
  locale: string,
  announcement: BuiltAnnouncement | null | undefined,
  path: string,
): LiveFactsView | null {
  const [view, setView] = useState<LiveFactsView | null>(null);
  useEffect(() => {
    let current = true;
    // A chunk or a call that fails leaves the page as it was built; the same answer again is the same view.
    readSiteFacts(API_BASE, siteId)
      .then((reply) => {
        if (!factsChangedSinceBuild(reply, builtRevision)) return null;
        return import("../runtime/live-facts").then((rules) => rules.loadLiveFacts(reply, locations, locale, announcement));
      })
      .then((next) => current && next && setView(next), () => undefined);
    return () => {
      current = false;
    };
  }, [siteId, builtRevision, locations, locale, announcement, path]);
  return view;
}
