import { existsSync, mkdtempSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * Which folder the service serves as the public site (docs/publishing.md "Serving"). A published business is
 * served from its `live` link (<SITES_DIR>/<business>/live), resolved by the file system on every request, so
 * a publish or rollback is served from the next request on and no request sees half of two versions. A
 * business with no published version is served from PUBLIC_DIR as before (`npm start` on a fresh machine).
 *
 * The static handler's root is fixed when it is registered, so each business is served through a link of
 * this process's own (in a temporary folder): it points at PUBLIC_DIR until the business's first version goes
 * live, then at its `live` link, switched by `refresh` for the business a request is for (one existence check
 * per request to a business that has not published yet, none otherwise, whatever the number of businesses).
 */

export interface SiteBusiness {
  id: string;
  /** The site's web addresses (the data file's `domains`), `https://www.example.com` or `example.com`. */
  domains: readonly string[];
}

export interface ServedSites {
  /** Served for any host name no business claims: the one business's link, else PUBLIC_DIR (or nothing). */
  defaultRoot: string | null;
  /** Host name (with its port when it has one) → the link of the business whose domain it is. */
  byHost: { host: string; root: string }[];
  /** The folder a request to `host` is served from (its 404 page too). */
  rootFor(host: string | undefined): string | null;
  /** Points the link of the business `host` is served for at its `live` link, once its first version is live. */
  refresh(host: string | undefined): void;
  /** Removes this process's links. */
  close(): void;
}

function hostOf(domain: string): string | null {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`).host.toLowerCase();
  } catch {
    return null;
  }
}

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** Replaces `link` with one pointing at `target`, in one rename. */
function pointLink(link: string, target: string): void {
  const next = `${link}.next`;
  rmSync(next, { force: true });
  symlinkSync(target, next);
  renameSync(next, link);
}

export function servedSites(options: {
  sitesDir: string;
  publicDir: string | null;
  businesses: readonly SiteBusiness[];
  /** Whether a `live` link exists yet (the file system; a test counts the checks). */
  isPublished?: (live: string) => boolean;
}): ServedSites {
  const isPublished = options.isPublished ?? isDirectory;
  const linksDir = mkdtempSync(join(tmpdir(), "mainstreet-serving-"));
  // A business with neither a version nor PUBLIC_DIR points nowhere yet: requests answer 404 until it publishes.
  const fallback = options.publicDir ?? join(linksDir, ".nothing-published");
  const waiting = new Map<string, { link: string; live: string }>();
  const links = new Map<string, string>();
  for (const business of options.businesses) {
    const live = join(resolve(options.sitesDir), business.id, "live");
    const link = join(linksDir, business.id);
    const published = isPublished(live);
    pointLink(link, published ? live : fallback);
    if (!published) waiting.set(business.id, { link, live });
    links.set(business.id, link);
  }
  const hosts = new Map<string, { id: string; root: string }>();
  for (const business of options.businesses) {
    for (const domain of business.domains) {
      const host = hostOf(domain);
      if (host !== null && !hosts.has(host)) hosts.set(host, { id: business.id, root: links.get(business.id) as string });
    }
  }
  const only = options.businesses.length === 1 ? options.businesses[0].id : null;
  const defaultRoot = only ? (links.get(only) as string) : options.publicDir;
  const businessFor = (host: string | undefined) => (host ? hosts.get(host.toLowerCase())?.id : undefined) ?? only;
  return {
    defaultRoot,
    byHost: [...hosts].map(([host, { root }]) => ({ host, root })),
    rootFor(host) {
      return (host ? hosts.get(host.toLowerCase())?.root : undefined) ?? defaultRoot;
    },
    refresh(host) {
      const id = businessFor(host);
      const entry = id === null ? undefined : waiting.get(id);
      if (!entry || !isPublished(entry.live)) return;
      if (readlinkSync(entry.link) !== entry.live) pointLink(entry.link, entry.live);
      waiting.delete(id as string);
    },
    close() {
      rmSync(linksDir, { recursive: true, force: true });
    },
  };
}
