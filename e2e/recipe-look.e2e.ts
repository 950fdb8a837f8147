import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { onePagePerTemplate, recipeUnderTest, siteUnderTest } from "./site";
import { FIT_WIDTHS, open, pathFor, sidewaysOverflow, stubThirdParties } from "./look";
import { loadBudgets } from "../scripts/audit/budgets";

/**
 * The look checks every recipe gets, beside axe (a11y.e2e.ts) and every page building (pages.e2e.ts):
 * nothing scrolls sideways from the narrowest phone to a laptop, and the home page's JavaScript stays in budget. Both
 * are deterministic: a width in CSS pixels and a byte count.
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

test.describe(`${site} with ${recipe}: JavaScript on the home page`, () => {
  test(`at most ${JS_KIB_MAX} KiB gzip`, async ({ page }) => {
    const scripts = new Map<string, number>();
    const reads: Promise<void>[] = [];
    const onResponse = (response: import("@playwright/test").Response) => {
      if (response.request().resourceType() !== "script" || !response.url().startsWith("http://localhost")) return;
      reads.push(response.body().then((body) => void scripts.set(response.url(), gzipSync(body, { level: 9 }).length)));
    };
    page.on("response", onResponse);
    await open(page, "/");
    // The build under test really is this recipe (the layout marks it), not a stale public/.
    await expect(page.locator(".site")).toHaveAttribute("data-recipe", recipe);
    await page.waitForLoadState("networkidle");
    // What the page loaded until the network went quiet; a script fetched later (a part near the screen
    // whose code arrives after) would otherwise be read as the test ends and fail it.
    page.off("response", onResponse);
    await Promise.all(reads);
    const kib = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
    console.log(`${site} with ${recipe}: ${scripts.size} scripts, ${kib.toFixed(1)} KiB gzip on the home page`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(kib).toBeLessThanOrEqual(JS_KIB_MAX);
  });
});
