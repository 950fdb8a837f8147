import fs from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { manageHash, type ManageRoute } from "@mainstreet/rules/workspace/workspace";
import { artifactsDir, siteUnderTest } from "./site";
import { Service } from "./service";
import { startApp } from "./app";

/**
 * What a visitor tripped over on the production build, each checked where it was seen and photographed after:
 * the cart's message over Checkout, late reservations under the wrong day, the announcement's empty bar, the
 * footer of another location, the team card without a photo and the careers form, the ordering site that led
 * with a phone call, and a free variation read as "$0". Screenshots go to the run's artifacts folder
 * (e2e/artifacts/<sample>/visit/), named by subject and width.
 */

const { site, business, pages } = siteUnderTest();
const SHOTS = path.join(artifactsDir(site), "visit");
const WIDTHS = [
  { name: "375", viewport: { width: 375, height: 812 } },
  { name: "1280", viewport: { width: 1280, height: 900 } },
] as const;
const pathOf = (template: string) => pages.find((page) => page.template === template)?.path ?? null;

async function shot(page: Page, subject: string, width: string, fullPage = false): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${subject}-${width}.png`), fullPage });
}

async function open(browser: Browser, viewport: { width: number; height: number }, pathname: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport, serviceWorkers: "block", javaScriptEnabled: options.javaScriptEnabled ?? true });
  const page = await context.newPage();
  await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
  await page.goto(pathname, { waitUntil: "load" });
  if (options.javaScriptEnabled !== false) await startApp(page);
  return { context, page };
}

test.describe(`${site}: what visitors tripped over`, () => {
  test.describe.configure({ timeout: 90_000 });

  for (const { name: width, viewport } of WIDTHS) {
    test(`the cart's Checkout can be pressed right after adding, with the message off the cart (${width} px)`, async ({ browser }) => {
      const menu = pathOf("services") ?? pathOf("products");
      test.skip(!business.ordering.enabled || !menu, `${site} takes no online orders`);
      const { context, page } = await open(browser, viewport, menu!);
      await page.getByRole("button", { name: /^Add / }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: /^Add to cart/ }).click();
      await expect(dialog).toHaveCount(0);
      const message = page.locator("#ordering-announcer");
      await expect(message).toContainText(/^Added 1 × /);
      await page.getByRole("button", { name: /^Cart, 1 item/ }).first().click();
      const checkout = page.getByRole("dialog", { name: "Your cart" }).getByRole("link", { name: /Checkout/ });
      await expect(checkout).toBeVisible();
      // Nothing lies over it: the element at its centre is the link (or inside it), and a click lands.
      const onTop = await checkout.evaluate((link) => {
        const box = link.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && link.contains(top);
      });
      expect(onTop, "the Checkout button is the topmost element at its centre").toBe(true);
      await checkout.click({ trial: true, timeout: 2_000 });
      // Still told to screen readers, no longer on screen.
      await expect(message).toHaveClass("visually-hidden");
      await expect(message).toHaveAttribute("role", "status");
      await shot(page, "cart-after-adding", width);
      await context.close();
    });
  }

  test("late reservations are listed under the evening they continue and confirmed as that night", async ({ browser }) => {
    const reservations = pathOf("reservations");
    const late = business.locations.find((location) => location.reservations?.enabled && location.hours.some((entry) => entry.day === 5 && entry.open !== null && entry.close !== null && entry.close < entry.open));
    test.skip(!reservations || !late, `${site} has no location taking reservations open past midnight on Fridays`);
    const zone = late!.timezone;
    // A Friday at least two days ahead, so its late times are still ahead while the test runs.
    let friday = DateTime.now().setZone(zone).plus({ days: 2 }).startOf("day");
    while (friday.weekday !== 5) friday = friday.plus({ days: 1 });
    const { context, page } = await open(browser, WIDTHS[0].viewport, reservations!);
    const form = page.locator("main form").first();
    const locationSelect = form.getByLabel("Location", { exact: true });
    if ((await locationSelect.count()) > 0) await locationSelect.selectOption(late!.id);
    await form.getByLabel("Date", { exact: true }).fill(friday.toISODate()!);
    const time = form.getByLabel("Time", { exact: true });
    await expect(time.locator("option", { hasText: "12:30am" })).toHaveCount(1, { timeout: 20_000 });
    const labels = (await time.locator("option").allTextContents()).filter((text) => !/^Choose/.test(text));
    expect(labels.slice(-3)).toEqual(["11:30pm", "Midnight", "12:30am"].map((text) => expect.stringContaining(text)));
    // Saturday's list opens with its own opening, not Friday's late hours (its own late hours come last).
    const saturday = friday.plus({ days: 1 });
    const saturdayOpens = late!.hours.filter((entry) => entry.day === 6 && entry.open !== null).map((entry) => entry.open!);
    await form.getByLabel("Date", { exact: true }).fill(saturday.toISODate()!);
    const firstSaturday = time.locator("option:not([value=''])").first();
    await expect(firstSaturday).not.toHaveText(/Midnight|12:30am/, { timeout: 20_000 });
    if (saturdayOpens.length > 0) {
      const open = Math.min(...saturdayOpens);
      await expect(firstSaturday).toContainText(DateTime.fromObject({ hour: Math.floor(open / 100), minute: open % 100 }).toFormat("h:mma").toLowerCase());
    }
    await form.getByLabel("Date", { exact: true }).fill(friday.toISODate()!);
    await time.selectOption({ label: (await time.locator("option", { hasText: "12:30am" }).textContent())!.trim() });
    await form.getByLabel("Name", { exact: true }).fill("Night Owl");
    await form.getByLabel("Email", { exact: true }).fill("night.owl@example.com");
    await form.getByRole("button", { name: "Reserve" }).click();
    const when = page.locator(".reservation-summary dd").nth(1);
    await expect(when).toHaveText(`Friday night, ${friday.toFormat("d MMMM yyyy")}, 12:30am`, { timeout: 20_000 });
    await shot(page, "late-reservation-confirmed", "375");
    await context.close();
  });

  test("a star tapped once is the rating the review is sent with, on a phone's first tap", async ({ browser }) => {
    const locationPath = pathOf("location");
    test.skip(!locationPath, `${site} has no location page`);
    const context = await browser.newContext({ viewport: WIDTHS[0].viewport, hasTouch: true, isMobile: true, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
    await page.goto(locationPath!, { waitUntil: "load" });
    const form = page.locator("form", { has: page.getByRole("group", { name: "Rating" }) }).first();
    const star = form.locator(".form-rating label").nth(3);
    await star.scrollIntoViewIfNeeded();
    await star.tap();
    await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await form.getByLabel("Your review").fill("Warm service and a crisp crust; we will be back.");
    await form.getByRole("button", { name: "Send review" }).click();
    await expect(page.getByText("Thank you for your review.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/Please fix/)).toHaveCount(0);
    await shot(page, "review-first-tap-sent", WIDTHS[0].name);
    await context.close();
  });

  for (const { name: width, viewport } of WIDTHS) {
    test(`the announcement's place shows no empty coloured bar in the first paint, and showing it shifts nothing (${width} px)`, async ({ browser }) => {
      test.skip(!business.announcement, `${site} has no announcement`);
      // The first paint: the HTML as served, before any script.
      const plain = await open(browser, viewport, "/", { javaScriptEnabled: false });
      const slot = plain.page.locator(".announcement-slot");
      await expect(slot).toHaveCount(1);
      const held = await slot.evaluate((element) => {
        const bar = element.querySelector(".announcement");
        return { height: element.getBoundingClientRect().height, background: bar ? getComputedStyle(bar).backgroundColor : null, text: bar ? getComputedStyle(bar.querySelector(".announcement__inner")!).visibility : null };
      });
      expect(held.height, "the place is held").toBeGreaterThan(0);
      expect(held.background, "no coloured bar without its text").toBe("rgba(0, 0, 0, 0)");
      expect(held.text).toBe("hidden");
      await shot(plain.page, "announcement-first-paint", width);
      await plain.context.close();

      // With the scripts: where the bar's place and everything under it are in the last frame before the bar shows,
      // and two frames after. Compared as geometry, not as the page's layout-shift score: on a loaded machine a web
      // font can land at any moment and reflow the header's words, a shift of its own that says nothing about the bar.
      const context = await browser.newContext({ viewport, serviceWorkers: "block" });
      const page = await context.newPage();
      await page.addInitScript(() => {
        type Geometry = { slot: number; main: number; header: number };
        const record = window as unknown as { __held: Geometry | null; __shown: Geometry | null };
        record.__held = null;
        record.__shown = null;
        const measure = (): Geometry | null => {
          const slot = document.querySelector(".announcement-slot");
          const main = document.querySelector("main");
          const header = document.querySelector("header");
          if (!slot || !main || !header) return null;
          return { slot: slot.getBoundingClientRect().height, main: main.getBoundingClientRect().top + window.scrollY, header: header.getBoundingClientRect().top + window.scrollY };
        };
        const watch = () => {
          const state = document.querySelector(".announcement-slot")?.getAttribute("data-timed-state");
          if (state === "shown") {
            requestAnimationFrame(() => requestAnimationFrame(() => (record.__shown = measure())));
            return;
          }
          if (state === "held") record.__held = measure();
          requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      });
      await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
      await page.goto("/", { waitUntil: "load" });
      await expect(page.locator(".announcement-slot")).toHaveAttribute("data-timed-state", "shown", { timeout: 30_000 });
      await expect(page.locator(".announcement")).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
      await expect.poll(() => page.evaluate(() => (window as unknown as { __shown: unknown }).__shown !== null)).toBe(true);
      const { held: before, shown: after } = await page.evaluate(() => {
        const record = window as unknown as { __held: unknown; __shown: unknown };
        return { held: record.__held as { slot: number; main: number; header: number } | null, shown: record.__shown as { slot: number; main: number; header: number } };
      });
      expect(before, "the bar's place was held in a frame before it showed").not.toBeNull();
      // A sub-pixel difference is rounding; the bar pushing the page down would move it by its height (about 40 px).
      expect(Math.abs(after.slot - before!.slot), `the bar's place: ${before!.slot} px held, ${after.slot} px shown`).toBeLessThan(1);
      expect(Math.abs(after.header - before!.header), `the header: at ${before!.header} px, then ${after.header} px`).toBeLessThan(1);
      expect(Math.abs(after.main - before!.main), `the page's content: at ${before!.main} px, then ${after.main} px`).toBeLessThan(1);
      await context.close();
    });
  }

  for (const { name: width, viewport } of WIDTHS) {
    test(`a location's page has that location in its footer (${width} px)`, async ({ browser }) => {
      const other = business.locations.find((location) => !location.primaryLocation && location.timezone !== business.locations.find((candidate) => candidate.primaryLocation)?.timezone);
      const page_ = other ? pages.find((page) => page.template === "location" && page.context.locationId === other.id) : undefined;
      test.skip(!other || !page_, `${site} has no second location in another zone`);
      const primary = business.locations.find((location) => location.primaryLocation)!;
      const { context, page } = await open(browser, viewport, page_!.path);
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText(other!.street);
      await expect(footer).not.toContainText(primary.street);
      const zones = await footer.locator("[data-open-status]").evaluateAll((elements) => elements.map((element) => element.getAttribute("data-zone")));
      expect(zones.length).toBeGreaterThan(0);
      expect(new Set(zones)).toEqual(new Set([other!.timezone]));
      await footer.scrollIntoViewIfNeeded();
      await shot(page, "location-footer", width);
      await context.close();
    });
  }

  for (const { name: width, viewport } of WIDTHS) {
    test(`the team grid gives a member without a photo their initials, in a card the size of the others (${width} px)`, async ({ browser }) => {
      const team = pathOf("team");
      test.skip(!team || !business.team.some((member) => member.show && !member.image), `${site} has no member without a photo`);
      const { context, page } = await open(browser, viewport, team!);
      const portraits = page.locator(".member-card .member-portrait");
      const monograms = page.locator(".member-card .member-portrait--initials");
      expect(await monograms.count()).toBeGreaterThan(0);
      await expect(monograms.first()).toHaveAttribute("aria-hidden", "true");
      await expect(monograms.first()).toHaveText(/^[A-Z]{1,2}$/);
      const heights = await portraits.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().height)));
      expect(new Set(heights).size, `portrait heights ${heights.join(", ")}`).toBe(1);
      await monograms.first().scrollIntoViewIfNeeded();
      await shot(page, "team-grid", width);
      await context.close();
    });
  }

  for (const { name: width, viewport } of WIDTHS) {
    test(`a member without a photo has their initials on their own page, in the box a photo takes there (${width} px)`, async ({ browser }) => {
      const member = business.team.find((candidate) => candidate.show && !candidate.image);
      const memberPage = member ? pages.find((page) => page.template === "team-member" && page.context.memberId === member.id) : undefined;
      const withPhoto = business.team.find((candidate) => candidate.show && candidate.image);
      const photoPage = withPhoto ? pages.find((page) => page.template === "team-member" && page.context.memberId === withPhoto.id) : undefined;
      test.skip(!memberPage || !photoPage, `${site} has no shown member without a photo beside one with`);
      const { context, page } = await open(browser, viewport, photoPage!.path);
      const photoBox = await page.locator(".item-detail .member-portrait").boundingBox();
      await page.goto(memberPage!.path, { waitUntil: "load" });
      const portrait = page.locator(".item-detail .member-portrait--initials");
      await expect(portrait).toHaveText(/^[A-Z]{1,2}$/);
      await expect(portrait).toHaveAttribute("aria-hidden", "true");
      const box = await portrait.boundingBox();
      expect(box && photoBox, "both portraits are laid out").toBeTruthy();
      expect(Math.abs(box!.width - photoBox!.width), `widths ${box!.width} and ${photoBox!.width}`).toBeLessThanOrEqual(1);
      expect(Math.abs(box!.height - photoBox!.height), `heights ${box!.height} and ${photoBox!.height}`).toBeLessThanOrEqual(1);
      await shot(page, "member-page-initials", width);
      await context.close();
    });
  }

  test("the careers page gives one way to apply, and its summary names the fields in the form's order", async ({ browser }) => {
    const careers = pathOf("work-with-us");
    test.skip(!careers, `${site} has no careers page`);
    const { context, page } = await open(browser, WIDTHS[0].viewport, careers!);
    await expect(page.getByText(/send a short note/)).toHaveCount(0);
    const form = page.getByRole("form", { name: "Apply to join us" });
    await form.getByRole("button", { name: "Send application" }).click();
    const shown = await form.locator("input:not([type=hidden]), select, textarea").evaluateAll((fields) =>
      fields.map((field) => ((field as HTMLInputElement).labels?.[0]?.textContent ?? "").replace(/\s*\(optional\)\s*$/, "").trim()),
    );
    // The tap may be held until the form's code arrives: the summary is read once it names the fields.
    await expect(form.locator(".form-message")).toHaveText(/^Please fix \d+ fields?:/);
    const message = (await form.locator(".form-message").textContent()) ?? "";
    const named = message.replace(/^[^:]*:\s*/, "").replace(/\.$/, "").split(", ");
    expect(named.length).toBeGreaterThan(1);
    expect(named).toEqual(shown.filter((label) => named.includes(label)));
    await shot(page, "careers-refused", "375");
    await context.close();
  });

  for (const { name: width, viewport } of WIDTHS) {
    test(`a site taking online orders leads with ordering in its header, hero and footer, the call a second way (${width} px)`, async ({ browser }) => {
      test.skip(!business.ordering.enabled || !business.locations.some((location) => location.orderingEnabled), `${site} takes no online orders`);
      const { context, page } = await open(browser, viewport, "/");
      const hero = page.locator(".hero__actions");
      await expect(hero.getByRole("link").first()).toHaveText(/^(Order|Shop) online$/);
      const banner = page.getByRole("banner");
      if (width === "1280") {
        const buttons = page.getByRole("list", { name: "Quick actions" }).getByRole("link");
        await expect(buttons.first()).toHaveText(/^(Order|Shop) online$/);
        await expect(buttons.filter({ hasText: /call to order/i })).toHaveCount(0);
      } else {
        // The phone's header row: the order button first, no call in it; the call is the tray's last line.
        const row = banner.locator(".site-header__mobile-actions").locator("a:visible, button:visible");
        await expect(row.first()).toHaveAccessibleName(/^(Order|Shop) online$/);
        await expect(banner.locator('a[href^="tel:"]:visible')).toHaveCount(0);
        await shot(page, "home-leads-with-ordering", width);
        await banner.getByRole("button", { name: "Menu" }).click();
        const tray = page.getByRole("dialog", { name: "Menu" });
        await expect(tray.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+\d+$/);
        await shot(page, "tray-call-second", width);
        await tray.getByRole("button", { name: "Close menu" }).click();
      }
      const footerActions = page.getByRole("contentinfo").locator(".site-footer__col--brand a.button");
      await expect(footerActions.first()).toHaveText(/^(Order|Shop) online$/);
      if (width === "1280") await shot(page, "home-leads-with-ordering", width);
      await context.close();
    });
  }

  for (const { name: width, viewport } of WIDTHS) {
    test(`a location taking online orders has ordering from it as its page's first action, its number after (${width} px)`, async ({ browser }) => {
      const location = business.locations.find((candidate) => candidate.orderingEnabled && !candidate.primaryLocation) ?? business.locations.find((candidate) => candidate.orderingEnabled);
      const locationPage = location ? pages.find((page) => page.template === "location" && page.context.locationId === location.id) : undefined;
      test.skip(!business.ordering.enabled || !locationPage, `${site} has no location page taking online orders`);
      const { context, page } = await open(browser, viewport, locationPage!.path);
      const main = page.getByRole("main");
      const order = main.getByRole("link", { name: new RegExp(`^(Order|Shop) online from ${location!.name ?? location!.city}$`) });
      const firstAction = main.locator("a.button:visible").first();
      await expect(firstAction).toHaveText(new RegExp(`^(Order|Shop) online from `));
      const orderTop = (await order.boundingBox())!.y;
      const callTop = (await main.locator('a[href^="tel:"]').first().boundingBox())!.y;
      expect(orderTop, "ordering is above the card's number").toBeLessThan(callTop);
      await expect(page.getByRole("banner").locator('a[href^="tel:"]:visible')).toHaveCount(0);
      await shot(page, "location-leads-with-ordering", width);
      await order.click();
      await expect(page).toHaveURL(new RegExp(`${pathOf("services") ?? pathOf("products")}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await context.close();
    });
  }

  test("a free variation reads Free on the card and the page, and is an offer of 0 in the structured data", async ({ browser }) => {
    const item = business.menu.items.find((candidate) => candidate.variations.length > 1 && candidate.variations.some((variation) => variation.priceCents === 0));
    const itemPage = item ? pages.find((page) => page.template === "service-item" && page.context.itemId === item.id) : undefined;
    test.skip(!item || !itemPage, `${site} has no item with a free variation beside a paid one`);
    const { context, page } = await open(browser, WIDTHS[0].viewport, itemPage!.path);
    const lead = page.locator(".page-header");
    await expect(lead).toContainText(/Free or /);
    await expect(lead).not.toContainText(/\$0\b/);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const offers = blocks.map((text) => JSON.parse(text) as { offers?: { price: string }[] }).flatMap((block) => block.offers ?? []);
    expect(offers.map((offer) => offer.price)).toContain("0.00");
    await shot(page, "free-variation", "375");
    await context.close();
  });
});

/**
 * What owners tripped over, photographed on the production build's workspace at a tablet's and a phone's width:
 * the sign-in and reset screens with the business's name, and the screens that broke on a phone or read oddly
 * (staff, an application beside the messages, a review without a name, the folded availability list,
 * subscribers). Each screen fits its width without sideways scroll.
 */
test.describe(`${site}: the workspace's screens as an owner meets them`, () => {
  test.skip(!business.ordering.enabled, `${site}'s workspace runs in manage.e2e.ts on the sample that takes orders`);
  test.describe.configure({ mode: "serial", timeout: 150_000 });
  const OWNER = { email: "owner@example.com", password: "copper kettle morning tide" };
  const WORKSPACE_WIDTHS = [
    { name: "768", viewport: { width: 768, height: 1024 } },
    { name: "375", viewport: { width: 375, height: 812 } },
  ] as const;
  const SCREENS: { shot: string; route: ManageRoute; shows: RegExp }[] = [
    { shot: "staff", route: { screen: "staff", view: null }, shows: /Owner/ },
    { shot: "messages-application", route: { screen: "messages", view: "application" }, shows: /Jordan Lee/ },
    { shot: "reviews-unnamed", route: { screen: "reviews", view: null }, shows: /A guest/ },
    { shot: "availability", route: { screen: "availability", view: null }, shows: /Find an item/ },
    { shot: "subscribers", route: { screen: "subscribers", view: null }, shows: /@example\.com/ },
  ];

  let service: Service;
  test.beforeAll(async () => {
    service = await Service.start({}, (prepared) => {
      prepared.addAccount(business.id, OWNER);
    });
  });
  test.afterAll(async () => {
    await service?.stop();
    service?.dispose();
  });

  test("signed out, then each screen an owner tripped over, at 768 and 375 px, with no sideways scroll", async ({ browser, request }) => {
    const event = async (type: string, fieldValues: Record<string, unknown>, location: string | null = null) => {
      const response = await request.post(`${service.baseURL}/api/events/website/`, {
        data: { business_info: { id: business.id }, location: location ? { id: location } : null, component_configuration: { type }, event_data: { fieldValues } },
      });
      expect(response.ok(), `${type}: ${await response.text()}`).toBe(true);
    };
    await event("review", { rating: 4, text: "Lovely pasta, a little slow on a busy night." }, business.locations[0].id);
    await event("subscribe", { email: "newest.subscriber@example.com", optIn: true });
    await event("application", { name: "Jordan Lee", email: "jordan@example.com", role: "Line cook", message: "Five years on the line." });

    for (const { name: width, viewport } of WORKSPACE_WIDTHS) {
      const context = await browser.newContext({ viewport, baseURL: service.baseURL });
      const page = await context.newPage();
      await page.goto("/manage/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(business.name).first()).toBeVisible();
      await shot(page, "workspace-sign-in", width, true);
      await page.getByLabel("Email").fill(OWNER.email);
      await page.getByLabel("Password").fill(OWNER.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("status", { name: /Orders arrive on this screen/ })).toHaveText(/: Live$/);
      for (const screen of SCREENS) {
        await page.goto(`/manage/${manageHash(screen.route)}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
        await expect(page.getByText(/^Loading .*…$/)).toHaveCount(0);
        await expect(page.locator("main")).toContainText(screen.shows);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
        expect.soft(scrollWidth, `${screen.shot}: ${scrollWidth} px wide in a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
        await shot(page, `workspace-${screen.shot}`, width, true);
      }
      await context.close();
    }
  });
});
