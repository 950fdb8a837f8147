import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { SOLD_OUT_LABEL } from "@mainstreet/rules/orders/sold-out";
import { MANAGE_SCREENS, manageHash, type ManageRoute, type ManageScreen } from "@mainstreet/rules/workspace/workspace";
import { artifactsDir, siteUnderTest } from "./site";
import { Service } from "./service";
import { addItem, chooseTip15, fillCard, fillCustomer, itemsWithModifiers, menuPage, openCheckout, placedOrderRef } from "./visitor-order";

/**
 * The merchant workspace end to end, on the production build of a business that takes orders:
 * a visitor orders on the site, the merchant (signed in at /manage/ on a tablet) sees the order arrive
 * without reloading, accepts it and marks it ready, and the visitor's order page says "Ready"; an item the
 * merchant marks sold out shows as sold out on the menu, without a rebuild, and comes back when cleared.
 * The owner is created with the operators' CLI (`npm run merchant:add`) before the service starts, as
 * docs/merchant.md tells an operator to (PGlite belongs to one process).
 */

const { site, business } = siteUnderTest();
const OWNER = { email: "owner@example.com", password: "copper kettle morning tide" };
const TABLET = { width: 768, height: 1024 };
const PHONE = { width: 375, height: 812 };
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** The views each screen has besides its first (`#/orders/recent`). */
const SCREEN_VIEWS: Partial<Record<ManageScreen, string[]>> = {
  orders: ["recent"],
  reservations: ["upcoming"],
  messages: ["application"],
  reviews: ["approved", "rejected"],
  site: ["hours", "announcement", "pages", "history"],
};

