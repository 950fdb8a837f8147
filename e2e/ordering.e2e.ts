import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, request, test, type Locator, type Page } from "@playwright/test";
import { artifactsDir, expectedBrandRgb, hydrated, recipeUnderTest, siteUnderTest } from "./site";
import { Service } from "./service";
import { scriptsLoaded } from "./look";
import { loadBudgets, loadScriptBytes } from "../scripts/audit/budgets";
import { gzipBodyBytes } from "../scripts/audit/network";
import { menuPage, orderingLocation, itemsWithModifiers, addItem, tabTo, openCheckout, ADA, checkoutForm, fillCustomer, fillCard, chooseTip15, confirmationTotals, placedOrderRef } from "./visitor-order";
import { firstReadySlot, readyTimes, slotStartOf } from "@mainstreet/rules/orders/ready-times";
import { startApp } from "./app";

/**
 * Online ordering end to end: a phone visitor orders from the built site and the API
 * service really takes the order. The tests run the production server (the built public/ plus the API,
 * e2e/service.ts) on a PGlite data directory and a private copy of the business data of their worker, or
 * of their own where they need settings or change data (a price changed and reloaded with `kill -HUP`);
 * "the database holds exactly one placed order" counts the orders placed since the test began. The
 * database is read directly after stopping the service, since PGlite belongs to one process at a time.
 */

const JS_KIB_MAX = loadBudgets().jsKiB.max;
if (JS_KIB_MAX === undefined) throw new Error("scripts/audit/budgets.json: jsKiB: expected a max, the JS budget every page type is held to");
const { site, business } = siteUnderTest();
const PHONE = { width: 375, height: 812 };

interface Place {
  id: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
}

/**
 * A geocoder peer answering in the API's search shapes (docs/api.md, Search: the service forwards to
 * GEOCODER_URL), with a few streets in the ordering location's delivery area; it keeps every call, so the
 * spec can check the session tokens the site sent through the service.
 */
