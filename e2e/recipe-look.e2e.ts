import { expect, test, type Page } from "@playwright/test";
import { onePagePerTemplate, recipeUnderTest, siteUnderTest } from "./site";
import { FIT_WIDTHS, open, pathFor, scriptsLoaded, sidewaysOverflow, stubThirdParties } from "./look";
import { loadBudgets } from "../scripts/audit/budgets";

/**
 * The look checks every recipe gets, beside axe (a11y.e2e.ts) and every page building (pages.e2e.ts):
 * nothing scrolls sideways from the narrowest phone to a laptop, and every page type's JavaScript stays in budget.
 * Both are deterministic: a width in CSS pixels and a byte count.
 */
const { site, pages } = siteUnderTest();
const { recipe } = recipeUnderTest();
const JS_KIB_MAX = loadBudgets().jsKiB.max;
if (JS_KIB_MAX === undefined) throw new Error("scripts/audit/budgets.json: jsKiB: expected a max, the JS budget every recipe is held to");
// Independent tests (each opens its own page): they spread over the workers (playwright.config.ts).
test.describe.configure({ mode: "parallel" });

test.beforeEach(async ({ page }) => {
  await stubThirdParties(page);
  await page.route(/googletagmanager\.com/, (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: "" }));
});

test.describe(`${site} with ${recipe}: no sideways scroll at ${FIT_WIDTHS.join(", ")} px`, () => {
  // One page per type, for the recipes no sample is configured with: where pages.e2e.ts runs (every page
  // of a sample, in its configured recipe) scripts/e2e.mjs leaves these out, as that spec checks them all.
  for (const planned of onePagePerTemplate(pages)) {
    test(`${planned.template} fits every width`, async ({ page }) => {
      await page.setViewportSize({ width: FIT_WIDTHS[0], height: 800 });
      await open(page, pathFor(planned));
      expect(await sidewaysOverflow(page)).toEqual([]);
    });
  }
});

// A restaurant's whole menu is a short scroll on a phone, measured as the showcase measures it (the
// document's height at 375 px). Bundled fonts make it the same on every machine.
const MENU_PAGE_MAX_PX = 5000;
const menuPage = pages.find((planned) => planned.template === "services" && planned.path === "/menu/");
if (menuPage) {
  test(`${site} with ${recipe}: ${menuPage.path} is at most ${MENU_PAGE_MAX_PX} px tall at 375 px`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, pathFor(menuPage));
    await page.evaluate(() => document.fonts.ready);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`${site} with ${recipe}, ${menuPage.path} at 375 px: ${height} px tall`);
    expect(height).toBeLessThanOrEqual(MENU_PAGE_MAX_PX);
  });
}

test.describe(`${site} with ${recipe}: JavaScript on every page type, on a phone`, () => {
  // Lighthouse's phone (the audit's): the parts that load when they near the screen count where they would.
  test.use({ viewport: { width: 412, height: 823 } });
  // Every page type, the ordering pages (checkout, order, reservations) too, as a visitor first opens them and
  // before any touch: a page that reads runs its page watcher only, and one that needs its app at once (booking,
  // checkout, an order, Add buttons in view) starts it by itself (node/html-output.ts). The app a reader's page
  // prefetches at idle is fetched, not run, and is not a script request. The checkout form's code comes only once
  // there is a cart to check out (ordering/checkout-page.tsx).
  for (const planned of onePagePerTemplate(pages)) {
    test(`${planned.template}: at most ${JS_KIB_MAX} KiB gzip`, async ({ page, baseURL }) => {
      const { scripts, kib } = await scriptsLoaded(page, baseURL ?? "http://localhost", async () => {
        await page.goto(pathFor(planned), { waitUntil: "load" });
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 5000 })));
        // The build under test really is this recipe (the layout marks it), not a stale public/.
        await expect(page.locator(".site")).toHaveAttribute("data-recipe", recipe);
      });
      console.log(`${site} with ${recipe}, ${planned.template}: ${scripts.size} scripts, ${kib.toFixed(1)} KiB gzip`);
      expect(scripts.size).toBeGreaterThan(0);
      expect(kib).toBeLessThanOrEqual(JS_KIB_MAX);
    });
  }
});

/**
 * The lead image's preload (node/html-output.ts) asks for the very file its picture then uses: one download of the
 * largest paint's image, at a phone's width and a laptop's. A preload read before the viewport's meta tag took a
 * file for a 980 px viewport, and the picture fetched its own beside it.
 */
