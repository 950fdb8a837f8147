import { expect, test, type Page } from "@playwright/test";
import { dailyRows } from "@mainstreet/rules/hours/hours-format";
import { formatCents } from "@mainstreet/rules/orders/money";
import { priceString } from "@mainstreet/rules/site/structured-data";
import { checkJsonLd, extractJsonLdBlocks } from "../scripts/audit/json-ld";
import { jsonLdExpectations } from "../scripts/audit/page-types";
import { loadVocabulary } from "@mainstreet/rules/site/schema-vocabulary";
import { onePagePerTemplate, siteUnderTest } from "./site";
import { startApp } from "./app";

/**
 * A business in another currency and locale builds and reads as its visitors write
 * money and time. scripts/e2e.mjs runs this on the locale samples (scripts/locale-samples.json: the
 * restaurant in yen, for ja-JP), never on the committed samples.
 */
const { site, business, pages } = siteUnderTest();
const { currency } = business.ordering;
const { locale } = business;
/** Intl separates with no-break and narrow no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const money = (cents: number) => plain(formatCents(cents, { currency, locale }));

const hydrated = (page: Page) => startApp(page);

test.beforeEach(async ({ page }) => {
  await page.route(/googletagmanager\.com/, (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: "" }));
});

test.describe(`${site}: ${currency} prices and ${locale} dates and times`, () => {
  test("the sample is what it says: not USD, not en-US", () => {
    expect(currency).not.toBe("USD");
    expect(locale).not.toBe("en-US");
  });

  for (const planned of onePagePerTemplate(pages).filter((page) => page.template !== "404")) {
    test(`${planned.template}: ${planned.path} answers 200 in ${locale}, hydrates without errors, and formats no dollars and no am/pm`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      const response = await page.goto(planned.path);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      // What the site formats (the merchant's own words may say "$60" or "5pm"): prices, hours, the open status.
      const formatted = (await page.locator(".item-card__price, .price-list td, .hours td, .open-status, .hours-today").allInnerTexts()).map(plain);
      for (const text of formatted) {
        expect(text).not.toMatch(/\$/);
        expect(text).not.toMatch(/\d(am|pm)\b|Midnight/);
      }
      expect(errors).toEqual([]);
    });
  }

  test(`an item's prices are written in ${currency} as ${locale} writes them, and its structured data names them in ${currency}`, async ({ page, request }) => {
    const planned = pages.find((candidate) => candidate.template === "service-item")!;
    const item = business.menu.items.find((candidate) => candidate.id === planned.context.itemId)!;
    await page.goto(planned.path);
    await hydrated(page);
    const cells = (await page.locator(".price-list td").allTextContents()).map(plain);
    expect(cells).toEqual(item.variations.map((variation) => variation.priceDisplay ?? money(variation.priceCents)));
    if (currency === "JPY") expect(cells.every((cell) => /^[¥￥][\d,]+$/.test(cell))).toBe(true);

    const blocks = extractJsonLdBlocks(await (await request.get(planned.path)).text());
    expect(checkJsonLd(blocks, jsonLdExpectations(business, planned), loadVocabulary())).toEqual([]);
    const offers = blocks.flatMap((block) => ((block.value as { offers?: { price: string; priceCurrency: string }[] }).offers ?? []));
    expect(offers.map((offer) => [offer.price, offer.priceCurrency])).toEqual(item.variations.map((variation) => [priceString(variation.priceCents, currency), currency]));
  });

  test(`opening hours read on the ${locale} clock`, async ({ page }) => {
    const planned = pages.find((candidate) => candidate.template === "location")!;
    const location = business.locations.find((candidate) => candidate.id === planned.context.locationId)!;
    await page.goto(planned.path);
    await hydrated(page);
    const table = page.getByRole("table", { name: /Opening hours/ }).first();
    const open = dailyRows(location.hours, { locale }).find((row) => !row.closed)!;
    await expect(table).toContainText(open.text);
    // A 24-hour locale: an evening close reads 21:00 or the like, never 9:00pm.
    expect(dailyRows(location.hours, { locale }).some((row) => /\b(1[3-9]|2[0-3]):\d\d\b/.test(row.text))).toBe(true);
  });

  test("the cart adds up in the currency, with the API pricing it from the same data", async ({ page }) => {
    const planned = pages.find((candidate) => candidate.template === "service-item")!;
    const item = business.menu.items.find((candidate) => candidate.id === planned.context.itemId)!;
    await page.goto(planned.path);
    await hydrated(page);
    await page.locator(".item-detail .add-to-cart").click();
    const dialog = page.getByRole("dialog", { name: item.name });
    await expect(dialog).toBeVisible();
    const add = dialog.getByRole("button", { name: /^Add to cart · / });
    const label = plain((await add.textContent()) ?? "");
    expect(label).toMatch(currency === "JPY" ? /^Add to cart · [¥￥][\d,]+$/ : /^Add to cart · /);
    await add.click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: /^Cart, 1 item/ }).first().click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await expect(drawer.locator(".cart-drawer__subtotal")).toContainText(label.replace("Add to cart · ", ""));
  });
});
