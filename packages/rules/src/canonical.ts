/**
 * The canonical link (SPEC §2 Routing behaviour): the site host plus the page path, query string
 * stripped, hash kept. `path` may be a page's declared canonical path (an item listed under two
 * categories names its first page) or the current path.
 */
export function canonicalUrl(siteUrl: string, path: string, hash: string = ""): string {
  const base = siteUrl.trim().replace(/\/+$/, "");
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? "";
  const cleanPath = `/${withoutQuery.replace(/^\/+/, "")}`.replace(/\/{2,}/g, "/");
  const fragment = hash && hash !== "#" ? (hash.startsWith("#") ? hash : `#${hash}`) : "";
  return `${base}${cleanPath}${fragment}`;
}

/** Re-applies the current hash to a canonical url the page head rendered (which never has one). */
export function withCurrentHash(canonical: string, hash: string): string {
  const [withoutHash] = canonical.split("#", 1);
  const [withoutQuery] = withoutHash.split("?", 1);
  const fragment = hash && hash !== "#" ? hash : "";
  return `${withoutQuery}${fragment}`;
}
