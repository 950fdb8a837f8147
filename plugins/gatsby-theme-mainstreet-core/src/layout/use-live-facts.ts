import { useEffect, useState } from "react";
import type { LiveFactsView } from "../hooks/live-facts-context";
import type { BuiltAnnouncement, BuiltLocation } from "../runtime/live-facts";

/**
 * The service's answer, null when there is none (unreachable, refused, or no fetch at all: the page keeps what
 * the build says). It is cacheable for 30 seconds (`Cache-Control: public, max-age=30`), so the pages a visitor
 * opens within that time are answered by the browser's cache, not the service.
 */
function readFacts(siteId: string): Promise<unknown> {
  // The API base as runtime/api-read.ts reads it; that module is a chunk of its own, and this runs on every page.
  const base = process.env.GATSBY_API_BASE || "/api/";
  const url = `${base.endsWith("/") ? base : `${base}/`}businesses/${encodeURIComponent(siteId)}/site-facts/`;
  return Promise.resolve()
    .then(() => fetch(url))
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .catch(() => null);
}

/** The revision an answer's facts come from (null: the data file the service started with). */
const revisionOf = (reply: unknown): unknown => (reply && typeof reply === "object" ? (reply as { revision?: unknown }).revision : undefined);

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
    readFacts(siteId)
      .then((reply) => {
        const revision = revisionOf(reply);
        if (revision === undefined || revision === (builtRevision ?? null)) return null;
        return import("../runtime/live-facts").then((rules) => rules.loadLiveFacts(reply, locations, locale, announcement));
      })
      .then((next) => current && next && setView(next), () => undefined);
    return () => {
      current = false;
    };
  }, [siteId, builtRevision, locations, locale, announcement, path]);
  return view;
}
