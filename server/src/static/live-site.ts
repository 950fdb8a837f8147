import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Which folder the service serves as the public site (docs/publishing.md "Serving"). A published business is
 * served from its `live` link (<SITES_DIR>/<business>/live): the link is the root of every request, so the
 * file system resolves it per request and a publish or rollback is served from the next request on, with
 * no request seeing half of two versions. Without any published version the service serves PUBLIC_DIR as
 * before, so `npm start` works on a fresh machine.
 */

export interface SiteBusiness {
  id: string;
  /** The site's web addresses (the data file's `domains`), `https://www.example.com` or `example.com`. */
  domains: readonly string[];
}

export interface ServedSites {
  /** Served for any host name no business claims: the one business's live version, else PUBLIC_DIR (or nothing). */
  defaultRoot: string | null;
  /** Host name (with its port when it has one) → the live link of the business whose domain it is. */
  byHost: { host: string; root: string }[];
}

function liveRoot(sitesDir: string, businessId: string): string | null {
  const link = join(resolve(sitesDir), businessId, "live");
  return existsSync(link) && statSync(link).isDirectory() ? link : null;
}

function hostOf(domain: string): string | null {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`).host.toLowerCase();
  } catch {
    return null;
  }
}

/** The folders to serve, read when the service starts (a business's first publish is served after a restart). */
export function servedSites(options: { sitesDir: string; publicDir: string | null; businesses: readonly SiteBusiness[] }): ServedSites {
  const live = options.businesses.map((business) => ({ business, root: liveRoot(options.sitesDir, business.id) }));
  const byHost = live.flatMap(({ business, root }) =>
    root === null ? [] : business.domains.flatMap((domain) => {
      const host = hostOf(domain);
      return host === null ? [] : [{ host, root }];
    }),
  );
  const only = live.length === 1 ? live[0].root : null;
  return { defaultRoot: only ?? options.publicDir, byHost };
}
