/**
 * How long the facts read live are kept: the service's `Cache-Control: max-age` on `GET
 * businesses/{id}/site-facts/`, and how long a page shares one answer. A module of its own, so every page's first
 * load can read it without the reader (live-facts.ts) coming along.
 */
export const LIVE_FACTS_MAX_AGE_MS = 30_000;
