/** Joins a site url and a path with exactly one slash between them and no repeated slashes in the path. */
export function joinUrl(siteUrl: string, path: string | null | undefined): string {
  const base = siteUrl.trim().replace(/\/+$/, "");
  const cleanPath = `/${(path ?? "").trim().replace(/^\/+/, "")}`.replace(/\/{2,}/g, "/");
  return `${base}${cleanPath}`;
}

/**
 * The canonical link (SPEC §2 Routing behaviour): the site host plus the page path, query string
 * stripped, hash kept. `path` may be a page's declared canonical path (an item listed under two
 * categories names its first page) or the current path.
 */
export function canonicalUrl(siteUrl: string, path: string, hash: string = ""): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? "";
  const fragment = hash && hash !== "#" ? (hash.startsWith("#") ? hash : `#${hash}`) : "";
  return `${joinUrl(siteUrl, withoutQuery)}${fragment}`;
}

/** Re-applies the current hash to a canonical url the page head rendered (which never has one). */
export function withCurrentHash(canonical: string, hash: string): string {
  const [withoutHash] = canonical.split("#", 1);
  const [withoutQuery] = withoutHash.split("?", 1);
  const fragment = hash && hash !== "#" ? hash : "";
  return `${withoutQuery}${fragment}`;
}
