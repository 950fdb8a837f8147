import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { hydrated, siteUnderTest } from "./site";
import { startApp } from "./app";

/**
 * A control's first touch is never lost, whatever the state of the page's code (hydration/deferred.tsx,
 * hydration/early-taps.ts). Every deferred part's first control is touched at two moments: before any script of
 * the app has run (the page is its HTML; its scripts come after its load), and once the page has hydrated but
 * while the part's own code is still on its way. The scripts are held by the test until the touch, so the touch
 * is certain to come first; then they are let through and the touch must have done what it does with the code
 * there: a button's tap is done once, a star or a typed field is the form's value (the review form once said
 * "Please fix 1 field: Rating" under a star the visitor had tapped and saw selected).
 */

const { site, business, pages } = siteUnderTest();
const PHONE = { width: 375, height: 812 };
const pathOf = (template: string) => pages.find((page) => page.template === template)?.path ?? null;

interface Part {
  name: string;
  path: string | null;
  /** The part's first control. */
  control(page: Page): Locator;
  /** What a visitor does to it. */
  touch(control: Locator, page: Page): Promise<void>;
  /** That it did what it does, once the code has come. */
  tookEffect(page: Page, control: Locator): Promise<void>;
}

/** The form around `control`: submitting it names what is still missing, never the touched field. */
async function summaryLeavesOut(control: Locator, label: string): Promise<void> {
  const form = control.locator("xpath=ancestor::form[1]");
  await form.locator("button[type=submit]").click();
  const message = form.locator(".form-message");
  await expect(message).toContainText("Please fix");
  await expect(message).not.toContainText(new RegExp(`\\b${label}\\b`));
}

/** Taps a field and types into it, as a thumb and a phone keyboard do. */
async function typeInto(control: Locator, page: Page, text: string): Promise<void> {
  await control.tap();
  await page.keyboard.type(text);
}

const parts: Part[] = [
  {
    name: "the header's menu toggle",
    path: "/",
    control: (page) => page.locator("button.nav-toggle"),
    touch: (control) => control.tap(),
    tookEffect: async (_page, control) => expect(control).toHaveAttribute("aria-expanded", "true"),
  },
  {
    name: "an Add button",
    path: business.ordering.enabled ? (pathOf("services") ?? pathOf("products")) : null,
    control: (page) => page.getByRole("button", { name: /^Add / }).first(),
    touch: (control) => control.tap(),
    tookEffect: async (page) => {
      await expect(page.getByRole("dialog")).toHaveCount(1);
      await expect(page.getByRole("dialog").getByRole("button", { name: /^Add to cart/ })).toBeVisible();
    },
  },
  {
    name: "a Like button",
    path: pathOf("service-item"),
    control: (page) => page.locator("button.like-button").first(),
    touch: (control) => control.tap(),
    tookEffect: async (_page, control) => expect(control).toHaveAttribute("aria-pressed", "true"),
  },
  {
    name: "the review form's stars",
    path: pathOf("location"),
    control: (page) => page.locator(".form-rating label").nth(3),
    touch: (control) => control.tap(),
    tookEffect: async (page, control) => {
      await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
      await summaryLeavesOut(control, "Rating");
    },
  },
  {
    name: "the booking form's first field",
    path: pathOf("reservations"),
    control: (page) => page.locator("main form").first().locator("select, input:not([type=hidden]), textarea").first(),
    touch: async (control) => {
      const options = await control.evaluate((element) => (element instanceof HTMLSelectElement ? Array.from(element.options).map((option) => option.value) : null));
      if (options) await control.selectOption(options.find((value) => value !== "") ?? "");
      else await control.fill("2030-06-07");
    },
    tookEffect: async (_page, control) => {
      const label = (await control.evaluate((element) => (element as HTMLInputElement).labels?.[0]?.textContent ?? "")).replace(/\s*\(optional\)\s*$/, "").trim();
      await summaryLeavesOut(control, label);
    },
  },
  {
    name: "the contact form's name",
    path: pathOf("contact"),
    control: (page) => page.locator("main form").getByLabel("Name", { exact: true }).first(),
    touch: (control, page) => typeInto(control, page, "Ada Lovelace"),
    tookEffect: async (_page, control) => {
      await expect(control).toHaveValue("Ada Lovelace");
      await summaryLeavesOut(control, "Name");
    },
  },
  {
    name: "the hours popup",
    path: pathOf("contact"),
    control: (page) => page.locator(".hours-popup button[popovertarget]").first(),
    touch: (control) => control.tap(),
    tookEffect: async (_page, control) => expect(control).toHaveAttribute("aria-expanded", "true"),
  },
];

/** The scripts a page runs at its start (the app's and its template's, from webpack's stats); the rest is parts' code. */
function firstLoadScripts(pagePath: string): Set<string> {
  const publicDir = path.join(process.cwd(), "public");
  const pageData = JSON.parse(fs.readFileSync(path.join(publicDir, "page-data", pagePath.replace(/^\/|\/$/g, "") || "index", "page-data.json"), "utf8"));
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as { assetsByChunkName: Record<string, string[]> };
  return new Set([...stats.assetsByChunkName.app, ...stats.assetsByChunkName[pageData.componentChunkName]].filter((file) => file.endsWith(".js")).map((file) => `/${file}`));
}

type Moment = "before any script of the page has run" | "once the page has hydrated, before the part's code";

async function openHeld(browser: Browser, part: Part & { path: string }, moment: Moment) {
  // No service worker: it would fetch the code past the route below.
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, serviceWorkers: "block" });
  const page = await context.newPage();
  let release = () => {};
  const touched = new Promise<void>((resolve) => (release = resolve));
  const firstLoad = moment === "before any script of the page has run" ? new Set<string>() : firstLoadScripts(part.path);
  await page.route(/\.js(\?.*)?$/, async (route) => {
    if (!firstLoad.has(new URL(route.request().url()).pathname)) await touched;
    await route.continue();
  });
  await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
  await page.goto(part.path, { waitUntil: "load" });
  if (moment !== "before any script of the page has run") await startApp(page);
  return { context, page, release };
}

test.describe(`${site}: a deferred part's first touch is never lost`, () => {
  test.describe.configure({ timeout: 90_000 });
  for (const moment of ["before any script of the page has run", "once the page has hydrated, before the part's code"] as const) {
    for (const part of parts) {
      test(`${part.name}, touched ${moment}`, async ({ browser }) => {
        test.skip(part.path === null, `${site} has no page with ${part.name}`);
        const { context, page, release } = await openHeld(browser, part as Part & { path: string }, moment);
        const control = part.control(page);
        test.skip((await control.count()) === 0, `${site}'s page ${part.path} has no ${part.name}`);
        await control.scrollIntoViewIfNeeded();
        if (moment === "before any script of the page has run") {
          expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null), "no script of the app had run at the touch").toBeNull();
        } else {
          expect(await hydrated(control), "the part's code had not arrived at the touch").toBe(false);
        }
        await part.touch(control, page);
        release();
        await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 30_000 });
        await part.tookEffect(page, control);
        await context.close();
      });
    }
  }
});