class Geocoder {
  readonly calls: { path: string; params: Record<string, string> }[] = [];
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(places: Place[]): Promise<Geocoder> {
    let geocoder: Geocoder | null = null;
    const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    const describe = (place: Place) => `${place.street}, ${place.city}, ${place.state} ${place.postalCode}, US`;
    const server = http.createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const params = Object.fromEntries(url.searchParams);
      geocoder?.calls.push({ path: url.pathname, params });
      const reply = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (url.pathname === "/autocomplete/") {
        const wanted = words(params.input ?? "");
        const found = places.filter((place) => wanted.every((word) => words(describe(place)).some((candidate) => candidate.startsWith(word))));
        return reply(200, {
          predictions: found.map((place) => ({ place_id: place.id, description: describe(place), structured_formatting: { main_text: place.street, secondary_text: describe(place).slice(place.street.length + 2) }, types: ["street_address"] })),
          source: "e2e-geocoder",
        });
      }
      const place = places.find((candidate) => candidate.id === params.place_id);
      if (url.pathname !== "/place/details/" || !place) return reply(404, { message: "no such place" });
      return reply(200, {
        result: { place_id: place.id, name: place.street, formatted_address: describe(place), address_components: { street_address: place.street, locality: place.city, administrative_area_level_1: place.state, postal_code: place.postalCode, country: "US" }, geometry: null },
        source: "e2e-geocoder",
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address() as net.AddressInfo;
    geocoder = new Geocoder(server, `http://127.0.0.1:${address.port}/`);
    return geocoder;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const timings: Record<string, number> = {};

/**
 * A moment when the ordering location is closed, found from its data (hours, special hours, order times)
 * with the rules the service uses: the first quarter hour from now at which as soon as possible is
 * refused because it is closed while a later time can still be chosen. The browser's clock and the
 * service's (TEST_CLOCK_START) are both set to it, so the spec sees a closed kitchen at any real time.
 */
function closedMoment(): { at: number; iso: string } {
  const location = orderingLocation!;
  const start = slotStartOf(Date.now()) + 15 * 60_000;
  for (let at = start; at < start + 8 * 24 * 3_600_000; at += 15 * 60_000) {
    const times = readyTimes({ now: at, timeZone: location.timezone, hours: location.hours, specialHours: location.specialHours, ...location.orderTimes });
    if (!times.asap.available && times.asap.reason === "closed" && firstReadySlot(times)) return { at, iso: new Date(at).toISOString() };
  }
  throw new Error(`${location.name}: no closed moment with a later time to order for in the next 8 days`);
}

/**
 * A moment when the ordering location is open and can prepare an order as soon as possible, found like
 * closedMoment: the first quarter hour from now at which as soon as possible is offered.
 */
function openMoment(): { at: number; iso: string } {
  const location = orderingLocation!;
  const start = slotStartOf(Date.now()) + 15 * 60_000;
  for (let at = start; at < start + 8 * 24 * 3_600_000; at += 15 * 60_000) {
    const times = readyTimes({ now: at, timeZone: location.timezone, hours: location.hours, specialHours: location.specialHours, ...location.orderTimes });
    if (times.asap.available) return { at, iso: new Date(at).toISOString() };
  }
  throw new Error(`${location.name}: no open moment in the next 8 days`);
}

const OWNER = { email: "owner@example.com", password: "copper kettle morning tide" };

/**
 * The JavaScript a page needs before it hydrates (the app and the page's own chunks, from the build's
 * webpack stats): everything else is code a part of the page loads later, the Add button's among it.
 */
function firstLoadScripts(pagePath: string): Set<string> {
  const publicDir = path.join(process.cwd(), "public");
  const pageData = JSON.parse(fs.readFileSync(path.join(publicDir, "page-data", pagePath.replace(/^\/|\/$/g, "") || "index", "page-data.json"), "utf8"));
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as { assetsByChunkName: Record<string, string[]> };
  return new Set([...stats.assetsByChunkName.app, ...stats.assetsByChunkName[pageData.componentChunkName]].filter((file) => file.endsWith(".js")).map((file) => `/${file}`));
}

test.describe(`${site}: online ordering`, () => {
  test.skip(!business.ordering.enabled, `${site} does not take online orders (ordering.enabled is false); its no-ordering behaviour is checked below`);
  // The tests share nothing but their worker's service (each counts only the orders placed since it
  // began): they spread over both workers, each starting its own shared service.
  test.describe.configure({ mode: "parallel", timeout: 120_000 });
  test.use({ viewport: PHONE, hasTouch: true });

  // This worker's service for the tests that need none of their own (a retry runs in a new worker, so
  // a fresh one); `service` is the one the running test uses.
  let shared: Service | null = null;
  let service: Service;
  /** A service of the test's own, for settings (a pinned clock, a geocoder) or data it changes. */
  const ownService = async (env: Record<string, string> = {}) => (service = await Service.start(env));
  test.beforeEach(async ({ page }) => {
    shared ??= await Service.start();
    await shared.ensureRunning();
    shared.since = Date.now();
    service = shared;
    await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
  });
  test.afterEach(async () => {
    if (service === shared) return;
    await service.stop();
    service.dispose();
  });
  test.afterAll(async () => {
    await shared?.stop();
    shared?.dispose();
    shared = null;
  });
  test.afterAll(() => {
    if (Object.keys(timings).length === 0) return;
    fs.mkdirSync(artifactsDir(site), { recursive: true });
    // Each worker timed the orders it ran: add them to what the other wrote in this run (scripts/e2e.mjs
    // removes the file before a run).
    const file = path.join(artifactsDir(site), "ordering-timing.json");
    const earlier = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as { msFromFirstAddToConfirmation?: Record<string, number> }).msFromFirstAddToConfirmation : {};
    fs.writeFileSync(file, `${JSON.stringify({ site, viewport: PHONE, msFromFirstAddToConfirmation: { ...earlier, ...timings } }, null, 2)}\n`);
  });

  test("a phone visitor orders two items with modifiers for pickup with a 15% tip; one placed order with the server's totals", async ({ page }) => {
    expect(orderingLocation?.pickupEnabled).toBe(true);
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    const started = Date.now();
    const [first, second] = itemsWithModifiers;
    await addItem(page, first, { quantity: 2 });
    // What the tap did is on screen, not only announced.
    await expect(page.getByRole("status").filter({ hasText: `Added 2 × ${first.name} to your cart.` })).toBeVisible();
    await addItem(page, second);
    await expect(page.getByRole("button", { name: "Cart, 3 items" })).toBeVisible();
    await openCheckout(page);
    await fillCustomer(page);
    await expect(page.getByRole("radio", { name: /^Pickup at/ })).toBeChecked();
    await chooseTip15(page);
    await fillCard(page);
    // A double click must not place two orders.
    await page.getByRole("button", { name: /^Place order/ }).dblclick();
    await page.waitForURL(/\/order\/\?id=/);
    await expect(page.getByRole("heading", { name: /^Order [0-9A-F]{8}$/ })).toBeVisible();
    timings.pickup = Date.now() - started;
    await expect(page.getByText(/^Placed\./)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pickup" })).toBeVisible();
    await expect(page.getByText(`2 × ${first.name}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`1 × ${second.name}`, { exact: true })).toBeVisible();
    const shown = await confirmationTotals(page);
    const ref = await placedOrderRef(page);
    const events = await page.evaluate(() => (window.dataLayer ?? []).map((event) => event.eventAction));
    expect(events).toEqual(expect.arrayContaining(["Add to Cart", "Begin Checkout", "Place Order"]));

    // The order as the service reports it (GET orders/{id}/ with the bearer token)…
    const viaApi = await (await fetch(`${service.baseURL}/api/orders/${ref.orderId}/`, { headers: { authorization: `Bearer ${ref.token}` } })).json();
    expect(viaApi.status).toBe("placed");
    expect(viaApi.totals).toEqual(shown);
    if (business.ordering.tipPercentages.includes(15)) expect(viaApi.attributes).toEqual({ tip_percentage: 15, instructions: "" });
    expect(await page.getByRole("button", { name: "Cart, empty" }).count()).toBe(1);
    // …and in the database: exactly one placed order, paid once, with the totals shown.
    const db = await service.database();
    expect(db.placed).toHaveLength(1);
    expect(db.placed[0]).toMatchObject({ id: ref.orderId, fulfillment_method: "pickup", captured_payments: 1, lines: 2, ...shown });
  });

  test("another visitor orders for delivery with a custom tip; one placed order with the delivery fee", async ({ page }) => {
    test.skip(!orderingLocation?.delivery.enabled, `${orderingLocation?.name} does not deliver`);
    const delivery = orderingLocation!.delivery;
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    const started = Date.now();
    await addItem(page, itemsWithModifiers[0], { quantity: 2 });
    await addItem(page, itemsWithModifiers[2] ?? itemsWithModifiers[1]);
    await openCheckout(page);
    await fillCustomer(page, { firstName: "Grace", lastName: "Hopper", email: "grace@example.com", phone: "(215) 555-0199" });
    await page.getByRole("radio", { name: /^(Delivery|Shipping)/ }).check();
    const postal = delivery.postalCodes[0] ? `${delivery.postalCodes[0]}`.padEnd(5, "0") : orderingLocation!.zip;
    await checkoutForm(page).getByLabel("Street address").fill("1200 Frankford Ave");
    await checkoutForm(page).getByLabel(/^Apartment/).fill("Apt 3");
    await checkoutForm(page).getByLabel("City").fill(orderingLocation!.city);
    await checkoutForm(page).getByLabel(/^State/).fill(orderingLocation!.state);
    await checkoutForm(page).getByLabel("Postal code").fill(postal);
    await page.getByRole("radio", { name: "Custom amount" }).check();
    await checkoutForm(page).getByLabel(/^Tip amount/).fill("4.50");
    await checkoutForm(page).getByLabel(/^Order instructions/).fill("Ring the bell");
    await fillCard(page, "5555 5555 5555 4444");
    await page.getByRole("button", { name: /^Place order/ }).click();
    await page.waitForURL(/\/order\/\?id=/);
    await expect(page.getByRole("heading", { name: /^Order [0-9A-F]{8}$/ })).toBeVisible();
    timings.delivery = Date.now() - started;
    await expect(page.getByRole("heading", { name: "Delivery" })).toBeVisible();
    await expect(page.getByText("1200 Frankford Ave, Apt 3")).toBeVisible();
    await expect(page.getByText("Instructions: “Ring the bell”")).toBeVisible();
    const shown = await confirmationTotals(page);
    expect(shown.tip_cents).toBe(450);
    expect(shown.delivery_fee_cents).toBe(delivery.feeCents);
    const db = await service.database();
    expect(db.placed).toHaveLength(1);
    expect(db.placed[0]).toMatchObject({ fulfillment_method: "delivery", captured_payments: 1, ...shown });
  });

  test("checkout's form and an order's details load only with a cart and an order; an order's page stays in the JavaScript budget", async ({ page, context }) => {
    // Each page opened anew, as a visitor coming back to it: every script it asks for, counted as the
    // budget counts it (gzip as the service sends it). The order page with an order is what every visitor
    // who orders sees: it is held to the budget every page type is held to as first opened
    // (recipe-look.e2e.ts). Checkout with a cart loads its form and the cart's code on top of that, so its
    // weight is held to ceilings of its own (budgets.json scriptBytes), not to that budget.
    const loadScripts = async (pagePath: string, shown: (opened: Page) => Locator) => {
      const opened = await context.newPage();
      await opened.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
      const loaded = await scriptsLoaded(opened, service.baseURL, async () => {
        await opened.goto(`${service.baseURL}${pagePath}`);
        await expect(shown(opened)).toBeVisible();
      });
      await opened.close();
      return { scripts: loaded.scripts, kib: loaded.kib.toFixed(1), kibExact: loaded.kib };
    };
    const placeOrder = (opened: Page) => opened.getByRole("button", { name: /^Place order/ });
    const empty = await loadScripts("/checkout/", (opened) => opened.getByText("Your cart is empty."));
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    await addItem(page, itemsWithModifiers[0]);
    const withCart = await loadScripts("/checkout/", placeOrder);
    await openCheckout(page);
    await fillCustomer(page);
    await fillCard(page);
    await placeOrder(page).click();
    await page.waitForURL(/\/order\/\?id=/);
    const orderPath = new URL(page.url()).pathname + new URL(page.url()).search;
    const unnamed = await loadScripts("/order/", (opened) => opened.getByText(/^This page shows an order once it is placed/));
    const withOrder = await loadScripts(orderPath, (opened) => opened.getByRole("heading", { name: /^Order [0-9A-F]{8}$/ }));
    console.log(`${site}: checkout ${empty.kib} KiB gzip with no cart, ${withCart.kib} KiB with one; the order page ${unnamed.kib} KiB with no order named, ${withOrder.kib} KiB with one`);
    // The form's code is the script that writes "Place order", the details' the one that writes "What you ordered".
    const writing = async (scripts: Set<string>, words: string) => {
      const bodies = await Promise.all([...scripts].map(async (script) => [script, await (await fetch(script)).text()] as const));
      return bodies.filter(([, body]) => body.includes(words)).map(([script]) => script);
    };
    expect(await writing(empty.scripts, "Place order")).toEqual([]);
    const form = await writing(withCart.scripts, "Place order");
    expect(form).toHaveLength(1);
    const ceilings = loadScriptBytes();
    expect(Math.round(withCart.kibExact * 1024), "the checkout with a cart, bytes gzip").toBeLessThanOrEqual(ceilings.checkoutWithCart);
    expect(await gzipBodyBytes(form[0]), "the checkout form's chunk, bytes gzip").toBeLessThanOrEqual(ceilings.checkoutForm);
    expect(await writing(unnamed.scripts, "What you ordered")).toEqual([]);
    expect(await writing(withOrder.scripts, "What you ordered")).toHaveLength(1);
    expect(withOrder.kibExact, "the order page with an order, KiB gzip").toBeLessThanOrEqual(JS_KIB_MAX);
  });

  for (const cpu of [1, 4]) {
    test(`a tap on Add the moment the first card enters the viewport opens its dialog, before the button's code has loaded (CPU ×${cpu})`, async ({ browser }) => {
      // No service worker: it would fetch the parts' code past the route below.
      const context = await browser.newContext({ viewport: PHONE, hasTouch: true, serviceWorkers: "block" });
      const page = await context.newPage();
      const url = `${service.baseURL}${menuPage}`;
      // Every script a part of the page loads later (the Add button's own code, the dialog) is held until
      // the tap below, so the tap is certain to come before the button's code. The page still hydrates:
      // React hydrates the root without waiting for a part whose code has not arrived (its server HTML
      // stays). A fixed delay on these scripts can be outrun by the scrolling at CPU ×4 on a busy machine,
      // and holding only the scripts asked for after the test saw the page hydrated is too late: the page
      // asks for a part's code the moment it hydrates, before the test hears of it.
      const firstLoad = firstLoadScripts(menuPage);
      let releaseScripts = () => {};
      const tapped = new Promise<void>((resolve) => (releaseScripts = resolve));
      await page.route(/\.js(\?.*)?$/, async (route) => {
        if (!firstLoad.has(new URL(route.request().url()).pathname)) await tapped;
        await route.continue();
      });
      // Registered last, so it is asked first.
      await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
      if (cpu > 1) await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: cpu });
      await page.goto(url, { waitUntil: "domcontentloaded" });
      await startApp(page);
      const add = page.getByRole("button", { name: /^Add / }).first();
      const name = ((await add.textContent()) ?? "").replace(/^Add\s*/, "").trim();
      // Scroll a little at a time, as a thumb does, and tap the moment the card is on screen.
      const onScreen = () => add.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight - 8;
      });
      while (!(await onScreen())) await page.evaluate(() => window.scrollBy(0, 160));
      expect(await hydrated(add), "the button's code has not loaded at the tap").toBe(false);
      await add.tap();
      releaseScripts();
      await expect(page.getByRole("dialog", { name })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("dialog", { name }).getByRole("button", { name: /^Add to cart/ })).toBeVisible();
      await context.close();
    });
  }

  test("a tap on Add before any of the page's scripts has run is held and opens its dialog once they have", async ({ browser }) => {
    // The page is plain HTML until its scripts come, after it has loaded (node/html-output.ts): on a phone its Add
    // buttons are on screen a second or more before that. Every script is held here until the tap, so the tap is
    // certain to come first; only the page's inline script (hydration/early-taps.ts) is there to hold it.
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, serviceWorkers: "block" });
    const page = await context.newPage();
    let releaseScripts = () => {};
    const tapped = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\.js(\?.*)?$/, async (route) => {
      await tapped;
      await route.continue();
    });
    await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "load" });
    const add = page.getByRole("button", { name: /^Add / }).first();
    const name = ((await add.textContent()) ?? "").replace(/^Add\s*/, "").trim();
    await add.tap();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null), "no script of the app had run at the tap").toBeNull();
    releaseScripts();
    await expect(page.getByRole("dialog", { name })).toBeVisible({ timeout: 20_000 });
    // Done once: one dialog, and the cart is still empty until the visitor adds.
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await context.close();
  });

  test("paused by the owner: the cart drawer and the checkout say the same one sentence, with nothing beside it about opening (375 and 1280 px)", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const moment = openMoment();
    service = await Service.start({ TEST_CLOCK_START: moment.iso }, (prepared) => {
      prepared.addAccount(business.id, OWNER);
    });
    await page.clock.install({ time: moment.at });
    // The owner pauses online orders for 40 minutes from the workspace's kitchen controls (its API, signed in).
    const owner = await request.newContext({ baseURL: service.baseURL });
    const signedIn = await owner.post("/api/manage/session/", { data: { email: OWNER.email, password: OWNER.password } });
    expect(signedIn.status()).toBe(200);
    const { csrf_token: csrf } = (await signedIn.json()) as { csrf_token: string };
    const paused = await owner.put(`/api/manage/kitchen/${orderingLocation!.id}/`, { headers: { "X-CSRF-Token": csrf }, data: { paused_until: new Date(moment.at + 40 * 60_000).toISOString() } });
    expect(paused.status(), await paused.text()).toBe(200);
    await owner.dispose();

    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    await addItem(page, itemsWithModifiers[0]);
    const sentence = new RegExp(`^${orderingLocation!.name} is not taking online orders until .+: you can order now for later\\.$`);
    const shots = artifactsDir(site);
    fs.mkdirSync(shots, { recursive: true });
    await page.getByRole("button", { name: /^Cart, 1 item$/ }).click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    const inDrawer = drawer.locator(".ordering-state");
    await expect(inDrawer).toHaveText(sentence);
    const said = (await inDrawer.textContent()) ?? "";
    await expect(drawer).not.toContainText(/Opening soon|Closed ·|Open ·/);
    await page.screenshot({ path: path.join(shots, "paused-cart-375.png") });
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await openCheckout(page);
    // The service's words at checkout come from the same rule: the drawer's sentence, once, then what to do.
    const when = checkoutForm(page).getByRole("group", { name: "When" });
    const atCheckout = when.locator("[data-ordering-state]");
    await expect(atCheckout).toHaveText(said);
    await expect(page.getByText(/not taking online orders/)).toHaveCount(1);
    await expect(page.locator("main")).not.toContainText(/Opening soon|Closed now|Closed ·|Open ·|not taking orders right now/i);
    await expect(when).toContainText("Choose a day and a time below.");
    await expect(when.getByRole("combobox", { name: "Time" })).not.toHaveValue("");
    await when.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, "paused-checkout-375.png") });
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(axe.violations).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(atCheckout).toHaveText(said);
    await when.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, "paused-checkout-1280.png") });
    await page.getByRole("button", { name: /^Cart, 1 item$/ }).click();
    await expect(drawer.locator(".ordering-state")).toHaveText(said);
    await page.screenshot({ path: path.join(shots, "paused-cart-1280.png") });
  });

  test("closed now (the page's clock and the service's pinned to a closed moment): the visitor orders for later with the keyboard and is told when it will be ready", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const moment = closedMoment();
    await ownService({ TEST_CLOCK_START: moment.iso });
    await page.clock.install({ time: moment.at });
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    await addItem(page, itemsWithModifiers[0]);
    await openCheckout(page);
    const when = checkoutForm(page).getByRole("group", { name: "When" });
    // The location's ordering state says it is closed and when it opens, then what to do.
    await expect(when.locator("[data-ordering-state]")).toHaveText(new RegExp(`^${orderingLocation!.name} is closed and opens .+: you can order now for later\\.$`));
    await expect(when).toContainText("Choose a day and a time below.");
    await expect(when.getByRole("radio", { name: /^As soon as possible/ })).toHaveCount(0);
    const time = when.getByRole("combobox", { name: "Time" });
    const day = when.getByRole("combobox", { name: "Day" });
    // The first time there is, shown as chosen: never a dead end.
    await expect(time).not.toHaveValue("");
    await expect(page.getByTestId("checkout-promise")).toHaveText(/^Ready for pickup (today|tomorrow|\w{3} \d{1,2} \w{3}) at \d{1,2}:\d{2}(am|pm)$/);
    fs.mkdirSync(artifactsDir(site), { recursive: true });
    await when.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifactsDir(site), "closed-checkout.png"), fullPage: false });
    await page.screenshot({ path: path.join(artifactsDir(site), "closed-checkout-full.png"), fullPage: true });
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(axe.violations).toEqual([]);

    // The keyboard: the day after the first one offered, and its second time.
    await tabTo(page, day);
    const days = await day.locator("option:not([disabled])").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const firstDay = await day.inputValue();
    await page.keyboard.press("ArrowDown");
    await expect(day).not.toHaveValue(firstDay);
    expect(days).toContain(await day.inputValue());
    await tabTo(page, time);
    const firstTime = await time.inputValue();
    await page.keyboard.press("ArrowDown");
    await expect(time).not.toHaveValue(firstTime);
    const chosen = await time.inputValue();
    const promise = (await page.getByTestId("checkout-promise").textContent()) ?? "";

    await fillCustomer(page);
    await fillCard(page);
    await page.getByRole("button", { name: /^Place order/ }).click();
    await page.waitForURL(/\/order\/\?id=/);
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    const stated = page.getByTestId("confirmation-promise");
    await expect(stated).toHaveText(/^Ready for pickup on \w+day \d{1,2} \w+ \d{4} at \d{1,2}:\d{2}(am|pm) \((E[SD]T|P[SD]T|C[SD]T|M[SD]T|GMT[+-]\d+)\)$/);
    expect(promise.replace(/^Ready for pickup .* at /, "")).toBe(((await stated.textContent()) ?? "").replace(/^.* at (\S+) \(.*$/, "$1"));
    const db = await service.database();
    expect(db.placed).toHaveLength(1);
    expect(Date.parse(db.placed[0].scheduled_for ?? "")).toBe(Date.parse(chosen));
    expect(Date.parse(db.placed[0].promised_at ?? "")).toBe(Date.parse(chosen));
  });

  test("/order/ without an order named says what to do, with no thanks above it", async ({ page }) => {
    await page.goto(`${service.baseURL}/order/`, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
    await expect(page.getByText("This page shows an order once it is placed, and its address names no order.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Order from the menu" })).toBeVisible();
    await expect(page.getByText(/Thank you/)).toHaveCount(0);
  });

  test("address search: a partial street, a suggestion picked with the keyboard fills the address, and the delivery order is placed", async ({ page }) => {
    test.skip(!orderingLocation?.delivery.enabled, `${orderingLocation?.name} does not deliver`);
    const key = process.env.GATSBY_SEARCH_API_KEY;
    test.skip(!key, "the site was built without a search key (GATSBY_SEARCH_API_KEY): its street field is a plain field");
    const delivery = orderingLocation!.delivery;
    const postalCode = delivery.postalCodes[0] ? `${delivery.postalCodes[0]}`.padEnd(5, "0") : orderingLocation!.zip!;
    const near = (id: string, street: string): Place => ({ id, street, city: orderingLocation!.city, state: orderingLocation!.state, postalCode });
    const geocoder = await Geocoder.start([near("e2e-frankford-1200", "1200 Frankford Ave"), near("e2e-frankford-1250", "1250 Frankford Ave"), near("e2e-front-1201", "1201 N Front St")]);
    try {
      await ownService({ SEARCH_API_KEY: key!, GEOCODER_URL: geocoder.url });
      await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
      await addItem(page, itemsWithModifiers[0], { quantity: 2 });
      await addItem(page, itemsWithModifiers[2] ?? itemsWithModifiers[1]);
      await openCheckout(page);
      await fillCustomer(page);
      await page.getByRole("radio", { name: /^(Delivery|Shipping)/ }).check();
      const street = checkoutForm(page).getByRole("combobox", { name: "Street address" });
      await street.focus();
      await page.keyboard.type("1200 Fr", { delay: 40 });
      const list = page.getByRole("listbox", { name: "Address suggestions" });
      await expect(list.getByRole("option")).toHaveText(["1200 Frankford Ave" + `${orderingLocation!.city}, ${orderingLocation!.state} ${postalCode}, US`]);
      await expect(street).toHaveAttribute("aria-expanded", "true");
      await expect(checkoutForm(page).getByRole("status").filter({ hasText: "1 address suggestion" })).toBeAttached();
      await page.keyboard.press("ArrowDown");
      await expect(street).toHaveAttribute("aria-activedescendant", (await list.getByRole("option").first().getAttribute("id")) ?? "");
      await page.keyboard.press("Enter");
      await expect(list).toBeHidden();
      await expect(street).toHaveValue("1200 Frankford Ave");
      await expect(street).toBeFocused();
      await expect(checkoutForm(page).getByLabel("City")).toHaveValue(orderingLocation!.city);
      await expect(checkoutForm(page).getByLabel(/^State/)).toHaveValue(orderingLocation!.state);
      await expect(checkoutForm(page).getByLabel("Postal code")).toHaveValue(postalCode);
      await checkoutForm(page).getByLabel(/^Apartment/).fill("Apt 2");
      await fillCard(page);
      await page.getByRole("button", { name: /^Place order/ }).click();
      await page.waitForURL(/\/order\/\?id=/);
      await expect(page.getByText("1200 Frankford Ave, Apt 2")).toBeVisible();
      const db = await service.database();
      expect(db.placed).toHaveLength(1);
      expect(db.placed[0]).toMatchObject({ fulfillment_method: "delivery", captured_payments: 1 });
      // One session token for the whole entry: every suggestion asked for and the place read with it.
      const searches = geocoder.calls.filter((call) => call.path === "/autocomplete/");
      const details = geocoder.calls.filter((call) => call.path === "/place/details/");
      expect(searches.length).toBeGreaterThan(0);
      expect(searches.at(-1)?.params).toMatchObject({ input: "1200 Fr", types: "address" });
      expect(details).toHaveLength(1);
      const tokens = [...new Set([...searches, ...details].map((call) => call.params.session_token))];
      expect(tokens).toHaveLength(1);
      expect(tokens[0]).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await geocoder.stop();
    }
  });

  test("the cart and checkout wear the business's own brand colour, not the recipe's", async ({ page }) => {
    const { tokens } = recipeUnderTest();
    const expected = expectedBrandRgb(business, tokens);
    expect(business.brandIdentity?.primaryColor, "the sample must name its own brand colour").toBeTruthy();
    expect(expected.business).not.toBe(expected.recipeDefault);
    const background = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    await addItem(page, itemsWithModifiers[0]);
    await page.getByRole("button", { name: /^Cart, \d+ items?$/ }).click();
    const checkout = page.getByRole("dialog", { name: "Your cart" }).getByRole("link", { name: "Checkout" });
    await expect(checkout).toBeVisible();
    // Read once the drawer has faded in: half-way through, the colour is the brand's with some alpha.
    await expect.poll(() => background(checkout)).toBe(expected.business);
    await checkout.click();
    const place = page.getByRole("button", { name: /^Place order/ });
    await expect(place).toBeVisible();
    await expect.poll(() => background(place)).toBe(expected.business);
  });

  test("a declined test card shows the decline next to the card and keeps the cart and every typed field", async ({ page }) => {
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    await addItem(page, itemsWithModifiers[0]);
    await openCheckout(page);
    await fillCustomer(page);
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Place order/ }).click();
    const card = checkoutForm(page).getByLabel("Card number");
    await expect(card).toHaveAttribute("aria-invalid", "true");
    await expect(card).toHaveAccessibleDescription(/Payment declined: The card was declined\./);
    await expect(card).toBeFocused();
    await expect(page.getByRole("alert").first()).toContainText("Card number");
    expect(page.url()).toContain("/checkout/");
    await expect(page.getByRole("button", { name: "Cart, 1 item" })).toBeVisible();
    // Nothing is typed twice: only the card changes.
    await expect(checkoutForm(page).getByLabel("Email")).toHaveValue(ADA.email);
    await card.fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Place order/ }).click();
    await page.waitForURL(/\/order\/\?id=/);
    const db = await service.database();
    expect(db.placed).toHaveLength(1);
  });

  test("a bad email and an empty expiry date are told in one plain sentence each, at their fields, never in a parser's words (375 and 1280 px)", async ({ page }) => {
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    await addItem(page, itemsWithModifiers[0]);
    await openCheckout(page);
    await fillCustomer(page, { ...ADA, email: "ada@example" });
    await fillCard(page);
    const form = checkoutForm(page);
    await form.getByLabel("Expiry date").fill("");
    await page.getByRole("button", { name: /^Place order/ }).click();
    const email = form.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/Error: Enter an email address like name@example\.com\.$/);
    await expect(form.getByLabel("Expiry date")).toHaveAccessibleDescription(/Error: Enter the card's expiry date, like 08\/29\.$/);
    await expect(email).toBeFocused();
    await expect(page.getByRole("alert").first()).toContainText("Email");
    await expect(form).not.toContainText(/expected|got "|Email: |Expiry date: /);
    fs.mkdirSync(artifactsDir(site), { recursive: true });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await email.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir(site), `checkout-plain-errors-email-${width}.png`) });
      await form.getByLabel("Expiry date").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir(site), `checkout-plain-errors-expiry-${width}.png`) });
    }
    expect((await service.database()).placed).toHaveLength(0);
  });

  test("the delivery minimum is told in the cart and as delivery is chosen, and Place order says what is missing", async ({ page }) => {
    const delivery = orderingLocation?.delivery;
    // The first size with room for the options the visitor adds (addItem chooses what is required and one extra).
    const item = itemsWithModifiers.find((candidate) => [...candidate.variations].sort((a, b) => a.order - b.order)[0].priceCents + 600 < (delivery?.minimumCents ?? 0));
    test.skip(!delivery?.enabled || !item, `${orderingLocation?.name} has no delivery minimum above one item`);
    const missing = /^Add \S+ more for delivery \(minimum \S+\)\.$/;
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    await addItem(page, item!);
    await page.getByRole("button", { name: /^Cart, \d+ items?$/ }).click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await expect(drawer.getByText(missing)).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(artifactsDir(site), `delivery-minimum-cart-${width}.png`) });
    }
    await page.setViewportSize(PHONE);
    await page.keyboard.press("Escape");
    await openCheckout(page);
    const place = page.getByRole("button", { name: /^Place order/ });
    await expect(place).toHaveAttribute("aria-disabled", "false");
    await page.getByRole("radio", { name: /^Delivery/ }).check();
    await expect(checkoutForm(page).getByRole("status").filter({ hasText: missing })).toBeVisible();
    await expect(place).toHaveAttribute("aria-disabled", "true");
    await expect(place).toHaveAccessibleDescription(missing);
    await place.click({ force: true });
    expect(page.url()).toContain("/checkout/");
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await place.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir(site), `delivery-minimum-checkout-${width}.png`) });
    }
    await page.getByRole("radio", { name: /^Pickup/ }).check();
    await expect(place).toHaveAttribute("aria-disabled", "false");
  });

  test("a price changed on the server between Add and checkout is shown and must be accepted", async ({ page }) => {
    const item = itemsWithModifiers[0];
    const variation = [...item.variations].sort((a, b) => a.order - b.order)[0];
    const variationIndex = item.variations.indexOf(variation);
    // Its own service: the price change would stay in the shared one's data.
    await ownService();
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    await addItem(page, item);
    await service.changePrice(item.name, variationIndex, (variation.priceCents + 200) / 100);
    await openCheckout(page);
    await fillCustomer(page);
    await fillCard(page);
    const place = page.getByRole("button", { name: /^Place order/ });
    await place.click();
    const changes = page.getByRole("region", { name: "Changes since you added these items" });
    await expect(changes).toContainText(item.name);
    await expect(changes).toContainText(/ now costs \S+ each instead of \S+; accepting keeps it at the new price\./);
    await expect(place).toHaveAttribute("aria-disabled", "true");
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await changes.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir(site), `changed-line-${width}.png`) });
    }
    await page.setViewportSize(PHONE);
    // Pressing it anyway (force: Playwright itself will not click a disabled control) places nothing.
    await place.click({ force: true });
    await expect(changes).toBeVisible();
    expect(page.url()).toContain("/checkout/");
    await changes.getByRole("button", { name: "Accept changes" }).click();
    await expect(changes).toBeHidden();
    await expect(place).toHaveAttribute("aria-disabled", "false");
    await place.click();
    await page.waitForURL(/\/order\/\?id=/);
    await expect(page.getByRole("heading", { name: /^Order [0-9A-F]{8}$/ })).toBeVisible();
    const shown = await confirmationTotals(page);
    const db = await service.database();
    expect(db.placed).toHaveLength(1);
    expect(db.placed[0]).toMatchObject(shown);
    expect(shown.subtotal_cents).toBeGreaterThanOrEqual(variation.priceCents + 200);
  });

  test("a keyboard-only visitor completes an order", async ({ page }) => {
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    await addItem(page, itemsWithModifiers[0], { keyboard: true });
    await tabTo(page, page.getByRole("button", { name: /^Cart, 1 item$/ }));
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await expect(drawer).toBeVisible();
    // + keeps the focus while the cart saves and after.
    const plus = drawer.getByRole("button", { name: `Increase quantity of ${itemsWithModifiers[0].name}` });
    await tabTo(page, plus);
    await page.keyboard.press("Enter");
    await expect(drawer.getByRole("group", { name: `Quantity of ${itemsWithModifiers[0].name}` })).toContainText("2");
    await expect(plus).toBeFocused();
    await tabTo(page, drawer.getByRole("link", { name: "Checkout" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: /^Place order/ })).toBeVisible();
    const type = async (label: string | RegExp, text: string) => {
      await tabTo(page, checkoutForm(page).getByLabel(label));
      await page.keyboard.type(text);
    };
    await type("First name", ADA.firstName);
    await type("Last name", ADA.lastName);
    await type("Email", ADA.email);
    await type("Phone", ADA.phone);
    await type("Card number", "4242424242424242");
    await type("Expiry date", "1239");
    // Formatted as typed: groups of four, and the slash.
    await expect(checkoutForm(page).getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
    await expect(checkoutForm(page).getByLabel("Expiry date")).toHaveValue("12/39");
    await type("Security code", "123");
    await tabTo(page, page.getByRole("button", { name: /^Place order/ }));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/order\/\?id=/);
    await expect(page.getByRole("heading", { name: /^Order [0-9A-F]{8}$/ })).toBeFocused();
    const db = await service.database();
    expect(db.placed).toHaveLength(1);
  });

  test("axe finds no violations in the item modal, the cart drawer and checkout (with errors shown)", async ({ page }) => {
    // Scanned settled, as a11y.e2e.ts does: with reduced motion the drawer, the page-in fade and hover
    // transitions are at their end state, so axe never measures colours half-way through a fade.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const axe = () => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
    await page.goto(`${service.baseURL}${menuPage}`, { waitUntil: "networkidle" });
    const item = itemsWithModifiers[0];
    await page.getByRole("button", { name: `Add ${item.name}`, exact: true }).first().click();
    await expect(page.getByRole("dialog", { name: item.name })).toBeVisible();
    expect((await axe().include(".modal").analyze()).violations).toEqual([]);
    await page.keyboard.press("Escape");
    await addItem(page, item);
    await page.getByRole("button", { name: /^Cart, 1 item$/ }).click();
    await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
    expect((await axe().include(".modal").analyze()).violations).toEqual([]);
    await page.getByRole("dialog", { name: "Your cart" }).getByRole("link", { name: "Checkout" }).click();
    await expect(page.getByRole("button", { name: /^Place order/ })).toBeVisible();
    expect((await axe().analyze()).violations).toEqual([]);
    await page.getByRole("button", { name: /^Place order/ }).click();
    await expect(checkoutForm(page).getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(checkoutForm(page).getByLabel("First name")).toBeFocused();
    expect((await axe().analyze()).violations).toEqual([]);
  });
});

test.describe(`${site}: no ordering where the business does not take orders`, () => {
  test.skip(business.ordering.enabled, `${site} takes online orders; ordering is tested above`);

  test("no Add buttons and no cart; the booking actions stay", async ({ page }) => {
    await page.goto(menuPage, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.getByRole("button", { name: /^Add / }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Cart,/ }).count()).toBe(0);
    // Booking stays: the site's own booking page where a location takes appointments, else the data's link.
    const booking = business.locations.some((location) => location.appointments?.enabled) ? "/book/" : business.bookingUrl;
    if (booking) expect(await page.locator(`a[href="${booking}"]`).count()).toBeGreaterThan(0);
    expect((await page.goto("/checkout/"))?.status()).toBe(404);
  });
});
