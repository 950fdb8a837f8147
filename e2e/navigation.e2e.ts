import { expect, test, type Locator, type Page } from "@playwright/test";
import { DROPDOWN, NAVIGATION } from "@mainstreet/rules/business/constants";
import { onePagePerTemplate, siteUnderTest } from "./site";
import { FIXED_NOW, VIEWPORT_HEIGHT, WIDTHS, expectedVariant, focusedCoverage, loadHeaderCode, open, pathFor, stubThirdParties } from "./look";
import { startApp } from "./app";

const { site, business, pages } = siteUnderTest();
const parentPages = business.pages.filter((page) => pages.some((planned) => planned.context.fishermanParentPageId === page.id));
const firstParent = parentPages[0]?.title;
const announcement = business.announcement;

const banner = (page: Page) => page.getByRole("banner");
const menuToggle = (page: Page) => banner(page).getByRole("button", { name: "Menu", exact: true });
const tray = (page: Page) => page.getByRole("dialog", { name: "Menu" });
const dropdownToggle = (page: Page, label: string) => banner(page).getByRole("button", { name: `${label} menu`, exact: true });
/**
 * Pauses the page's fake clock just ahead of where it is now and returns that time. The clock keeps
 * running between reading it and pausing it, and pausing in the past is an error, so the pause point
 * leaves a margin longer than that round trip and shorter than any announcement delay; on a machine so
 * busy that the round trip outlasts the margin, the pause is tried again with twice the margin.
 */
const PAUSE_MARGIN_MS = 250;
const PAUSE_MARGIN_MAX_MS = 1000;
async function pauseNow(page: Page): Promise<number> {
  for (let margin = PAUSE_MARGIN_MS; ; margin *= 2) {
    const at = (await page.evaluate(() => Date.now())) + margin;
    try {
      await page.clock.pauseAt(at);
      return at;
    } catch (error) {
      if (!/to the past/.test(String(error)) || margin >= PAUSE_MARGIN_MAX_MS) throw error;
    }
  }
}

const panelOf = async (page: Page, toggle: Locator) => page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);

// Each test opens its own page in its own context: they spread over both workers (playwright.config.ts),
// instead of the whole file queuing in one while the other worker runs out of work.
test.describe.configure({ mode: "parallel" });

test.beforeEach(async ({ page }) => {
  await stubThirdParties(page);
});

