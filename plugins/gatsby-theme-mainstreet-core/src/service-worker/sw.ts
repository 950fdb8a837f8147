/// <reference lib="webworker" />
/**
 * The site's service worker, bundled by the build into public/sw.js (service-worker/build.ts). Workbox
 * carries out the policy of @mainstreet/rules/site/service-worker: pages and page data from the network first
 * and from the cache without one (the page's own HTML, which hydrates in place: never an app shell),
 * hashed assets cached on first use, images refreshed in the background, the API never cached.
 *
 * A new build changes this file (its build id), the browser installs the new worker, it takes over at
 * once, and Gatsby's runtime reloads the page on the visitor's next navigation (SPEC §4).
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { OFFLINE_PAGE_PATH, SERVICE_WORKER_CACHES, serviceWorkerRoute, type ServiceWorkerRoute } from "@mainstreet/rules/site/service-worker";

declare const self: ServiceWorkerGlobalScope;
/** Written in by the build: the offline page and its revision, the API's path prefix, the build's id. */
declare const __MAINSTREET_PRECACHE__: { url: string; revision: string }[];
declare const __MAINSTREET_API_BASE__: string;
declare const __MAINSTREET_BUILD__: string;

self.skipWaiting();
clientsClaim();

precacheAndRoute(__MAINSTREET_PRECACHE__);

const { pages, pageData, assets, images } = SERVICE_WORKER_CACHES;

const strategies: Record<Exclude<ServiceWorkerRoute, "network">, NetworkFirst | CacheFirst | StaleWhileRevalidate> = {
  page: new NetworkFirst({
    cacheName: pages.name,
    networkTimeoutSeconds: pages.networkTimeoutSeconds,
    plugins: [new ExpirationPlugin({ maxEntries: pages.maxEntries })],
  }),
  "page-data": new NetworkFirst({
    cacheName: pageData.name,
    networkTimeoutSeconds: pageData.networkTimeoutSeconds,
    plugins: [new ExpirationPlugin({ maxEntries: pageData.maxEntries })],
  }),
  asset: new CacheFirst({ cacheName: assets.name, plugins: [new ExpirationPlugin({ maxEntries: assets.maxEntries, maxAgeSeconds: assets.maxAgeSeconds })] }),
  image: new StaleWhileRevalidate({ cacheName: images.name, plugins: [new ExpirationPlugin({ maxEntries: images.maxEntries, maxAgeSeconds: images.maxAgeSeconds })] }),
};

const routeOf = (url: URL, request: Request) =>
  serviceWorkerRoute({ pathname: url.pathname, sameOrigin: url.origin === self.location.origin, mode: request.mode, method: request.method }, __MAINSTREET_API_BASE__);

for (const [route, strategy] of Object.entries(strategies)) {
  registerRoute(({ url, request }) => routeOf(url, request) === route, strategy);
}

// A page never saved, with no connection: the offline page, not the browser's error.
setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") return (await matchPrecache(OFFLINE_PAGE_PATH)) ?? Response.error();
  return Response.error();
});

// Lets a support session tell which build a visitor's worker serves.
self.addEventListener("message", (event) => {
  if (event.data === "mainstreet:build") event.ports[0]?.postMessage(__MAINSTREET_BUILD__);
});
