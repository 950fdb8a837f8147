import { expect, test, type Page } from "@playwright/test";
import { siteStorageKey } from "@mainstreet/rules/site/storage";
import { siteUnderTest } from "./site";
import { outboundLinkReporting } from "./outbound-link";

/**
 * The app (React and Gatsby's runtime) starts when it is wanted, not on every page view (node/html-output.ts,
 * runtime/page-watch.ts): a visitor who only reads runs the page watcher alone, which keeps the open statuses
 * and the announcement right; the first touch, key or tab starts the app, and so does a page that needs it at
 * once (booking, checkout, an order) or a visitor who kept something on the site. Production build, real
 * Chromium, a phone's viewport; the service worker blocked, so every script request is seen here.
 */
const { site, business, pages } = siteUnderTest();
const PHONE = { width: 412, height: 823 };
const codeAtLoad = pages.find((page) => ["appointments", "checkout", "order"].includes(page.template));
const reading = pages.find((page) => page.template === "about") ?? pages.find((page) => page.path === "/")!;
const gtmId = process.env.GATSBY_GTM_ID;

/** The site's own scripts the page has asked for, by file name (a tag manager's, when one is set, is not the app). */
function scriptRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === "script" && url.origin === new URL(page.url()).origin) requested.push(url.pathname.replace(/^\//, ""));
  });
  return requested;
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

