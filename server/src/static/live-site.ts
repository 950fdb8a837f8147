import { mkdtempSync, readlinkSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { cacheControlFor } from "./static.plugin";
import { isDirectory } from "../files";

/**
 * Which folder the service serves as the public site (docs/publishing.md "Serving"). A published business is
 * served from its `live` link (<SITES_DIR>/<business>/live), resolved by the file system on every request, so
 * a publish or rollback is served from the next request on and no request sees half of two versions. A
 * business with no published version is served from PUBLIC_DIR as before (`npm start` on a fresh machine).
 *
 * The static handler's root is fixed when it is registered, so each business is served through a link of
 * this process's own (in a temporary folder): it points at PUBLIC_DIR until the business's first version goes
 * live, then at its `live` link, switched by `refresh`: one existence check per request, for the business the
 * request's host is served from, until then (never a check of every business, whatever their number).
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
  /** Points the link of the business `host` is served from at its `live` link, once its first version went live. */
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

/** Replaces `link` with one pointing at `target`, in one rename. */
function pointLink(link: string, target: string): void {
  const next = `${link}.next`;
  rmSync(next, { force: true });
  symlinkSync(target, next);
  renameSync(next, link);
}

export function servedSites(options: { sitesDir: string; publicDir: string | null; businesses: readonly SiteBusiness[] }): ServedSites {
  const linksDir = mkdtempSync(join(tmpdir(), "mainstreet-serving-"));
  // A business with neither a version nor PUBLIC_DIR points nowhere yet: requests answer 404 until it publishes.
  const fallback = options.publicDir ?? join(linksDir, ".nothing-published");
  const waiting = new Map<string, { link: string; live: string }>();
  const links = new Map<string, string>();
  for (const business of options.businesses) {
    const live = join(resolve(options.sitesDir), business.id, "live");
    const link = join(linksDir, business.id);
    const published = isDirectory(live);
    pointLink(link, published ? live : fallback);
    if (!published) waiting.set(business.id, { link, live });
    links.set(business.id, link);
  }
  const byHost = options.businesses.flatMap((business) =>
    business.domains.flatMap((domain) => {
      const host = hostOf(domain);
      return host === null ? [] : [{ host, root: links.get(business.id) as string }];
    }),
  );
  const onlyId = options.businesses.length === 1 ? options.businesses[0].id : null;
  const only = onlyId === null ? null : (links.get(onlyId) as string);
  const defaultRoot = only ?? options.publicDir;
  const rootByHost = new Map<string, string>();
  const idByHost = new Map<string, string>();
  for (const business of options.businesses) {
    for (const domain of business.domains) {
      const host = hostOf(domain);
      if (host === null || rootByHost.has(host)) continue;
      rootByHost.set(host, links.get(business.id) as string);
      idByHost.set(host, business.id);
    }
  }
  return {
    defaultRoot,
    byHost,
    rootFor(host) {
      return rootByHost.get(host?.toLowerCase() ?? "") ?? defaultRoot;
    },
    refresh(host) {
      const id = idByHost.get(host?.toLowerCase() ?? "") ?? onlyId;
      const pending = id === null ? undefined : waiting.get(id);
      if (id === null || !pending || !isDirectory(pending.live)) return;
      if (readlinkSync(pending.link) !== pending.live) pointLink(pending.link, pending.live);
      waiting.delete(id);
    },
    close() {
      rmSync(linksDir, { recursive: true, force: true });
    },
  };
}

type SiteHandler = Parameters<ReturnType<Parameters<FastifyInstance["addConstraintStrategy"]>[0]["storage"]>["set"]>[1];

/** The router constraint of a request to one of the businesses' own host names. */
const BUSINESS_SITE = "businessSite";

/**
 * Serves every business's own host names through one route, the folder picked from the request's host (as the
 * previews are): one registration per host name would stop the start past 31 of them, the router's limit of
 * handlers with constraints on one route. Each file with the site's own static handling (`reply.sendFile`:
 * index files, `/about` → `/about/`, precompressed copies) and the site's cache headers. Needs `reply.sendFile`.
 */
export async function registerBusinessSites(app: FastifyInstance, sites: ServedSites): Promise<void> {
  if (sites.byHost.length === 0) return;
  const hosts = new Set(sites.byHost.map((site) => site.host));
  app.addConstraintStrategy({
    name: BUSINESS_SITE,
    storage() {
      const handlers = new Map<unknown, SiteHandler>();
      return {
        get: (value: unknown) => handlers.get(value) ?? null,
        set: (value: unknown, handler: SiteHandler) => {
          handlers.set(value, handler);
        },
      };
    },
    deriveConstraint: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const host = request.headers.host;
      return typeof host === "string" && hosts.has(host.toLowerCase()) ? "yes" : undefined;
    },
    mustMatchWhenDerived: false,
  });
  await app.register(async (scope) => {
    scope.addHook("onSend", async (request, reply, payload) => {
      // A file sent: cached as the site's files are (the sending registration's own headers name another folder).
      if (reply.statusCode < 300 || reply.statusCode === 304) reply.header("cache-control", cacheControlFor(request.url.split("?")[0]));
      return payload;
    });
    scope.get("/*", { constraints: { [BUSINESS_SITE]: "yes" } }, async (request, reply) => {
      const path = (request.params as { "*"?: string })["*"] ?? "";
      return reply.sendFile(`/${path}`, sites.rootFor(request.headers.host) as string);
    });
  });
}
