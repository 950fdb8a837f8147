import { useEffect, useState } from "react";
import { LIVE_FACTS_MAX_AGE_MS } from "@mainstreet/rules/hours/live-facts-age";
import type { LiveFactsView } from "../hooks/live-facts-context";
import type { BuiltAnnouncement, BuiltLocation } from "../runtime/live-facts";

/** One answer per site, shared by the pages a visitor opens within 30 seconds; null when there is none. */
let shared: { siteId: string; at: number; reply: Promise<unknown> } | null = null;

function readFacts(siteId: string, now: number): Promise<unknown> {
  if (shared && shared.siteId === siteId && now - shared.at < LIVE_FACTS_MAX_AGE_MS) return shared.reply;
  // The API base as runtime/api-read.ts reads it; that module is a chunk of its own, and this runs on every page.
  const base = process.env.GATSBY_API_BASE || "/api/";
  const url = `${base.endsWith("/") ? base : `${base}/`}businesses/${encodeURIComponent(siteId)}/site-facts/`;
  // Unreachable, refused or no fetch at all: the page keeps what the build says.
  const reply = Promise.resolve()
    .then(() => fetch(url, { headers: { accept: "application/json" } }))
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .catch(() => null);
  shared = { siteId, at: now, reply };
  return reply;
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
    readFacts(siteId, Date.now())
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

/** Forgets the shared answer (tests). */
export function resetLiveFactsReads(): void {
  shared = null;
}