/** Waits until the page has loaded and the browser has been idle: when the loader has done all it does unasked. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve), { timeout: 5000 })));
  await page.waitForLoadState("networkidle");
}

test.describe(`${site}: the app starts on demand`, () => {
  test.use({ viewport: PHONE, hasTouch: true, serviceWorkers: "block" });

  test("a page the visitor only reads runs its watcher, prefetches the app and starts nothing; the first tap starts it", async ({ page }) => {
    const requested = scriptRequests(page);
    await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
    await page.goto(reading.path);
    await settled(page);
    expect(requested, "only the page watcher runs").toEqual([expect.stringMatching(/^page-watch-[0-9a-f]+\.js$/)]);
    expect(await hydrated(page)).toBe(false);
    // The app's files are in the cache, not run: a prefetch link each, and no script element.
    const prefetched = await page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(prefetched).toEqual(expect.arrayContaining([expect.stringMatching(/^\/app-[0-9a-f]+\.js$/), expect.stringMatching(/^\/framework-[0-9a-f]+\.js$/), expect.stringMatching(/^\/styles\.[0-9a-f]+\.css$/)]));
    // So is the code of the parts on the screen that wait for a touch, the header's menu among them: the first tap
    // on one waits for the app's start, not for its part's download as well. The footer's comes as it nears. Their
    // files, by part, as the build wrote them (node/part-code.ts).
    const partCode = (await (await page.request.get("/part-code.json")).json()) as Record<string, string[]>;
    expect(partCode["part-header-body"]?.length).toBeGreaterThan(0);
    expect(prefetched).toEqual(expect.arrayContaining(partCode["part-header-body"]));
    const footerOnly = partCode["part-footer-body"].filter((file) => !Object.entries(partCode).some(([code, files]) => code !== "part-footer-body" && files.includes(file)));
    const prefetchedNow = () => page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    const footerNear = await page.locator("footer").evaluate((footer) => footer.getBoundingClientRect().top < window.innerHeight + 100);
    if (!footerNear) expect((await prefetchedNow()).filter((file) => footerOnly.includes(file))).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(prefetchedNow).toEqual(expect.arrayContaining(partCode["part-footer-body"]));
    expect(await hydrated(page), "scrolling is reading: the app is not started").toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.locator('script[src*="/app-"]')).toHaveCount(0);
    // What only the browser knows is on the page all the same: every open-status line is written.
    const statuses = page.locator("[data-open-status]");
    if ((await statuses.count()) > 0) for (const line of await statuses.all()) await expect(line).toHaveAttribute("role", "status");

    // A tap on the page's text (no control under it) is a visitor about to use the page.
    await page.locator("main h1").first().tap();
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 30_000 });
    expect(requested.some((name) => /^app-[0-9a-f]+\.js$/.test(name))).toBe(true);
  });

  test("a menu page prefetches the Add button's code and its dialog's as the first card nears the screen, and starts nothing", async ({ page }) => {
    const menu = pages.find((planned) => ["services", "products"].includes(planned.template));
    test.skip(!business.ordering?.enabled || !menu, `${site} takes no orders online`);
    await page.goto(menu!.path);
    await settled(page);
    const partCode = (await (await page.request.get("/part-code.json")).json()) as Record<string, string[]>;
    const wanted = [...(partCode["part-add-to-cart-button-body"] ?? []), ...(partCode["part-item-modal"] ?? [])];
    expect(partCode["part-item-modal"]?.length, "the build kept the dialog's files for the watcher").toBeGreaterThan(0);
    await page.locator("button.add-to-cart").first().scrollIntoViewIfNeeded();
    const prefetchedNow = () => page.locator('link[rel="prefetch"],script[src]').evaluateAll((elements) => elements.map((element) => new URL((element as HTMLLinkElement).href || (element as HTMLScriptElement).src).pathname));
    await expect.poll(prefetchedNow).toEqual(expect.arrayContaining(wanted));
    expect(await hydrated(page), "prefetched, not run: the app is not started").toBe(false);
  });

  test("the first key starts it (a keyboard visitor's Tab to the skip link)", async ({ page }) => {
    await page.goto(reading.path);
    await settled(page);
    expect(await hydrated(page)).toBe(false);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 30_000 });
  });

  test("a visitor who kept something on this site (a liked item) gets the app at once", async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.setItem(key, "[]"), siteStorageKey(business.id, "liked-items"));
    await page.goto(reading.path);
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 30_000 });
  });

  test("a page that shows nothing right without its code starts it once loaded, untouched", async ({ page }) => {
    test.skip(!codeAtLoad, `${site} has no booking, checkout or order page`);
    const requested = scriptRequests(page);
    await page.goto(codeAtLoad!.path);
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 30_000 });
    expect(requested.filter((name) => name.startsWith("page-watch-")), "no watcher: the app does its work").toEqual([]);
  });

  test(gtmId ? "a reader's first click, on an outbound link, is tracked once: by the watcher, the app not yet running" : "without a tag manager a reader's link click sends nothing", async ({ page }) => {
    const events: Record<string, unknown>[] = [];
    await page.route("https://outbound.example/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>elsewhere</title>" }));
    await page.route(/googletagmanager\.com/, (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: "" }));
    await page.goto(reading.path);
    await settled(page);
    const link = await outboundLinkReporting(page, "Partner menu", (event) => void events.push(event));
    expect(await hydrated(page)).toBe(false);
    await link.tap();
    await expect(page).toHaveURL("https://outbound.example/menu");
    const sent = events.filter((event) => event.eventAction === "Outbound Link");
    expect(sent).toHaveLength(gtmId ? 1 : 0);
  });

  test("the announcement shows after its delay with no app, and the app taking over keeps it shown", async ({ page }) => {
    test.skip(!business.announcement?.text, `${site} has no announcement`);
    const region = page.getByRole("complementary", { name: "Announcement" });
    await page.goto("/");
    await settled(page);
    await expect(region).toBeVisible({ timeout: (business.announcement?.settings.delay ?? 0) + 10_000 });
    expect(await hydrated(page)).toBe(false);
    // Taken over where the watcher left it: shown all along, never hidden for a second delay.
    await page.evaluate(() => {
      const slot = document.querySelector("[data-timed-settings]")!;
      new MutationObserver(() => slot.getAttribute("data-timed-state") !== "shown" && (document.body.dataset.announcementHid = "true")).observe(slot, { attributes: true });
    });
    await page.locator("main h1").first().tap();
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 30_000 });
    await expect(region).toBeVisible();
    expect(await page.evaluate(() => document.body.dataset.announcementHid ?? null)).toBeNull();
  });
});
