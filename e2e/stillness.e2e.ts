import { expect, test } from "@playwright/test";
import { reactCommits, recordReactCommits } from "./react-commits";
import { hydrated, onePagePerTemplate, siteUnderTest } from "./site";
import { startApp } from "./app";

/**
 * A page hydrates once and then stays still while nobody touches it. What only the browser knows (the
 * open status, today's hours, the announcement's moment, the sticky bar, a dismissed announcement) is written
 * into the page without a render, and the parts that wait for the visitor (the header's menus, forms, likes, the
 * footer) are left as the server wrote them. After hydration React may commit twice: Gatsby renders the page's
 * head in a root of its own, and React tries once, at its lowest priority, the parts it left unhydrated.
 */
const { site, business, pages } = siteUnderTest();
const MAX_COMMITS_AFTER_HYDRATION = 2;
/**
 * Pages whose content is the visitor's own (the cart at checkout, an order's status, the booking a manage
 * link names): it is read from the browser and the service once the page has hydrated, and rendered once
 * more for it.
 */
const VISITOR_PAGES: ReadonlySet<string> = new Set(["checkout", "order", "appointment-manage"]);
/** A Tuesday morning in spring, inside every sample announcement's window. */
const NOW = new Date("2026-05-05T15:00:00Z");

test.describe(`${site}: hydrate once and stay still`, () => {
  test.use({ viewport: { width: 412, height: 823 } });
  for (const planned of onePagePerTemplate(pages)) {
    const allowed = MAX_COMMITS_AFTER_HYDRATION + (VISITOR_PAGES.has(planned.template) ? 1 : 0);
    test(`${planned.template}: at most ${allowed} commits after hydration with no visitor input`, async ({ page }) => {
      await page.clock.install({ time: NOW });
      await recordReactCommits(page);
      await page.goto(planned.path);
      await startApp(page);
      // Every timer of the next minute (the announcement's delay and duration, the hours' refills), and whatever
      // the page asks the service for once it has loaded (sold-out marks, approved reviews).
      await page.clock.runFor(60_000);
      await page.waitForLoadState("networkidle");
      await page.clock.runFor(1_000);
      const commits = await reactCommits(page);
      const after = commits.slice(1);
      expect(commits[0]?.rendered, "the first commit is the hydration of the whole page").toBe(commits[0]?.total);
      expect(after.length, `commits after hydration: ${JSON.stringify(after.map((commit) => ({ rendered: commit.rendered, rerendered: commit.rerendered, roots: commit.roots.map((root) => root.slice(0, 60)) })))}`).toBeLessThanOrEqual(allowed);
      // Neither of them renders a component of the page again (but the visitor's own content, where there is some):
      // the last may hydrate the parts whose code is already there (a menu's Add buttons).
      if (!VISITOR_PAGES.has(planned.template)) expect(after.map((commit) => commit.rerendered)).toEqual(after.map(() => 0));
    });
  }
});

/**
 * A listing's cards are left as served by the page's hydration when the business takes no orders (they
 * would be most of a services page's hydration work); they hydrate when the visitor reaches for one, and
 * what the visitor did meanwhile is not lost: a link opens its page in the app, a Like counts.
 */
const listing = pages.find((page) => page.template === "services" || page.template === "products");
const itemPage = pages.find((page) => page.template === "service-item");
/** Not the item forms.e2e.ts likes (its database test counts that item's likes). */
const likedHere = itemPage ? business.menu.items.find((item) => item.id !== itemPage.context.itemId && item.visible !== false && item.available !== false) : undefined;

test.describe(`${site}: a listing's cards hydrate when the visitor reaches for them`, () => {
  test.skip(!listing, `${site} has no services or products page`);
  test.skip(Boolean(business.ordering?.enabled), `${site} takes orders: its cards carry Add buttons and hydrate with the page`);
  test.use({ viewport: { width: 412, height: 823 } });

  test("a card's link, taken before the cards hydrated, opens the item's page in the app", async ({ page }) => {
    await page.goto(listing!.path);
    await startApp(page);
    const link = page.locator(".item-card__title a").first();
    expect(await hydrated(link), "the page's hydration leaves the cards as served").toBe(false);
    const href = await link.getAttribute("href");
    // Set in this document: a full page load would lose it.
    await page.evaluate("window.__samePage = true");
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate("window.__samePage === true"), "the link is followed in the app, not by a new page load").toBe(true);
  });

  test("a Like tapped before the cards hydrated counts once", async ({ page }) => {
    test.skip(!likedHere, `${site} has no second item to like`);
    await page.goto(listing!.path);
    await startApp(page);
    const like = page.getByRole("button", { name: `Like ${likedHere!.name}`, exact: true });
    expect(await hydrated(like)).toBe(false);
    await like.click();
    await expect(page.getByRole("button", { name: `Liked ${likedHere!.name}`, exact: true })).toHaveAttribute("aria-pressed", "true");
  });
});