for (const width of WIDTHS) {
  const variant = expectedVariant(width);

  test.describe(`${site} at ${width}px (${variant} navigation)`, () => {
    test.use({ viewport: { width, height: VIEWPORT_HEIGHT } });

    test(`shows the ${variant} navigation variant`, async ({ page }) => {
      await open(page, "/");
      const desktopNav = banner(page).getByRole("navigation", { name: "Main" });
      const takesOrders = business.ordering?.enabled === true && business.locations.some((location) => location.orderingEnabled);
      if (variant === "desktop") {
        await expect(desktopNav).toBeVisible();
        await expect(menuToggle(page)).toBeHidden();
        // A site taking online orders leads with ordering, and a phone button offering orders by call gives
        // its place to it (rules/site/order-action.ts).
        const quickActions = banner(page).getByRole("list", { name: "Quick actions" });
        const callsToOrder = (entry: (typeof business.pages)[number]) => takesOrders && /^tel:/.test(entry.url ?? "") && /\border/i.test(entry.title);
        if (takesOrders) await expect(quickActions.getByRole("link").first()).toHaveText(/^(Order|Shop) online$/);
        for (const button of business.pages.filter((entry) => /"as"\s*:\s*"Button"/.test(entry.props ?? "") || entry.as === "Button")) {
          const link = quickActions.getByRole("link", { name: new RegExp(button.title) });
          if (callsToOrder(button)) await expect(link).toHaveCount(0);
          else await expect(link).toBeVisible();
        }
      } else {
        await expect(desktopNav).toBeHidden();
        await expect(menuToggle(page)).toBeVisible();
        const primary = business.locations.find((location) => location.primaryLocation) ?? business.locations[0];
        // Ordering takes the phone's header place where the site takes online orders; the call moves to the tray.
        if (takesOrders) {
          await expect(banner(page).getByRole("link", { name: /^(Order|Shop) online$/ })).toBeVisible();
          await expect(banner(page).getByRole("link", { name: "Call Business" })).toBeHidden();
        } else if (primary.phone) await expect(banner(page).getByRole("link", { name: "Call Business" })).toBeVisible();
        if (business.bookingUrl) await expect(banner(page).getByRole("link", { name: /Book an appointment/ })).toBeVisible();
      }
    });

    test("the bar becomes sticky after 300 px of scrolling", async ({ page }) => {
      await open(page, "/");
      const slot = page.locator(".site-header-slot");
      const header = page.locator(".site-header");
      await page.evaluate((y) => window.scrollTo(0, y), NAVIGATION.stickyOffsetPx - 100);
      await expect(slot).toHaveAttribute("data-sticky", "false");
      await page.evaluate((y) => window.scrollTo(0, y), NAVIGATION.stickyOffsetPx + 100);
      await expect(slot).toHaveAttribute("data-sticky", "true");
      await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(slot).toHaveAttribute("data-sticky", "false");
    });

    if (variant === "mobile") {
      test("the tray opens and closes by mouse and keyboard; it disables page scroll and gives focus back", async ({ page }) => {
        await open(page, "/");
        await menuToggle(page).click();
        await expect(tray(page)).toBeVisible();
        await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true");
        await expect(page.locator("body")).toHaveClass(/has-open-tray/);
        await expect(tray(page).getByRole("button", { name: "Close menu" })).toBeFocused();
        await tray(page).getByRole("button", { name: "Close menu" }).click();
        await expect(tray(page)).toBeHidden();
        await expect(page.locator("body")).not.toHaveClass(/has-open-tray/);

        await menuToggle(page).focus();
        await page.keyboard.press("Enter");
        await expect(tray(page)).toBeVisible();
        // Focus stays inside the dialog however far one tabs.
        for (let step = 0; step < 30; step += 1) await page.keyboard.press("Tab");
        expect(await tray(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);
        await page.keyboard.press("Escape");
        await expect(tray(page)).toBeHidden();
        await expect(menuToggle(page)).toBeFocused();
        await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "false");
      });

      if (firstParent) {
        test(`the tray's popup menus: ${firstParent} expands with its child pages; closing the tray closes it`, async ({ page }) => {
          await open(page, "/");
          await loadHeaderCode(page);
          await menuToggle(page).click();
          const toggle = tray(page).getByRole("button", { name: `${firstParent} menu`, exact: true });
          await toggle.click();
          await expect(toggle).toHaveAttribute("aria-expanded", "true");
          const panel = await panelOf(page, toggle);
          await expect(panel.getByRole("link").first()).toBeVisible();
          await page.keyboard.press("Escape");
          await menuToggle(page).click();
          await expect(tray(page).getByRole("button", { name: `${firstParent} menu`, exact: true })).toHaveAttribute("aria-expanded", "false");
        });
      }

      test.describe("on a touch screen", () => {
        test.use({ hasTouch: true, isMobile: true });

        test("a tap opens the tray and a tap on its close button closes it", async ({ page }) => {
          await open(page, "/");
          await menuToggle(page).tap();
          await expect(tray(page)).toBeVisible();
          await tray(page).getByRole("button", { name: "Close menu" }).tap();
          await expect(tray(page)).toBeHidden();
        });
      });
    }

    if (variant === "desktop" && firstParent) {
      test(`the ${firstParent} dropdown opens on click with an X icon, only one at a time, and closes on a click outside`, async ({ page }) => {
        await open(page, "/");
        const toggle = dropdownToggle(page, firstParent);
        await toggle.click();
        await expect(toggle).toHaveAttribute("aria-expanded", "true");
        await expect(toggle.locator("[data-icon]")).toHaveAttribute("data-icon", "close");
        await expect((await panelOf(page, toggle)).getByRole("link").first()).toBeVisible();
        const second = parentPages[1]?.title;
        if (second) {
          await dropdownToggle(page, second).click();
          await expect(dropdownToggle(page, second)).toHaveAttribute("aria-expanded", "true");
          await expect(toggle).toHaveAttribute("aria-expanded", "false");
        }
        await page.mouse.click(5, VIEWPORT_HEIGHT - 5);
        await expect(banner(page).locator('[aria-expanded="true"]')).toHaveCount(0);
      });

      test(`hovering opens the ${firstParent} dropdown after its delay and leaving closes it`, async ({ page }) => {
        await open(page, "/");
        const toggle = dropdownToggle(page, firstParent);
        await toggle.hover();
        await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: DROPDOWN.hoverOpenDelayMs + 2000 });
        await page.mouse.move(5, VIEWPORT_HEIGHT - 5);
        await expect(toggle).toHaveAttribute("aria-expanded", "false", { timeout: DROPDOWN.pointerLeaveCloseHoverableMs + 2000 });
      });

      test(`the ${firstParent} dropdown by keyboard: Enter opens, arrows move, Escape closes and returns focus`, async ({ page }) => {
        await open(page, "/");
        const toggle = dropdownToggle(page, firstParent);
        await toggle.focus();
        await page.keyboard.press("Enter");
        await expect(toggle).toHaveAttribute("aria-expanded", "true");
        await expect(toggle).toBeFocused();
        await page.keyboard.press("ArrowDown");
        const panel = await panelOf(page, toggle);
        const first = panel.locator("a[href], button").first();
        await expect(first).toBeFocused();
        await page.keyboard.press("End");
        await expect(panel.locator("a[href], button").last()).toBeFocused();
        await page.keyboard.press("Home");
        await expect(first).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(toggle).toHaveAttribute("aria-expanded", "false");
        await expect(toggle).toBeFocused();
        await page.keyboard.press(" ");
        await expect(toggle).toHaveAttribute("aria-expanded", "true");
      });

      test.describe("on a touch screen", () => {
        test.use({ hasTouch: true, isMobile: true });

        test(`a tap opens the ${firstParent} dropdown (no hover on touch) and another tap closes it`, async ({ page }) => {
          await open(page, "/");
          const toggle = dropdownToggle(page, firstParent);
          await expect(toggle).toBeVisible();
          await toggle.tap();
          await expect(toggle).toHaveAttribute("aria-expanded", "true");
          await toggle.tap();
          await expect(toggle).toHaveAttribute("aria-expanded", "false");
        });
      });
    }

    test("keyboard focus is never hidden under the sticky bar or the announcement (WCAG 2.4.11)", async ({ page }) => {
      await page.clock.install({ time: FIXED_NOW });
      await open(page, "/");
      if (announcement) {
        await page.clock.runFor((announcement.settings.delay ?? 0) + 100);
        await expect(page.getByRole("complementary", { name: "Announcement" })).toBeVisible();
      }
      await page.evaluate((y) => window.scrollTo(0, y), NAVIGATION.stickyOffsetPx + 200);
      await expect(page.locator(".site-header-slot")).toHaveAttribute("data-sticky", "true");
      // The bar slides in when it turns sticky; an element inside it is off-screen for those 200 ms,
      // which is motion, not obscuring. Measure once the bar and the announcement have arrived.
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
      const problems: string[] = [];
      for (let step = 0; step < 80; step += 1) {
        await page.keyboard.press("Tab");
        // Focus may scroll the page (to the announcement at the top, say); the bar stops being sticky on
        // the scroll event that follows. Measure what the visitor then sees, not the frame in between.
        await page.evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
        });
        const coverage = await focusedCoverage(page);
        if (coverage && coverage.covered > 0) problems.push(`${coverage.description}: ${Math.round(coverage.covered * 100)}% covered`);
      }
      expect(problems).toEqual([]);
    });
  });
}

