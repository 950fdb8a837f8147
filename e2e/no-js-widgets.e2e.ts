import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { artifactsDir, hydrated, siteUnderTest } from "./site";

/**
 * The disclosure widgets answer from HTML and CSS alone (hydration/native-popover.ts): with JavaScript turned off
 * they open, show their links and close; and a tap that comes before any script of the page has run opens the
 * widget in the very next frame, which React then takes over open, with no visible change.
 */

const { site, pages } = siteUnderTest();
const PHONE = { width: 375, height: 812 };
const NATIVE_TRAY = ".tray--native";

/** A screenshot for review, once the opening's slide (CSS, reduced motion aside) has finished. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  const dir = artifactsDir(site);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `no-js-${name}.png`) });
}

/** Presses Tab until focus is on a link of `scope`, at most `presses` times; the link's text, or null. */
async function tabToLinkIn(page: Page, scope: string, presses: number): Promise<string | null> {
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press("Tab");
    const text = await page.locator(`${scope} a:focus`).first().textContent({ timeout: 200 }).catch(() => null);
    if (text !== null) return text;
  }
  return null;
}

async function noScriptPage(browser: Browser, viewport: { width: number; height: number }, target = "/") {
  const context = await browser.newContext({ viewport, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(target);
  return { context, page };
}

test.describe(`${site}: disclosure widgets work with JavaScript disabled`, () => {
  test("at 375 px the menu toggle opens the tray, its links are reachable by Tab, and Escape or its close button closes it", async ({ browser }) => {
    const { context, page } = await noScriptPage(browser, PHONE);
    const toggle = page.locator("button.nav-toggle");
    const tray = page.locator(NATIVE_TRAY);
    await expect(tray).toBeHidden();

    await toggle.click();
    await expect(tray).toBeVisible();
    const links = tray.locator("a.tray__link");
    await expect(links.first()).toBeVisible();
    expect(await links.count()).toBeGreaterThan(0);
    // A page with child pages has a dropdown toggle in the desktop bar: its children are listed in the tray.
    if ((await page.locator(".nav-desktop__toggle").count()) > 0) await expect(tray.locator(".tray__children a").first()).toBeVisible();
    test.info().annotations.push({ type: "elements in the served tray", description: String(await tray.evaluate((element) => element.querySelectorAll("*").length + 1)) });
    await shoot(page, "tray-375");

    const focused = await tabToLinkIn(page, NATIVE_TRAY, 4);
    expect(focused, "a link in the tray takes focus from the keyboard").not.toBeNull();
    await page.keyboard.press("Escape");
    await expect(tray).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(tray).toBeVisible();
    await tray.getByRole("button", { name: "Close menu" }).click();
    await expect(tray).toBeHidden();
    await context.close();
  });

  test("at 1280 px a dropdown toggle opens its child pages, reachable by Tab, and Escape closes it", async ({ browser }) => {
    const { context, page } = await noScriptPage(browser, { width: 1280, height: 900 });
    const toggles = page.locator("button.nav-desktop__toggle");
    test.skip((await toggles.count()) === 0, `${site}'s navigation has no page with child pages`);
    const toggle = toggles.first();
    const panel = page.locator(`[id="${await toggle.getAttribute("popovertarget")}"]`);
    await expect(panel).toBeHidden();

    await toggle.click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link").first()).toBeVisible();
    // With no script at all the browser puts it in the middle of the screen, whole.
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 900, "the panel is wholly on screen").toBe(true);
    await shoot(page, "dropdown-1280");

    expect(await tabToLinkIn(page, `[id="${await toggle.getAttribute("popovertarget")}"]`, 2), "a child page's link takes focus from the keyboard").not.toBeNull();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    await context.close();
  });

  test("at 375 px See weekly hours opens the week, and Escape closes it", async ({ browser }) => {
    const contact = pages.find((planned) => planned.template === "contact");
    test.skip(!contact, `${site} has no contact page`);
    const { context, page } = await noScriptPage(browser, PHONE, contact!.path);
    const button = page.locator(".hours-popup button[popovertarget]").first();
    test.skip((await button.count()) === 0, `${site}'s contact page has no hours popup`);
    const week = page.locator(`[id="${await button.getAttribute("popovertarget")}"]`);
    await expect(week).toBeHidden();
    await button.scrollIntoViewIfNeeded();
    await button.click();
    await expect(week).toBeVisible();
    await expect(week.getByRole("table")).toBeVisible();
    await expect(week.getByRole("row")).not.toHaveCount(0);
    await shoot(page, "hours-375");
    await page.keyboard.press("Escape");
    await expect(week).toBeHidden();
    await expect(button).toBeFocused();
    await context.close();
  });
});

test.describe(`${site}: a disclosure widget tapped before the page's code`, () => {
  test.describe.configure({ timeout: 90_000 });

  test("at 1280 px a dropdown's served panel and the served week open under their toggle (the page's inline script places them)", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
    const page = await context.newPage();
    // The app's scripts never come: only the page's inline script runs.
    await page.route(/\.js(\?.*)?$/, (route) => route.abort());
    await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
    const underToggle = async (toggle: ReturnType<Page["locator"]>) => {
      const panel = page.locator(`[id="${await toggle.getAttribute("popovertarget")}"]`);
      await toggle.click();
      await expect(panel).toBeVisible();
      const [under, box] = [await toggle.boundingBox(), await panel.boundingBox()];
      expect(box && under && box.y >= under.y + under.height - 1 && box.y < under.y + under.height + 24, "the panel hangs under its toggle").toBe(true);
      expect(box && under && box.x + box.width >= under.x && box.x <= under.x + under.width, "the panel is beside its toggle, not across the screen").toBe(true);
      expect(box && box.x >= 0 && box.x + box.width <= 1280, "the panel is wholly on screen").toBe(true);
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
    };
    await page.goto("/", { waitUntil: "load" });
    const dropdowns = page.locator("button.nav-desktop__toggle");
    for (let index = 0; index < (await dropdowns.count()); index += 1) await underToggle(dropdowns.nth(index));
    const contact = pages.find((planned) => planned.template === "contact");
    if (contact) {
      await page.goto(contact.path, { waitUntil: "load" });
      const week = page.locator(".hours-popup button[popovertarget]").first();
      if ((await week.count()) > 0) {
        await week.scrollIntoViewIfNeeded();
        await underToggle(week);
      }
    }
    expect((await dropdowns.count()) + (contact ? 1 : 0), `${site} has a dropdown or an hours popup to place`).toBeGreaterThan(0);
    await context.close();
  });

  test("the menu is open in the next frame, and stays open under React's control once the page has hydrated", async ({ browser }) => {
    // No service worker: it would fetch the code past the route below.
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, serviceWorkers: "block" });
    const page = await context.newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?.*)?$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
    await page.goto("/", { waitUntil: "load" });
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null), "no script of the app had run at the tap").toBeNull();

    const toggle = page.locator("button.nav-toggle");
    const tray = page.locator(NATIVE_TRAY);
    await toggle.tap();
    const shownNextFrame = await page.evaluate(
      (selector) =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() => {
            const element = document.querySelector(selector);
            resolve(element !== null && element.matches(":popover-open") && element.getBoundingClientRect().height > 0);
          }),
        ),
      NATIVE_TRAY,
    );
    expect(shownNextFrame, "the tray showed in the frame after the tap").toBe(true);
    // Any closing of the served tray from now on is a visible change.
    await tray.evaluate((element) => element.addEventListener("toggle", (event) => (event as Event & { newState: string }).newState === "closed" && (document.body.dataset.trayClosed = "true")));

    release();
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 30_000 });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(await hydrated(toggle), "the header has hydrated").toBe(true);
    await expect(tray).toBeVisible();
    await expect(page.locator("#site-menu-tray"), "no second tray over the served one").toHaveCount(0);
    expect(await page.evaluate(() => document.body.dataset.trayClosed ?? null), "the tray never closed on the way").toBeNull();
    await expect(tray.getByRole("button", { name: "Close menu" }), "taken over, focus goes into the tray as in the animated one").toBeFocused();
    for (let step = 0; step < 30; step += 1) await page.keyboard.press("Tab");
    expect(await tray.evaluate((element) => element.contains(document.activeElement)), "focus stays inside the tray however far one tabs").toBe(true);
    const axe = await new AxeBuilder({ page }).include(NATIVE_TRAY).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(tray).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();

    // From now on the toggle opens the animated tray, with its focus trap, and not the served one.
    await toggle.tap();
    await expect(page.locator("#site-menu-tray")).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(tray).toBeHidden();
    await context.close();
  });
});
