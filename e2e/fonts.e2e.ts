import { expect, test, type Page } from "@playwright/test";
import { FONTS_SEEN_KEY } from "../plugins/gatsby-theme-mainstreet-core/src/node/font-loader";
import { onePagePerTemplate, siteUnderTest } from "./site";

/**
 * The recipe's web fonts come after the page's first paint (node/font-loader.ts): a first visit draws the
 * page in the metric-matched stand-ins (recipe-fonts.ts) and applies both fonts together once the page has loaded;
 * a browser that has had them declares them in the head, to load from its cache before the first paint; a
 * browser that runs no scripts gets them from the recipe style (`@media (scripting: none)`).
 */
const { site, pages } = siteUnderTest();
const [, other] = onePagePerTemplate(pages);

/** The web fonts the page has applied (document.fonts holds them loaded), not their stand-ins. */
const appliedWebFonts = (page: Page) => page.evaluate(() => [...document.fonts].filter((face) => !face.family.includes("Fallback") && face.status === "loaded").map((face) => ({ family: face.family.replace(/"/g, ""), display: face.display })));

/** When each font file was asked for, against the page's first paint and its load event (the page's own clock). */
const fontTimings = (page: Page) =>
  page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    const fonts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) => entry.name.includes("/fonts/"));
    return { loadEnd: navigation.loadEventEnd, firstPaint, fonts: fonts.map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })) };
  });

test.describe(`${site}: the web fonts`, () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a first visit paints in the stand-ins, fetches the fonts once the page has loaded, and the next page declares them at once", async ({ page }) => {
    await page.goto("/", { waitUntil: "load" });
    await expect.poll(() => appliedWebFonts(page)).toHaveLength(2);
    const first = await fontTimings(page);
    expect(first.fonts).toHaveLength(2);
    expect(first.firstPaint, "the page painted").not.toBeNull();
    for (const font of first.fonts) {
      expect(font.start, `${font.url} after the first paint`).toBeGreaterThan(first.firstPaint as number);
      expect(font.start, `${font.url} after the load event`).toBeGreaterThanOrEqual(first.loadEnd);
    }
    expect((await appliedWebFonts(page)).map((face) => face.display)).toEqual(["swap", "swap"]);
    expect(await page.evaluate((key) => localStorage.getItem(key), FONTS_SEEN_KEY)).toBe(first.fonts.map((font) => font.url).join(" "));

    await page.goto(other.path, { waitUntil: "load" });
    const next = await fontTimings(page);
    expect(next.fonts.map((font) => font.url).sort()).toEqual(first.fonts.map((font) => font.url).sort());
    for (const font of next.fonts) expect(font.start, `${font.url} asked for before the load event`).toBeLessThan(next.loadEnd);
    await expect.poll(() => appliedWebFonts(page)).toEqual([
      { family: expect.any(String), display: "fallback" },
      { family: expect.any(String), display: "fallback" },
    ]);
  });

  test("without JavaScript the recipe style declares them", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto("/", { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    expect(await appliedWebFonts(page)).toHaveLength(2);
    await context.close();
  });

  for (const width of [375, 1280]) {
    test(`the swap keeps the first screen's heading and the page's height at ${width} px`, async ({ browser, baseURL }) => {
      const measure = async (fonts: boolean) => {
        const context = await browser.newContext({ baseURL, viewport: { width, height: 812 }, reducedMotion: "reduce" });
        const page = await context.newPage();
        // The stand-ins: the font files never answer, so the page stays as it first painted.
        if (!fonts) await page.route(/\/fonts\/.*\.woff2$/, () => undefined);
        await page.goto("/", { waitUntil: "load" });
        if (fonts) await expect.poll(() => appliedWebFonts(page)).toHaveLength(2);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const box = await page.evaluate(() => {
          const heading = document.querySelector("h1")!.getBoundingClientRect();
          return { heading: heading.height, page: document.querySelector("main")!.getBoundingClientRect().height };
        });
        await context.close();
        return box;
      };
      const [inWebFonts, inStandIns] = [await measure(true), await measure(false)];
      expect(inStandIns.heading, "the heading takes the same lines").toBe(inWebFonts.heading);
      expect(Math.abs(inStandIns.page - inWebFonts.page), "the page's height within 1%").toBeLessThanOrEqual(inWebFonts.page * 0.01);
    });
  }
});
