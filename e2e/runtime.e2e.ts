import fs from "node:fs";
import { PRECOMPRESSED_SUFFIXES } from "@mainstreet/rules/site/precompressed";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { loadSite } from "@mainstreet/rules/business/load-site";
import { currencyDigits } from "@mainstreet/rules/orders/money";
import { onePagePerTemplate, siteUnderTest } from "./site";
import { collectConsoleErrors } from "./look";
import { askForApp, startApp } from "./app";
import { outboundLinkReporting } from "./outbound-link";

/**
 * SPEC §2 Routing behaviour, §4 Page loading / Service worker, §7 site data calls and analytics,
 * against the production build. Much of this is Gatsby's own runtime; these tests hold it to the spec.
 */
const { site, business, pages } = siteUnderTest();
const { siteUrl } = loadSite(process.env);
const gtmId = process.env.GATSBY_GTM_ID;
const about = pages.find((page) => page.template === "about") ?? pages.find((page) => page.path !== "/" && page.template !== "404")!;
const aboutTitle = about.context.title;

const hydrated = (page: Page) => startApp(page);

// Each test opens its own context: they spread over both workers (playwright.config.ts). The service
// worker's tests stay together in one (below): one of them rewrites public/sw.js for a moment.
test.describe.configure({ mode: "parallel" });

test.beforeEach(async ({ page }) => {
  await page.route(/googletagmanager\.com/, (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: "" }));
});

/**
 * Gatsby's runtime and the core theme's (transitions, canonical, announcer, scroll, service worker,
 * loading errors) are one bundle whatever the business: scripts/e2e.mjs runs them on the restaurant and
 * sets E2E_RUNTIME_CORE=0 for the other samples. What depends on the data (head tags and JSON-LD, the
 * tag manager or its absence) runs on every sample. Run by hand, the spec runs everything.
 */
const coreRuntime = process.env.E2E_RUNTIME_CORE !== "0";
function coreDescribe(title: string, body: () => void): void {
  if (coreRuntime) test.describe(title, body);
}

coreDescribe(`${site}: page transition`, () => {
  test("fades out over an overlay, changes page, fades in at the top (about 400 ms)", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { __marks: Record<string, number> }).__marks = marks;
      new MutationObserver(() => {
        const overlay = document.getElementById("page-transition");
        if (!overlay) return;
        if (overlay.classList.contains("is-visible") && !marks.out) marks.out = performance.now();
        if (overlay.classList.contains("is-leaving") && !marks.in) marks.in = performance.now();
        if (marks.in && !overlay.classList.contains("is-leaving") && !marks.done) marks.done = performance.now();
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["class"], childList: true });
      window.scrollTo(0, 600);
    });
    // A link in the header (hydrated with the page), not one in a part whose code loads near the screen.
    await page.getByRole("banner").locator(`a[href="${about.path}"]:visible`).first().click();
    // The overlay's classes are recorded by the observer above: polling the class could miss a fade that
    // is over before the next poll on a busy machine.
    await page.waitForFunction(() => Boolean((window as unknown as { __marks: Record<string, number> }).__marks.out));
    await expect(page).toHaveURL(new RegExp(`${about.path}$`));
    await page.waitForFunction(() => Boolean((window as unknown as { __marks: Record<string, number> }).__marks.done));
    const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
    // Two 200 ms fades: the overlay is never gone sooner than that, and never lingers.
    expect(marks.done - marks.out).toBeGreaterThanOrEqual(380);
    expect(marks.done - marks.out).toBeLessThan(5000);
    await expect(page.locator("#page-transition")).not.toHaveClass(/is-visible/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("no transition for a same-path hash link, nor under reduced motion", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    // The skip link is a same-page hash link: keyboard users follow it with Tab, Enter.
    await page.keyboard.press("Tab");
    await expect(page.locator('a[href="#main"]')).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    expect(await page.locator("#page-transition.is-visible").count()).toBe(0);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await hydrated(page);
    await page.locator(`a[href="${about.path}"]:visible`).first().click();
    await expect(page).toHaveURL(new RegExp(`${about.path}$`));
    expect(await page.locator("#page-transition.is-visible").count()).toBe(0);
  });
});

