/**
 * What a visitor does to order on the built site, shared by the specs that order (ordering.e2e.ts and
 * manage.e2e.ts, where the merchant then runs the order): the menu, an item's dialog, the cart, checkout.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import type { Business } from "@mainstreet/rules/business/schema";
import { siteUnderTest } from "./site";

const { business } = siteUnderTest();

export const menuPage = (() => {
  const page = business.pages.find((candidate) => candidate.pageType === "products") ?? business.pages.find((candidate) => candidate.pageType === "services");
  return page ? `/${page.slug.replace(/^\/+|\/+$/g, "")}/` : "/";
})();
export const orderingLocation = business.locations.find((location) => location.orderingEnabled && location.primaryLocation) ?? business.locations.find((location) => location.orderingEnabled);

export type MenuItem = Business["menu"]["items"][number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const setsOf = (item: MenuItem) => item.modifierSetIds.flatMap((id) => business.menu.modifierSets.filter((set) => set.id === id));
const modifier = (id: string) => business.menu.modifiers.find((candidate) => candidate.id === id);

/** Visible, available items with modifier sets, in menu order: what the visitor orders. */
export const itemsWithModifiers = business.menu.items.filter((item) => item.visible && item.available && item.modifierSetIds.length > 0);

/** Opens the item's modal from the menu and chooses what its sets require plus one optional extra. */
export async function addItem(page: Page, item: MenuItem, options: { quantity?: number; keyboard?: boolean } = {}): Promise<void> {
  const add = page.getByRole("button", { name: `Add ${item.name}`, exact: true }).first();
  if (options.keyboard) {
    await tabTo(page, add);
    await page.keyboard.press("Enter");
  } else {
    await add.click();
  }
  const dialog = page.getByRole("dialog", { name: item.name });
  await expect(dialog).toBeVisible();
  let choseOptional = false;
  for (const set of setsOf(item)) {
    const available = set.modifierIds.map(modifier).filter((candidate) => candidate?.available);
    const wanted = set.minAllowed > 0 ? set.minAllowed : choseOptional ? 0 : 1;
    if (set.minAllowed === 0 && wanted === 1) choseOptional = true;
    for (const chosen of available.slice(0, wanted)) {
      const control = dialog.getByRole(set.maxAllowed === 1 ? "radio" : "checkbox", { name: new RegExp(`^${escape(chosen!.name)}`) });
      if (options.keyboard) {
        await control.focus();
        await page.keyboard.press("Space");
      } else {
        await control.check();
      }
    }
  }
  for (let n = 1; n < (options.quantity ?? 1); n += 1) await dialog.getByRole("button", { name: "Increase quantity" }).click();
  const submit = dialog.getByRole("button", { name: /^Add to cart/ });
  await expect(submit).toHaveAttribute("aria-disabled", "false");
  if (options.keyboard) {
    await submit.focus();
    await page.keyboard.press("Enter");
  } else {
    await submit.click();
  }
  await expect(dialog).toBeHidden();
}

/** Presses Tab until `target` has focus: the way a keyboard user gets somewhere. */
export async function tabTo(page: Page, target: Locator, limit = 250): Promise<void> {
  const handle = await target.elementHandle();
  for (let n = 0; n < limit; n += 1) {
    if (await page.evaluate((element) => document.activeElement === element, handle)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${await target.evaluate((element) => element.outerHTML.slice(0, 120))}`);
}

/**
 * Opens checkout from the cart and waits until it has read what it reads on opening: the order again (a price
 * that changed shows a notice above the form) and the ready times (the time picker grows from one line to its
 * choices, and the promise appears above the totals). Each moves Place order down the page. A click is a press
 * and a release: moved between the two, the release lands elsewhere and the browser fires no click on the button.
 * On a busy machine those answers can come seconds late, and a Place order pressed right after the fields are
 * filled can then do nothing at all: the form neither runs nor shows an error. Waiting for both prevents that.
 */
export async function openCheckout(page: Page): Promise<void> {
  const read = (pattern: RegExp) => page.waitForResponse((response) => response.request().method() === "GET" && pattern.test(new URL(response.url()).pathname));
  const ORDER = /\/orders\/[^/]+\/$/;
  // The drawer reads the order too when it opens: its answer first, so the one awaited below is checkout's.
  const drawerRead = read(ORDER);
  await page.getByRole("button", { name: /^Cart, \d+ items?$/ }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer).toBeVisible();
  await drawerRead;
  const settled = Promise.all([read(ORDER), read(/\/orders\/[^/]+\/fulfillment-slots\/$/)]);
  await drawer.getByRole("link", { name: "Checkout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Place order/ })).toBeVisible();
  await settled;
  await expect(checkoutForm(page).getByText("Checking when your order can be ready…")).toHaveCount(0);
}

interface Visitor {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}
export const ADA: Visitor = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "215-555-0142" };

/** The checkout form: field lookups stay inside it (the footer has its own sign-up form with an Email field). */
export const checkoutForm = (page: Page) => page.getByRole("form", { name: "Checkout" });

export async function fillCustomer(page: Page, visitor: Visitor = ADA): Promise<void> {
  const form = checkoutForm(page);
  await form.getByLabel("First name").fill(visitor.firstName);
  await form.getByLabel("Last name").fill(visitor.lastName);
  await form.getByLabel("Email").fill(visitor.email);
  await form.getByLabel("Phone").fill(visitor.phone);
}

export async function fillCard(page: Page, number = "4242 4242 4242 4242"): Promise<void> {
  const form = checkoutForm(page);
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Expiry date").fill("12/39");
  await form.getByLabel("Security code").fill("123");
}

/** Chooses a 15% tip when the business offers it, else the same as a custom amount. */
export async function chooseTip15(page: Page): Promise<void> {
  if (business.ordering.tipPercentages.includes(15)) {
    await page.getByRole("radio", { name: /^15%/ }).check();
  } else {
    await page.getByRole("radio", { name: "Custom amount" }).check();
    await page.getByLabel(/^Tip amount/).fill("3");
  }
}

const dollars = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);

export async function confirmationTotals(page: Page) {
  const read = async (id: string) => ((await page.getByTestId(id).count()) > 0 ? dollars(await page.getByTestId(id).textContent()) : 0);
  return { subtotal_cents: await read("subtotal"), tax_cents: await read("tax"), tip_cents: await read("tip"), delivery_fee_cents: await read("delivery-fee"), total_cents: await read("total") };
}

export async function placedOrderRef(page: Page): Promise<{ orderId: string; token: string; number: string }> {
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), `mainstreet:${business.id}:placed-orders`);
  return JSON.parse(stored ?? "{}").v[0];
}

