import { expect, test, type Page } from "@playwright/test";
import { artifactsDir, onePagePerTemplate, siteUnderTest } from "./site";
import { sidewaysOverflow } from "./look";

const { site, business, pages } = siteUnderTest();
const servedPages = pages.filter((page) => page.template !== "404");

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

// A sample built with a tag-manager id would load Google's script; no network here, and no third
// party in tests: answer it with an empty script so a page's own console errors stay visible.
test.beforeEach(async ({ page }) => {
  await page.route(/googletagmanager\.com/, (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: "" }));
});

test.describe(`${site}: every planned page`, () => {
  test("the plan has the page types a business of this kind needs", () => {
    const templates = new Set(pages.map((page) => page.template));
    expect(templates.has("home")).toBe(true);
    expect(templates.has("404")).toBe(true);
    expect(servedPages.length).toBeGreaterThan(5);
  });

  for (const planned of servedPages) {
    test(`${planned.path} (${planned.template}) answers 200 with the business name and no console errors`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const response = await page.goto(planned.path);
      expect(response?.status()).toBe(200);
      // Hydrated (the runtime marks <html>): any hydration or runtime error has been logged by then.
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      // The business name, exactly once (documentTitle).
      expect((await page.title()).split(business.name).length - 1).toBe(1);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(errors).toEqual([]);
      // No page of any sample scrolls sideways, from the narrowest phone to a laptop (issue 14).
      expect(await sidewaysOverflow(page)).toEqual([]);
    });
  }

  test("a missing page answers 404 with the site's not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page-here/");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});

test.describe(`${site}: screenshots per page type`, () => {
  for (const width of [375, 1280]) {
    for (const planned of onePagePerTemplate(pages)) {
      test(`${planned.template} at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        const response = await page.goto(planned.template === "404" ? "/no-such-page-here/" : planned.path, { waitUntil: "networkidle" });
        expect(response?.status()).toBe(planned.template === "404" ? 404 : 200);
        await page.screenshot({ path: `${artifactsDir(site)}/${planned.template}-${width}.png`, fullPage: true });
      });
    }
  }
});
