import fs from "node:fs";
import path from "node:path";
import { expect, request, test, type Page } from "@playwright/test";
import { DateTime } from "luxon";
import { primaryLocationOf } from "@mainstreet/rules/business/schema";
import { ClosedTodayReplySchema, SiteFactsReplySchema } from "@mainstreet/rules/api/site-facts-api";
import { artifactsDir, siteUnderTest } from "./site";
import { Service } from "./service";

/**
 * Facts read live on a production build (docs/publishing.md "Facts read live"): the owner closes the primary
 * location for today through the workspace's API, and the live home page, built when it was open by its
 * hours, says it is closed without a build: the hero's status reads Closed and the location's card says
 * today is closed, with the closure's label that only the live facts carry. Opening again brings the
 * build's hours back. The owner is created with the operators' CLI before the service starts.
 */

const { site, business } = siteUnderTest();
const OWNER = { email: "owner@example.com", password: "copper kettle morning tide" };
const PHONE = { width: 375, height: 812 };
const primary = primaryLocationOf(business);

/**
 * The service's clock and the pages' pinned to an hour inside one of the primary location's shifts that opens and
 * closes on the same day, on a date without special hours: "closed today" then has an open day to close. On the
 * real clock the spec failed in the first hour of a Sunday, New York time: Saturday's late shift (until 1:00am)
 * was still open, rightly, whatever Sunday's closure says.
 */
function openMoment(): string {
  const special = new Set((primary.specialHours ?? []).map((entry) => entry.date));
  const first = DateTime.fromISO("2026-12-01", { zone: primary.timezone });
  for (let day = first; day < first.plus({ weeks: 3 }); day = day.plus({ days: 1 })) {
    if (special.has(day.toISODate() ?? "")) continue;
    const open = primary.hours.find((hours) => hours.day === day.weekday && hours.open !== null && hours.close !== null && hours.close > hours.open + 100)?.open;
    if (open == null) continue;
    return day.set({ hour: Math.floor(open / 100), minute: open % 100 }).plus({ hours: 1 }).toUTC().toISO() ?? "";
  }
  throw new Error(`${site}: the primary location has no shift of over an hour within a day in three weeks from ${first.toISODate()}`);
}
const NOW = openMoment();

async function visitorPage(context: { newPage: () => Promise<Page> }): Promise<Page> {
  const page = await context.newPage();
  // Date.now fixed, timers left running: the page hydrates and fetches its facts as it would.
  await page.clock.setFixedTime(Date.parse(NOW));
  await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.abort());
  return page;
}

test.describe(`${site}: Closed today reaches the live site without a build`, () => {
  test.describe.configure({ mode: "serial", timeout: 150_000 });

  let service: Service;
  test.beforeAll(async () => {
    service = await Service.start({ TEST_CLOCK_START: NOW }, (prepared) => {
      prepared.addAccount(business.id, OWNER);
    });
  });
  test.afterAll(async () => {
    await service?.stop();
    service?.dispose();
  });

  test("the owner's Closed today shows on the live home page (status and today's line), and Open again today takes it back", async ({ browser }) => {
    const owner = await request.newContext({ baseURL: service.baseURL });
    const signedIn = await owner.post("/api/manage/session/", { data: { email: OWNER.email, password: OWNER.password } });
    expect(signedIn.status()).toBe(200);
    const csrf = ((await signedIn.json()) as { csrf_token: string }).csrf_token;
    const closedToday = async (closed: boolean) => {
      const reply = await owner.post("/api/manage/site/closed-today/", { data: { location_id: primary.id, closed }, headers: { "X-CSRF-Token": csrf } });
      expect(reply.status(), await reply.text()).toBe(200);
      return ClosedTodayReplySchema.parse(await reply.json());
    };

    const closed = await closedToday(true);
    const facts = SiteFactsReplySchema.parse(await (await fetch(`${service.baseURL}/api/businesses/${business.id}/site-facts/`)).json());
    expect(facts.locations.find((location) => location.id === primary.id)?.special_hours).toContainEqual({ date: closed.date, closed: true, open: null, close: null, label: "Closed today" });

    // A new visitor (no cached answer): the page shows what the build says, then the live facts over it.
    const visitor = await browser.newContext({ viewport: PHONE, baseURL: service.baseURL });
    const page = await visitorPage(visitor);
    await page.goto("/");
    const status = page.locator(".hero [data-open-status]").first();
    await expect(status).toHaveText(/^Closed/, { timeout: 60_000 });
    // The location card's today line: only the live facts carry the closure's label.
    const todayLine = (on: typeof page) => on.locator(`[data-today-line][data-location="${primary.id}"]`).first();
    await expect(todayLine(page)).toHaveText("Today: Closed (Closed today)", { timeout: 60_000 });
    const dir = artifactsDir(site);
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, "facts-closed-today-375.png") });

    await closedToday(false);
    const later = await browser.newContext({ viewport: PHONE, baseURL: service.baseURL });
    const again = await visitorPage(later);
    await again.goto("/");
    await expect(todayLine(again)).toHaveAttribute("data-filled", "true");
    await expect(todayLine(again)).not.toHaveText(/Closed today/);
    await visitor.close();
    await later.close();
    await owner.dispose();
  });
});
