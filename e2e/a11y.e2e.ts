import { expect, test, type Page } from "@playwright/test";
import { onePagePerTemplate, siteUnderTest } from "./site";
import { FIXED_NOW, VIEWPORT_HEIGHT, WIDTHS, audit, expectedVariant, loadHeaderCode, open, pathFor, screenshotPath, scrollThrough, stubThirdParties, type AxeRow } from "./look";

const { site, business, pages } = siteUnderTest();
// E2E_A11Y_TEMPLATES narrows the page types. The review screenshots (full pages, menus closed and open,
// into e2e/artifacts/) are for people; nothing checks them, and CI does not take them (minutes of full-page
// captures): the committed visual baselines (visual.e2e.ts) are what CI compares. E2E_A11Y_SCREENSHOTS=1
// takes them anywhere, =0 nowhere.
const SCREENSHOTS = process.env.E2E_A11Y_SCREENSHOTS === "1" || (process.env.E2E_A11Y_SCREENSHOTS !== "0" && process.env.CI !== "true");
const onlyTemplates = process.env.E2E_A11Y_TEMPLATES?.split(",");
const types = onePagePerTemplate(pages).filter((page) => !onlyTemplates || onlyTemplates.includes(page.template));
const firstParent = business.pages.find((page) => pages.some((planned) => planned.context.fishermanParentPageId === page.id))?.title;

// Every scan is independent: the tests spread over the workers. The results file each scan appends to is
// emptied by scripts/e2e.mjs before the run (a beforeAll would run once per worker and drop rows).
test.describe.configure({ mode: "parallel" });

test.beforeEach(async ({ page }) => {
  await stubThirdParties(page);
});

/** Where opening the menus changes the page: the header (with the desktop dropdowns) and the mobile tray. */
const MENU_REGIONS = [".site-header", "#site-menu-tray"];

function describeViolations(row: AxeRow): string {
  return row.rules.join("\n");
}

/** Opens what a visitor can open at this width: the tray and its first popup menu, or the first dropdown. */
async function openMenus(page: Page, width: number): Promise<void> {
  await loadHeaderCode(page);
  if (expectedVariant(width) === "mobile") {
    await page.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
    const tray = page.getByRole("dialog", { name: "Menu" });
    await expect(tray).toBeVisible();
    if (firstParent) {
      await tray.getByRole("button", { name: `${firstParent} menu`, exact: true }).click();
      await expect(tray.locator('.collapse[data-rendered="true"]')).toHaveCount(1);
    }
  } else if (firstParent) {
    const toggle = page.getByRole("banner").getByRole("button", { name: `${firstParent} menu`, exact: true });
    await toggle.click();
    await expect(page.locator('.nav-dropdown[data-rendered="true"]')).toHaveCount(1);
  }
}

// E2E_A11Y_WIDTHS narrows the widths of this sweep only, E2E_A11Y_WIDE_TEMPLATES the page types scanned
// above the phone width (scripts/e2e.mjs says where and why).
const A11Y_WIDTHS = process.env.E2E_A11Y_WIDTHS ? process.env.E2E_A11Y_WIDTHS.split(",").map(Number) : WIDTHS;
// E2E_A11Y_SCAN_TEMPLATES the page types scanned at every width (the landmarks check still visits all).
const wideTemplates = process.env.E2E_A11Y_WIDE_TEMPLATES?.split(",");
const scanTemplates = process.env.E2E_A11Y_SCAN_TEMPLATES?.split(",");
const PHONE_WIDTH_MAX = 480;
const typesAt = (width: number) =>
  types.filter((page) => (!scanTemplates || scanTemplates.includes(page.template)) && (width <= PHONE_WIDTH_MAX || !wideTemplates || wideTemplates.includes(page.template)));

for (const width of A11Y_WIDTHS) {
  test.describe(`${site}: accessibility and screenshots at ${width}px`, () => {
    // Scanned settled: with reduced motion the reveal animations start at their end state, the state a
    // visitor's page reaches, without the scan waiting for them on every page.
    test.use({ viewport: { width, height: VIEWPORT_HEIGHT }, reducedMotion: "reduce" });

    for (const planned of typesAt(width)) {
      const target = pathFor(planned);

      test(`${planned.template}: no WCAG 2.2 AA violations with menus closed, then open; screenshot`, async ({ page }) => {
        await page.clock.install({ time: FIXED_NOW });
        await open(page, target);
        await scrollThrough(page);
        const closed = await audit(page, { site, template: planned.template, path: target, width, state: "menus closed" });
        await page.emulateMedia({ reducedMotion: "reduce" });
        if (SCREENSHOTS) await page.screenshot({ path: screenshotPath(site, `${planned.template}-${width}`), fullPage: true });
        await openMenus(page, width);
        // Opening a menu changes the header and the tray (the page behind the tray goes inert); the rest
        // of the page is what the scan above just passed, so the second scan covers what changed.
        const opened = await audit(page, { site, template: planned.template, path: target, width, state: "menus open" }, MENU_REGIONS);
        if (SCREENSHOTS) await page.screenshot({ path: screenshotPath(site, `${planned.template}-${width}-menu-open`) });
        expect(closed.violations, describeViolations(closed)).toBe(0);
        expect(opened.violations, describeViolations(opened)).toBe(0);
      });
    }

    test("home: the announcement, a modal and the hours popup pass too", async ({ page }) => {
      await page.clock.install({ time: FIXED_NOW });
      await open(page, "/");
      if (business.announcement) {
        await page.clock.runFor((business.announcement.settings.delay ?? 0) + 100);
        await expect(page.getByRole("complementary", { name: "Announcement" })).toBeVisible();
      }
      await scrollThrough(page);
      const withBanner = await audit(page, { site, template: "home", path: "/", width, state: "announcement shown" });
      const opener = page.getByRole("button", { name: "See opening hours" }).first();
      await opener.scrollIntoViewIfNeeded();
      await opener.click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(page.locator("body")).toHaveClass(/modal-open/);
      const withModal = await audit(page, { site, template: "home", path: "/", width, state: "modal open" });
      await page.screenshot({ path: screenshotPath(site, `home-${width}-modal`) });
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      expect(withBanner.violations, describeViolations(withBanner)).toBe(0);
      expect(withModal.violations, describeViolations(withModal)).toBe(0);
    });
  });
}

test.describe(`${site}: landmarks and skip link`, () => {
  test("every page type has one banner, one main, one contentinfo, a Main navigation and a working skip link", async ({ page }) => {
    for (const planned of types) {
      await open(page, pathFor(planned));
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toHaveCount(1);
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main")).toBeFocused();
    }
  });
});