coreDescribe(`${site}: canonical, announcer, scroll`, () => {
  test("the server-rendered canonical is the site url plus the path, without the query", async ({ request }) => {
    const html = await (await request.get(`${about.path}?q=1`)).text();
    expect(html).toContain(`<link rel="canonical" href="${siteUrl}${about.path}"`);
  });

  test("after a client-side navigation to ?q=1#x the canonical keeps the hash and drops the query", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.evaluate((to) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(to), `${about.path}?q=1#x`);
    await expect(page).toHaveURL(new RegExp(`${about.path}\\?q=1#x$`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${siteUrl}${about.path}#x`);
  });

  test("announces the new page to screen readers", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.evaluate((to) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(to), about.path);
    await expect(page.locator("#gatsby-announcer")).toHaveText(`Navigated to ${aboutTitle}`);
    await expect(page.locator("#gatsby-announcer")).toHaveAttribute("aria-live", "assertive");
  });

  test("restores the scroll position per page on back and forward", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 700));
    // Gatsby's scroll handler records the position in session storage as the page scrolls.
    await page.waitForFunction(() =>
      Object.keys(sessionStorage).some((key) => key.startsWith("@@scroll|/|") && Math.abs(Number(sessionStorage.getItem(key)) - 700) <= 2),
    );
    await page.evaluate((to) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(to), about.path);
    await expect(page).toHaveURL(new RegExp(`${about.path}$`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    // Back down the page, not at the top: Gatsby restores 700, then the browser's scroll anchoring may
    // move it by the height of content that appears above meanwhile (a timed announcement banner, late
    // images), keeping the same content in view.
    await expect.poll(() => page.evaluate(() => window.scrollY > 350)).toBe(true);
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`${about.path}$`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe(`${site}: head and structured data`, () => {
  const businessTypes = ["HealthAndBeautyBusiness", "FoodEstablishment", "LocalBusiness"];
  for (const planned of onePagePerTemplate(pages).filter((page) => page.template !== "404")) {
    test(`${planned.template}: head tags and JSON-LD`, async ({ page }) => {
      await page.goto(planned.path);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const parsed = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
      const nodes = parsed.flatMap((block) => (Array.isArray(block["@graph"]) ? (block["@graph"] as Record<string, unknown>[]) : [block]));
      const local = nodes.filter((node) => businessTypes.includes(String(node["@type"])));
      expect(local).toHaveLength(business.locations.length);
      for (const node of local) {
        expect(String(node.name)).toContain(business.name);
        expect(Array.isArray(node.openingHoursSpecification)).toBe(true);
        expect(String(node["@id"])).toMatch(/#location-/);
      }
      const navigation = nodes.find((node) => node["@type"] === "ItemList");
      expect((navigation?.itemListElement as unknown[] | undefined)?.length).toBeGreaterThan(2);
      if (planned.template === "service-item") {
        const offer = nodes.find((node) => node["@type"] === "Service" || node["@type"] === "MenuItem");
        expect(offer).toBeDefined();
        const offers = offer!.offers as { price: string; priceCurrency: string }[];
        expect(offers.length).toBeGreaterThan(0);
        const digits = currencyDigits(business.ordering.currency);
        for (const entry of offers) expect(entry.price).toMatch(digits === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${digits}}$`));
      }
      await expect(page.locator("html")).toHaveAttribute("lang", business.locale);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\//);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /summary/);
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#dfdfdf");
    });
  }
});

coreDescribe(`${site}: manifest and service worker`, () => {
  test.describe.configure({ mode: "serial" });
  test("the manifest is a standalone app with #dfdfdf and one 512×512 icon", async ({ page, request }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({ name: business.name, display: "standalone", background_color: "#dfdfdf", theme_color: "#dfdfdf", start_url: "/" });
    expect(manifest.icons).toEqual([{ src: expect.stringContaining("512x512"), sizes: "512x512", type: "image/png" }]);
    const icon = await (await request.get(`/${manifest.icons[0].src.replace(/^\//, "")}`)).body();
    // PNG header: width and height are big-endian at bytes 16 and 20.
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([512, 512]);
  });

  test("the service worker installs from /sw.js; a return visit under it hydrates the page's own HTML in place, online and offline", async ({ page, context }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(about.path);
    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptUrl).toMatch(/\/sw\.js$/);
    // Return visits: the worker now controls the page and answers from its caches.
    for (const offline of [false, true]) {
      await context.setOffline(offline);
      try {
        await page.reload();
        expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
        await hydrated(page);
        await expect(page).toHaveTitle(new RegExp(aboutTitle));
        await expect(page.locator("h1").first()).toBeVisible();
        // The HTML served is the page's own (its main content in the markup), not an empty app shell.
        expect(await page.evaluate(() => document.querySelector("main")?.children.length ?? 0)).toBeGreaterThan(0);
      } finally {
        await context.setOffline(false);
      }
    }
    // No hydration mismatch (React #418/#423) or any other error on either visit. Offline, the browser
    // reports the requests nobody can answer (prefetches of pages never opened) as failed loads: not errors
    // of the page.
    expect(errors.filter((error) => !/^Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/.test(error))).toEqual([]);
  });

  test("offline, a page never opened shows the offline page", async ({ page, context }) => {
    await page.goto("/");
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await context.setOffline(true);
    try {
      await page.goto("/no-page-opened-before/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
      await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test("after a deploy, the next internal navigation is a full reload", async ({ page }) => {
    const swFile = path.join("public", "sw.js");
    const original = fs.readFileSync(swFile, "utf8");
    // A deploy writes the worker's compressed copies with it (the service sends those): set aside, the script
    // written below is what the browser gets, and they come back afterwards.
    const copies = Object.values(PRECOMPRESSED_SUFFIXES).map((suffix) => `${swFile}${suffix}`).filter((copy) => fs.existsSync(copy));
    for (const copy of copies) fs.renameSync(copy, `${copy}.kept`);
    try {
      await page.goto("/");
      await page.evaluate(async () => navigator.serviceWorker.ready);
      await page.reload();
      await hydrated(page);
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      // A new deploy: the service worker script changes.
      fs.writeFileSync(swFile, `${original}\n// deploy ${Date.now()}\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.waitForFunction(() => (window as unknown as { ___swUpdated?: boolean }).___swUpdated === true);
      await page.evaluate((to) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(to), about.path);
      await expect(page).toHaveURL(new RegExp(`${about.path}$`));
      await page.waitForFunction(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === undefined);
    } finally {
      fs.writeFileSync(swFile, original);
      for (const copy of copies) fs.renameSync(`${copy}.kept`, copy);
    }
  });
});

coreDescribe(`${site}: page loading errors`, () => {
  // Requests a service worker answers never reach page.route; these tests are about Gatsby's loader.
  test.use({ serviceWorkers: "block" });

  test("a page whose page data answers 404 shows the 404 page", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const response = page.waitForResponse((res) => res.url().includes("/page-data/no-such-page/page-data.json"));
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/no-such-page/"));
    expect((await response).status()).toBe(404);
    await expect(page).toHaveURL(/\/no-such-page\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });

  for (const status of [503, 500]) {
    test(`page data answering ${status} ${status === 500 ? "(unrecoverable)" : "is retried 3 times, then"} leads to a full browser navigation`, async ({ page }) => {
      const messages: string[] = [];
      page.on("console", (message) => messages.push(message.text()));
      // Gatsby throws the "page resources … not found" error, so it arrives as a page error.
      page.on("pageerror", (error) => messages.push(error.message));
      let pageDataRequests = 0;
      await page.route(`**/page-data${about.path}page-data.json`, (route) => {
        pageDataRequests += 1;
        return route.fulfill({ status, body: "unavailable" });
      });
      await page.goto("/");
      await hydrated(page);
      const documentRequest = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === about.path);
      await page.evaluate((to) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(to), about.path);
      await documentRequest;
      // Gatsby retries other failures three times after the first try; a 500 is final at once.
      if (status !== 500) expect(pageDataRequests).toBeGreaterThanOrEqual(4);
      await expect(page.locator("h1").first()).toHaveText(aboutTitle);
      // The page the browser loaded instead is served working; its app, started as a visitor's touch would, finds
      // the page data still failing and leaves the served page as it is.
      await askForApp(page);
      await expect.poll(() => messages.some((text) => text.includes(`page resources for ${about.path} not found. Not rendering React`))).toBe(true);
    });
  }
});

test.describe(`${site}: analytics`, () => {
  test(gtmId ? "the tag manager is configured and gets one route-change event per navigation" : "no tag manager without an id, and a console warning says so", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => message.type() === "warning" && warnings.push(message.text()));
    await page.goto("/");
    await hydrated(page);
    const html = await page.content();
    if (!gtmId) {
      expect(html).not.toContain("googletagmanager.com");
      expect(warnings.some((text) => text.includes("no tag-manager id"))).toBe(true);
      return;
    }
    expect(html).toContain(gtmId);
    const routeChanges = () => page.evaluate(() => (window.dataLayer ?? []).filter((entry) => entry.event === "gatsby-route-change").length);
    await expect.poll(routeChanges).toBe(1);
    await page.evaluate((to) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(to), about.path);
    await expect.poll(routeChanges).toBe(2);
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/"));
    await expect.poll(routeChanges).toBe(3);
  });

  test(gtmId ? "an outbound link sends its event before the browser leaves (250 ms later)" : "without a tag manager an outbound link leaves and nothing is tracked", async ({ page }) => {
    const events: { at: number; event: Record<string, unknown> }[] = [];
    let leftAt = 0;
    await page.route("https://outbound.example/**", (route) => {
      leftAt = Date.now();
      return route.fulfill({ status: 200, contentType: "text/html", body: "<title>elsewhere</title><h1>elsewhere</h1>" });
    });
    await page.goto("/");
    await hydrated(page);
    const link = await outboundLinkReporting(page, "Partner menu with maya@luma.example", (event) => void events.push({ at: Date.now(), event }));
    const clickedAt = Date.now();
    await link.click();
    await expect(page).toHaveURL("https://outbound.example/menu");
    const sent = events.find((entry) => entry.event.eventAction === "Outbound Link");
    if (!gtmId) {
      // No tag manager reads the data layer: the link tracking is not in the bundle, and nothing is sent.
      expect(sent).toBeUndefined();
      return;
    }
    expect(sent?.event).toMatchObject({ event: "mainstreet.event", eventCategory: "Navigation", eventLabel: "https://outbound.example/menu" });
    expect(sent!.at).toBeLessThanOrEqual(leftAt);
    expect(leftAt - clickedAt).toBeGreaterThanOrEqual(240);
  });
});
