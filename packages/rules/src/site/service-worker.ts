/**
 * What the site's service worker does with each request (SPEC §4 Service worker, §9): which requests it
 * caches, how, and what a visitor without a connection gets. Pure, so the policy is tested here and the
 * worker (the core theme's src/service-worker/sw.ts) only carries it out.
 *
 * - A page (a navigation) comes from the network when there is one, so a visitor always reads the latest
 *   build, and from the cache when there is none: the page's own HTML, which hydrates in place. A page
 *   never visited falls back to the offline page.
 * - Page data and static-query results follow the same rule (they change with every build).
 * - Content-hashed scripts, styles and fonts never change under their url: cached on first use.
 * - Images are cached too, and refreshed in the background.
 * - The API and everything else goes to the network untouched: orders, forms and slots are never answered
 *   from a cache.
 * - The merchant workspace (MANAGE_PATH) is not the site: the visitors' worker leaves it to the network,
 *   so its pages and code never sit in the site's caches.
 */
import { MANAGE_PATH } from "../workspace/workspace";

/** Where a visitor without a connection lands when the page was never saved. */
export const OFFLINE_PAGE_PATH = "/offline/";

export const SERVICE_WORKER_CACHES = {
  pages: { name: "mainstreet-pages", maxEntries: 60, networkTimeoutSeconds: 4 },
  pageData: { name: "mainstreet-page-data", maxEntries: 120, networkTimeoutSeconds: 4 },
  assets: { name: "mainstreet-assets", maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 60 },
  images: { name: "mainstreet-images", maxEntries: 120, maxAgeSeconds: 60 * 60 * 24 * 30 },
} as const;

export type ServiceWorkerRoute = "page" | "page-data" | "asset" | "image" | "network";

export interface RequestFacts {
  /** The request's url path (no query). */
  pathname: string;
  /** Same origin as the site. */
  sameOrigin: boolean;
  /** The request's mode: "navigate" for a page load. */
  mode: string;
  method: string;
}

const HASHED_ASSET = /^\/[^/]*[-.][0-9a-f]{8,}\.(?:js|css)$/;
const IMAGE = /\.(?:png|jpe?g|webp|avif|gif|svg|ico)$/i;

/**
 * The route a request takes. `apiBase` is the API's path prefix on this origin (`/api/`); a site whose API
 * lives on another origin has nothing of it to exclude here (other origins are never cached).
 */
export function serviceWorkerRoute(request: RequestFacts, apiBase: string): ServiceWorkerRoute {
  if (request.method !== "GET" || !request.sameOrigin) return "network";
  const path = request.pathname;
  if (apiBase.startsWith("/") && (path === apiBase.replace(/\/$/, "") || path.startsWith(apiBase))) return "network";
  if (path === "/sw.js") return "network";
  if (path === MANAGE_PATH.replace(/\/$/, "") || path.startsWith(MANAGE_PATH)) return "network";
  if (request.mode === "navigate") return "page";
  if (path.startsWith("/page-data/")) return "page-data";
  if (HASHED_ASSET.test(path) || path.startsWith("/fonts/")) return "asset";
  if (path.startsWith("/static/") || path.startsWith("/icons/") || IMAGE.test(path)) return "image";
  return "network";
}
