import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { artifactsDir, siteUnderTest } from "./site";
import { Service } from "./service";

/**
 * The workspace's Site screen on the real service: every section fits a phone and a laptop with nothing
 * for axe to report (and is photographed for review), and an owner's edits are saved as they go, a refused
 * field is named at the field in plain words, and what was saved is there after a reload and in the history.
 */

const { site, business } = siteUnderTest();
const OWNER = { email: "owner@example.com", password: "copper kettle morning tide" };
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const SECTIONS = [
  ["details", "Details"],
  ["hours", "Hours"],
  ["announcement", "Announcement"],
  ["pages", "Pages"],
  ["history", "History"],
] as const;
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];
const first = business.locations[0];
const FIRST_PLACE = first.name ?? first.street;

test.describe(`${site}: the owner edits the site in the workspace`, () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });

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
    await expect(page.getByRole("navigation", { name: "Workspace" })).toBeVisible();
    return page;
  }

  test("every section fits 1280 and 375 px with nothing for axe to report", async ({ browser }) => {
    for (const viewport of VIEWPORTS) {
      const page = await signIn(browser, viewport);
      for (const [id, label] of SECTIONS) {
        await page.goto(`/manage/#/site/${id}`);
        await expect(page.getByRole("heading", { level: 2, name: label })).toBeVisible();
        await expect(page.getByText(/^(Loading|Opening) .*…$/)).toHaveCount(0);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
        expect.soft(scrollWidth, `${id}: ${scrollWidth} px wide in a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
        expect.soft((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations, `${id} at ${viewport.width} px`).toEqual([]);
        await page.screenshot({ path: path.join(artifactsDir(site), `site-${id}-${viewport.width}.png`), fullPage: true });
      }
      await page.context().close();
    }
  });

  test("Tuesday's hours saved as the owner types, a refused colour named at its field, both kept after a reload", async ({ browser }) => {
    const page = await signIn(browser, VIEWPORTS[0]);
    await page.goto("/manage/#/site/hours");
    const place = page.getByRole("group", { name: FIRST_PLACE, exact: true });
    await place.getByLabel("Tuesday closes", { exact: true }).fill("21:30");
    await expect(page.getByText(/^Saved at /)).toBeVisible();
    await page.reload();
    await expect(place.getByLabel("Tuesday closes", { exact: true })).toHaveValue("21:30");

    await page.getByRole("link", { name: "Details" }).click();
    const colour = page.getByLabel("Main colour");
    await colour.fill("raspberry");
    await expect(page.getByRole("heading", { name: "1 field needs fixing" })).toBeVisible();
    await expect(colour).toHaveAttribute("aria-invalid", "true");
    await expect(colour).toHaveAccessibleDescription(/^Enter a colour as # and 6 letters or digits, like #b4235a, or leave it empty\./);
    await page.screenshot({ path: path.join(artifactsDir(site), "site-refused-field-1280.png"), fullPage: true });
    await colour.fill("#8a1f4a");
    await expect(page.getByText(/^Saved at /)).toBeVisible();
    await expect(page.getByRole("heading", { name: /fixing/ })).toHaveCount(0);

    await page.getByRole("link", { name: "History" }).click();
    const revisions = page.getByRole("list", { name: "Revisions, newest first" }).getByRole("listitem");
    await expect(revisions.nth(0)).toContainText("Changed the brand");
    await expect(revisions.nth(1)).toContainText(`Changed Tuesday's hours at ${FIRST_PLACE}`);
    await page.reload();
    await page.getByRole("link", { name: "Details" }).click();
    await expect(page.getByLabel("Main colour")).toHaveValue("#8a1f4a");
    await page.context().close();
  });
});