test.describe(`${site}: the announcement (timed element)`, () => {
  test.use({ viewport: { width: 1280, height: VIEWPORT_HEIGHT } });

  if (announcement) {
    const delay = announcement.settings.delay ?? 0;
    test(`appears ${delay} ms after load, closes, and stays dismissed (${announcement.settings.dismissalType})`, async ({ page }) => {
      await page.clock.install({ time: FIXED_NOW });
      await open(page, "/");
      // Freeze the page's clock. The delay counts from the moment the page first drove the banner (its watcher,
      // once the page had loaded: timed-element-driver.ts), which the app taking over kept; so right after the
      // app has hydrated it must still be hidden.
      const pausedAt = await pauseNow(page);
      const since = Number(await page.locator("[data-timed-since]").getAttribute("data-timed-since"));
      expect(pausedAt - since).toBeLessThan(delay);
      const region = page.getByRole("complementary", { name: "Announcement" });
      await expect(region).toHaveCount(0);
      await page.clock.runFor(delay + 100);
      await expect(region).toBeVisible();
      await expect(region).toContainText(announcement.text);
      await region.getByRole("button", { name: "Dismiss announcement" }).click();
      await expect(region).toHaveCount(0);

      await page.clock.resume();
      await page.reload({ waitUntil: "domcontentloaded" });
      await startApp(page);
      await page.clock.runFor(delay + 5000);
      await expect(region).toHaveCount(0);

      // The force-show action brings it back.
      await page.goto("/?announcement=show", { waitUntil: "domcontentloaded" });
      await startApp(page);
      await page.clock.runFor(delay + 100);
      await expect(region).toBeVisible();
    });

    test("is a slim bar in the page flow at 375 px: its place is held, so showing it moves nothing", async ({ page }) => {
      await page.setViewportSize({ width: 375, height: VIEWPORT_HEIGHT });
      await page.clock.install({ time: FIXED_NOW });
      await open(page, "/");
      await pauseNow(page);
      const header = page.locator(".site-header");
      const before = await header.boundingBox();
      await page.clock.runFor(delay + 100);
      const region = page.getByRole("complementary", { name: "Announcement" });
      await expect(region).toBeVisible();
      expect(await header.boundingBox()).toEqual(before);
      const box = (await region.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(56);
      // Above the header, in the flow: nothing of the page lies under it.
      expect(box.y + box.height).toBeLessThanOrEqual(before!.y + 0.5);
      expect(await region.evaluate((element) => getComputedStyle(element).position)).toBe("static");
    });

    const focusedPages = pages.filter((planned) => planned.template === "checkout" || planned.template === "order");
    for (const planned of focusedPages) {
      test(`is not on the ${planned.template} page`, async ({ page }) => {
        await page.clock.install({ time: FIXED_NOW });
        await open(page, planned.path);
        await page.clock.runFor(delay + 100);
        await expect(page.locator(".announcement")).toHaveCount(0);
      });
    }

    if (announcement.settings.duration) {
      const duration = announcement.settings.duration;
      test(`hides itself ${duration} ms after it appeared`, async ({ page }) => {
        await page.clock.install({ time: FIXED_NOW });
        await open(page, "/");
        await pauseNow(page);
        const region = page.getByRole("complementary", { name: "Announcement" });
        await page.clock.runFor(delay + 100);
        await expect(region).toBeVisible();
        await page.clock.runFor(duration);
        await expect(region).toHaveCount(0);
      });
    }
  } else {
    test("this business has no announcement, and none ever appears", async ({ page }) => {
      await page.clock.install({ time: FIXED_NOW });
      await open(page, "/");
      await page.clock.runFor(60_000);
      await expect(page.getByRole("complementary", { name: "Announcement" })).toHaveCount(0);
    });
  }
});

test.describe(`${site}: embeds and the map are never server-rendered`, () => {
  for (const planned of onePagePerTemplate(pages)) {
    test(`${planned.template}: no iframe in the server HTML`, async ({ request }) => {
      const response = await request.get(pathFor(planned));
      // A <noscript> fallback (the tag manager's) is not an embed: it never loads where scripts run.
      const html = (await response.text()).replace(/<noscript>[\s\S]*?<\/noscript>/gi, "");
      expect(html).toContain("</html>");
      expect(html).not.toMatch(/<iframe/i);
    });
  }

  const contact = pages.find((planned) => planned.template === "contact");
  if (contact) {
    const key = process.env.GATSBY_MAPS_EMBED_KEY;
    test(key ? "the contact page's maps arrive in the browser, with the public key" : "without a maps key the contact page shows no map frame at all", async ({ page, request }) => {
      const html = await (await request.get(contact.path)).text();
      await open(page, contact.path);
      const frames = page.locator(".map-embed");
      if (!key) {
        await expect(frames).toHaveCount(0);
        return;
      }
      expect(html).toContain("map-embed");
      const first = frames.first();
      await first.scrollIntoViewIfNeeded();
      const iframe = first.locator("iframe");
      await expect(iframe).toHaveAttribute("src", new RegExp(`key=${encodeURIComponent(key)}`));
      await expect(iframe).toHaveAttribute("title", /^Map of /);
    });
  }
});