test.describe(`${site}: the merchant runs what visitors send`, () => {
  test.skip(!business.ordering.enabled, `${site} does not take online orders`);
  test.describe.configure({ mode: "serial", timeout: 150_000 });

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

  async function signIn(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: service.baseURL });
    const page = await context.newPage();
    await page.goto("/manage/");
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("status", { name: /Orders arrive on this screen/ })).toHaveText(/: Live$/);
    return page;
  }

  async function visitor(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, baseURL: service.baseURL });
    const page = await context.newPage();
    await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
    return page;
  }

  test("a visitor's order appears in the queue without reloading; accepted, then ready, the visitor's page says Ready", async ({ browser }) => {
    const merchant = await signIn(browser, TABLET);
    await expect(merchant.getByRole("article")).toHaveCount(0);
    const guest = await visitor(browser);
    await guest.goto(menuPage, { waitUntil: "networkidle" });
    await addItem(guest, itemsWithModifiers[0], { quantity: 2 });
    await openCheckout(guest);
    await fillCustomer(guest);
    await chooseTip15(guest);
    await fillCard(guest);
    await guest.getByRole("button", { name: /^Place order/ }).click();
    await guest.waitForURL(/\/order\/\?id=/);
    await expect(guest.getByRole("heading", { name: /^Order [0-9A-F]{8}$/ })).toBeVisible();
    const { number } = await placedOrderRef(guest);
    const progress = guest.locator(".confirmation__progress");
    await expect(progress).toHaveText(/^Received/);

    // The queue learns of it from the event stream: the page is the one opened before the order existed.
    const ticket = merchant.getByRole("article", { name: `Order ${number}` });
    await expect(ticket).toBeVisible({ timeout: 20_000 });
    await expect(ticket.getByText(itemsWithModifiers[0].name, { exact: false }).first()).toBeVisible();
    await expect(merchant.getByRole("link", { name: /Orders 1 waiting/ })).toBeVisible();
    fs.mkdirSync(artifactsDir(site), { recursive: true });
    await merchant.screenshot({ path: path.join(artifactsDir(site), "orders-tablet.png") });
    expect((await new AxeBuilder({ page: merchant }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);

    await merchant.getByRole("button", { name: `Accept order ${number}` }).click();
    await expect(ticket.getByText("Accepted", { exact: true })).toBeVisible();
    await merchant.setViewportSize(PHONE);
    await merchant.screenshot({ path: path.join(artifactsDir(site), "orders-phone.png") });
    expect((await new AxeBuilder({ page: merchant }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
    await merchant.getByRole("button", { name: `Ready order ${number}` }).click();
    await expect(ticket.getByText("Ready", { exact: true })).toBeVisible();

    // The visitor's page reads the order again while it is open (every 20 s, and when it is shown again).
    await expect(progress).toHaveText(/^(Ready for pickup|Out for delivery)/, { timeout: 45_000 });
    await guest.context().close();
    await merchant.context().close();
  });

  test("an item marked sold out shows as sold out on the menu without a rebuild, and comes back when cleared", async ({ browser }) => {
    const item = itemsWithModifiers[1] ?? itemsWithModifiers[0];
    const merchant = await signIn(browser, TABLET);
    await merchant.getByRole("link", { name: "Availability" }).first().click();
    // Categories start folded; a search opens the one holding the item.
    await merchant.getByLabel("Find an item").fill(item.name);
    const controls = merchant.getByRole("group", { name: `${item.name}: availability` });
    await controls.getByRole("button", { name: "Sold out today" }).click();
    await expect(controls.getByRole("button", { name: "Sold out today" })).toHaveAttribute("aria-pressed", "true");
    expect((await new AxeBuilder({ page: merchant }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);

    const menuShows = async (soldOut: boolean) => {
      const guest = await visitor(browser);
      await guest.goto(menuPage, { waitUntil: "networkidle" });
      const card = guest.locator("article.item-card").filter({ has: guest.getByRole("heading", { name: item.name, exact: true }) }).first();
      await card.scrollIntoViewIfNeeded();
      const add = card.getByRole("button", { name: `Add ${item.name}`, exact: true });
      // The build's page offers it; what the service says now takes the button's place once the card's code runs.
      if (soldOut) {
        await expect(card.getByText(SOLD_OUT_LABEL, { exact: true })).toBeVisible({ timeout: 20_000 });
        await expect(add).toHaveCount(0);
      } else {
        await expect(add).toBeVisible();
        await expect(card.getByText(SOLD_OUT_LABEL, { exact: true })).toHaveCount(0);
      }
      await guest.context().close();
    };
    await menuShows(true);

    await controls.getByRole("button", { name: "Available" }).click();
    await expect(controls.getByRole("button", { name: "Available" })).toHaveAttribute("aria-pressed", "true");
    await menuShows(false);
    await merchant.context().close();
  });

  test("signed out, the workspace logs no console error, names the business with its logo, and offers a password reset (375 and 768 px)", async ({ browser }) => {
    for (const viewport of [PHONE, TABLET]) {
      const context = await browser.newContext({ viewport, baseURL: service.baseURL });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      const shot = async (name: string) => {
        expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: path.join(artifactsDir(site), `${name}-${viewport.width}.png`), fullPage: true });
      };
      fs.mkdirSync(artifactsDir(site), { recursive: true });

      await page.goto("/manage/", { waitUntil: "networkidle" });
      await expect(page.getByRole("heading", { level: 1, name: "Sign in to the workspace" })).toBeVisible();
      await expect(page.getByText(business.name, { exact: true })).toBeVisible();
      if (business.logo) {
        const logo = page.getByRole("img", { name: business.logo.alt });
        await expect(logo).toBeVisible();
        expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      }
      await expect(page.getByText("docs/merchant.md")).toHaveCount(0);
      await shot("sign-in");
      expect(errors).toEqual([]);

      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
      await page.getByLabel("Email").fill(OWNER.email);
      await page.getByRole("button", { name: "Email me a link" }).click();
      await expect(page.getByRole("status").filter({ hasText: "If an account uses this address" })).toBeVisible();
      await shot("forgot-password");

      await page.goto(`/manage/#/reset/${"A".repeat(43)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
      await page.getByLabel("New password", { exact: true }).fill("copper kettle evening tide");
      await page.getByLabel("Repeat new password").fill("copper kettle evening tide");
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
      await shot("reset-password");
      // The unknown link's 404 is the one refused call, and it is an answer the screen shows.
      expect(errors.filter((text) => !/status of 404/.test(text))).toEqual([]);
      expect(errors.filter((text) => /status of 404/.test(text))).toHaveLength(1);
      await context.close();
    }
  });

  test("wrong passwords from another browser make that browser wait, in words for the owner, and never lock the owner's own browser out", async ({ browser }) => {
    // A service of its own with two free failures, so the wait comes before the per-address request limit.
    const guarded = await Service.start({ LOGIN_FAILURES_PER_EMAIL: "2" }, (prepared) => {
      prepared.addAccount(business.id, OWNER);
    });
    try {
      const submit = async (page: Page, password: string) => {
        await page.getByLabel("Email").fill(OWNER.email);
        await page.getByLabel("Password", { exact: true }).fill(password);
        await page.getByRole("button", { name: "Sign in" }).click();
      };
      const owners = await browser.newContext({ viewport: TABLET, baseURL: guarded.baseURL });
      const own = await owners.newPage();
      await own.goto("/manage/");
      await submit(own, OWNER.password);
      await expect(own.getByRole("heading", { level: 1, name: "Order queue" })).toBeVisible();
      await own.getByRole("button", { name: "Sign out" }).click();
      await expect(own.getByRole("heading", { level: 1, name: "Sign in to the workspace" })).toBeVisible();

      fs.mkdirSync(artifactsDir(site), { recursive: true });
      for (const viewport of [PHONE, TABLET]) {
        const strangers = await browser.newContext({ viewport, baseURL: guarded.baseURL });
        const other = await strangers.newPage();
        await other.goto("/manage/");
        for (const guess of ["not the password 1", "not the password 2"]) {
          await submit(other, guess);
          await expect(other.getByRole("alert")).toHaveText(/Wrong email or password|Too many attempts/);
        }
        await submit(other, OWNER.password);
        await expect(other.getByRole("alert")).toHaveText(/^Too many attempts from this device\. Try again in \d+ minutes?, or reset your password\.$/);
        await expect(other.getByRole("link", { name: "Forgot password?" })).toBeVisible();
        expect((await new AxeBuilder({ page: other }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
        await other.screenshot({ path: path.join(artifactsDir(site), `sign-in-wait-${viewport.width}.png`), fullPage: true });
        await strangers.close();
      }

      await submit(own, OWNER.password);
      await expect(own.getByRole("heading", { level: 1, name: "Order queue" })).toBeVisible();
      await owners.close();
    } finally {
      await guarded.stop();
      guarded.dispose();
    }
  });

  test("every workspace screen fits a phone: no sideways scroll at 375 px, and axe finds nothing", async ({ browser, request }) => {
    // Something on every list: a review without a name, a long address among the subscribers, an application.
    const locationId = business.locations[0].id;
    const event = async (type: string, fieldValues: Record<string, unknown>, location: string | null = null) => {
      const response = await request.post(`${service.baseURL}/api/events/website/`, {
        data: { business_info: { id: business.id }, location: location ? { id: location } : null, component_configuration: { type }, event_data: { fieldValues } },
      });
      expect(response.ok(), `${type}: ${await response.text()}`).toBe(true);
    };
    await event("review", { rating: 5, text: "The best cacio e pepe in the city, and a lovely table by the window." }, locationId);
    await event("subscribe", { email: "a.rather.long.address.for.a.phone@example.com", optIn: true });
    await event("application", { name: "Jordan Lee", email: "jordan@example.com", role: "Line cook", message: "Five years on the line." });

    const merchant = await signIn(browser, PHONE);
    await merchant.goto("/manage/#/staff");
    await merchant.getByLabel("Email", { exact: true }).fill("new.line.cook@example.com");
    await merchant.getByRole("button", { name: "Send invitation" }).click();
    await expect(merchant.getByRole("cell", { name: "new.line.cook@example.com" })).toBeVisible();

    const routes: ManageRoute[] = MANAGE_SCREENS.flatMap((screen) => [null, ...(SCREEN_VIEWS[screen] ?? [])].map((view) => ({ screen, view })));
    for (const route of routes) {
      const hash = manageHash(route);
      await merchant.goto(`/manage/${hash}`);
      await expect(merchant.getByRole("heading", { level: 1 })).toBeFocused();
      await expect(merchant.getByText(/^Loading .*…$/)).toHaveCount(0);
      const { scrollWidth, clientWidth } = await merchant.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
      expect.soft(scrollWidth, `${hash}: ${scrollWidth} px wide in a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
      expect.soft((await new AxeBuilder({ page: merchant }).withTags(AXE_TAGS).analyze()).violations, hash).toEqual([]);
    }
    await merchant.context().close();
  });

  test("without a session the workspace's API answers 401 and the page asks to sign in", async ({ request, page }) => {
    const response = await request.get(`${service.baseURL}/api/manage/orders/`);
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    await page.goto(`${service.baseURL}/manage/`);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to the workspace" })).toBeVisible();
  });
});
