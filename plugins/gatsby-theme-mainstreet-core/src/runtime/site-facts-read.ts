/**
 * A public GET of the API service, its JSON or null when there is none (unreachable, refused, not JSON: the page
 * keeps what the build says). For what the page and its watcher read once it has loaded, without the app's
 * api-read.ts (a chunk of its own).
 */
export function readService(apiBase: string, path: string): Promise<unknown> {
  const url = `${apiBase.endsWith("/") ? apiBase : `${apiBase}/`}${path}`;
  return Promise.resolve()
    .then(() => fetch(url))
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .catch(() => null);
}

/**
 * The service's answer about the site's facts (hours, special hours, the announcement). It is cacheable for 30
 * seconds (`Cache-Control: public, max-age=30`), so the pages a visitor opens within that time, and the app asking
 * again after the page did (runtime/page-watch.ts), are answered by the browser's cache, not the service.
 */
export const readSiteFacts = (apiBase: string, siteId: string): Promise<unknown> => readService(apiBase, `businesses/${encodeURIComponent(siteId)}/site-facts/`);

/** The revision an answer's facts come from (null: the data file the service started with; undefined: no answer). */
const revisionOf = (reply: unknown): unknown => (reply && typeof reply === "object" ? (reply as { revision?: unknown }).revision : undefined);

/** Whether an answer says the owner changed the facts since the build (the usual answer: no). */
export function factsChangedSinceBuild(reply: unknown, builtRevision: number | null | undefined): boolean {
  const revision = revisionOf(reply);
  return revision !== undefined && revision !== (builtRevision ?? null);
}
