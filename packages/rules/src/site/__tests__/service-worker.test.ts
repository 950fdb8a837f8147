import { serviceWorkerRoute, type RequestFacts } from "../service-worker";

const get = (pathname: string, overrides: Partial<RequestFacts> = {}): RequestFacts => ({ pathname, sameOrigin: true, mode: "cors", method: "GET", ...overrides });

describe("serviceWorkerRoute (SPEC §4 service worker: what is cached, how)", () => {
  it.each<[string, RequestFacts, string, string]>([
    ["a page load", get("/about/", { mode: "navigate" }), "/api/", "page"],
    ["the home page", get("/", { mode: "navigate" }), "/api/", "page"],
    ["a page's data", get("/page-data/about/page-data.json"), "/api/", "page-data"],
    ["a static query's data", get("/page-data/sq/d/123456789.json"), "/api/", "page-data"],
    ["the app data", get("/page-data/app-data.json"), "/api/", "page-data"],
    ["a hashed script", get("/app-3f9c2a1b7d4e5f60a1b2.js"), "/api/", "asset"],
    ["a hashed page chunk", get("/component---plugins-x-templates-home-query-tsx-684309e412c05a3a5064.js"), "/api/", "asset"],
    ["a hashed style sheet", get("/styles.d7755a179d1bae56df4b.css"), "/api/", "asset"],
    ["a font", get("/fonts/fraunces-latin-wght-normal.7f9d191d99.woff2"), "/api/", "asset"],
    ["a processed image", get("/static/496a5c75443871a2c5686b19ec710cfc/hero.jpg"), "/api/", "image"],
    ["a resized image", get("/static/abc/480/hero.webp"), "/api/", "image"],
    ["an app icon", get("/icons/icon-512x512.png"), "/api/", "image"],
    ["the favicon", get("/favicon-32x32.png"), "/api/", "image"],
    ["an API read", get("/api/orders/abc/"), "/api/", "network"],
    ["the API root", get("/api"), "/api/", "network"],
    ["an API under another prefix", get("/service/catalog/"), "/service/", "network"],
    ["a page load of an API url", get("/api/health", { mode: "navigate" }), "/api/", "network"],
    ["an order sent", get("/api/orders/", { method: "POST" }), "/api/", "network"],
    ["a form posted to a page url", get("/contact/", { method: "POST", mode: "navigate" }), "/api/", "network"],
    ["another origin", get("/gtm.js", { sameOrigin: false }), "/api/", "network"],
    ["the worker itself", get("/sw.js"), "/api/", "network"],
    ["the manifest (changes without a new name)", get("/manifest.webmanifest"), "/api/", "network"],
    ["an unhashed script", get("/idb-keyval.js"), "/api/", "network"],
    ["the merchant workspace", get("/manage/", { mode: "navigate" }), "/api/", "network"],
    ["the workspace without its slash", get("/manage", { mode: "navigate" }), "/api/", "network"],
    ["the workspace's hashed script", get("/manage/assets/app-Q2XK4ZPA.js"), "/api/", "network"],
    ["a site page that starts like it", get("/managers/", { mode: "navigate" }), "/api/", "page"],
  ])("%s", (_name, request, apiBase, expected) => {
    expect(serviceWorkerRoute(request, apiBase)).toBe(expected);
  });
});