test.describe(`${site} with ${recipe}: the lead image, downloaded once`, () => {
  for (const planned of onePagePerTemplate(pages)) {
    test(`${planned.template}: one file of its preloaded image at 412 and 1280 px`, async ({ browser, baseURL }) => {
      // The phone as Lighthouse's: a mobile browser, whose layout viewport is 980 px wide until the viewport's tag says otherwise.
      for (const phone of [true, false]) {
        const viewport = phone ? { width: 412, height: 823 } : { width: 1280, height: 800 };
        const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: phone ? 1.75 : 1, isMobile: phone, hasTouch: phone });
        try {
          const page = await context.newPage();
          await stubThirdParties(page);
          const images: string[] = [];
          page.on("request", (request) => {
            if (request.resourceType() === "image") images.push(new URL(request.url()).pathname);
          });
          await page.goto(pathFor(planned), { waitUntil: "load" });
          const candidates = await page.evaluate(() =>
            (document.querySelector<HTMLLinkElement>('head link[rel="preload"][as="image"]')?.getAttribute("imagesrcset") ?? "")
              .split(",")
              .map((candidate) => candidate.trim().split(/\s+/)[0])
              .filter(Boolean),
          );
          // A page whose first screen has no high-priority picture has no preload, and nothing to hold here.
          if (candidates.length === 0) continue;
          await expect.poll(() => images.filter((image) => candidates.includes(image)).length, `at ${viewport.width} px, files of the lead image fetched`).toBe(1);
          await page.waitForLoadState("networkidle");
          expect(images.filter((image) => candidates.includes(image)), `at ${viewport.width} px, files of the lead image fetched`).toHaveLength(1);
        } finally {
          await context.close();
        }
      }
    });
  }
});

/**
 * Each page's head holds only the rules that can match it as served (node/critical-css.ts); the whole stylesheet
 * comes with the page's code. Held here to what matters: without JavaScript (only the cut), every element of every
 * page type at a phone's and a laptop's width looks exactly as it does once the whole stylesheet is added; and with
 * JavaScript, the whole stylesheet is on the page once it has hydrated.
 */
const STYLE_PROPERTIES = ["display", "position", "visibility", "opacity", "color", "background-color", "background-image", "font-family", "font-size", "font-weight", "line-height", "text-align", "text-transform", "margin", "padding", "border-width", "border-style", "border-color", "border-radius", "box-shadow", "gap", "grid-template-columns", "flex-direction", "justify-content", "align-items", "object-fit", "transform", "z-index", "overflow"] as const;

async function styleSignature(page: Page): Promise<string[]> {
  return page.evaluate((properties) => {
    const rows: string[] = [];
    const path = (element: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) parts.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${node.classList.length ? `.${[...node.classList].join(".")}` : ""}`);
      return parts.join(" > ");
    };
    for (const element of document.body.querySelectorAll("*")) {
      if (element.closest("script, style, template")) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      rows.push(`${path(element)} | ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)} | ${properties.map((name) => style.getPropertyValue(name)).join(" ; ")}`);
    }
    return rows;
  }, STYLE_PROPERTIES as unknown as string[]);
}

test.describe(`${site} with ${recipe}: each page's own stylesheet`, () => {
  for (const planned of onePagePerTemplate(pages)) {
    test(`${planned.template}: served without JavaScript, it looks as with the whole stylesheet`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      try {
        const page = await context.newPage();
        await page.goto(pathFor(planned), { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready);
        const href = await page.locator('style[data-identity="gatsby-global-css"]').getAttribute("data-href");
        expect(href, "the head's stylesheet names its whole file").toMatch(/^\/styles\.[0-9a-f]+\.css$/);
        // Every block laid out at each width: one the browser skips off screen (content-visibility) keeps the box of
        // the last width it was laid out at, which is not what this compares.
        await page.evaluate(() => {
          const style = document.createElement("style");
          style.textContent = "* { content-visibility: visible !important; }";
          document.body.append(style);
        });
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          const cut = await styleSignature(page);
          // Added by the test (the page runs no script of its own here, nor a load listener): polled until applied.
          await page.evaluate((file) => {
            const link = document.createElement("link");
            link.rel = "stylesheet";
            link.href = file;
            document.head.append(link);
          }, href as string);
          await expect.poll(() => page.evaluate(() => Boolean(document.querySelector<HTMLLinkElement>('head link[rel="stylesheet"]')?.sheet?.cssRules.length))).toBe(true);
          const whole = await styleSignature(page);
          expect(whole.length).toBeGreaterThan(20);
          expect(cut.filter((row, index) => row !== whole[index]).slice(0, 5), `at ${width} px, elements styled differently by the page's cut`).toEqual([]);
          await page.evaluate(() => document.querySelectorAll('head link[rel="stylesheet"]').forEach((link) => link.remove()));
        }
      } finally {
        await context.close();
      }
    });
  }

  const home = pages.find((planned) => planned.path === "/");
  if (home) {
    test("with JavaScript, the whole stylesheet is on the page once it has hydrated", async ({ page }) => {
      await open(page, "/");
      const href = await page.locator('style[data-identity="gatsby-global-css"]').getAttribute("data-href");
      await expect.poll(() => page.evaluate((file) => [...document.styleSheets].some((sheet) => sheet.href?.endsWith(file as string) && sheet.cssRules.length > 0), href)).toBe(true);
    });
  }
});
