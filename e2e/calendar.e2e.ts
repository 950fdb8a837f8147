import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DateTime } from "luxon";
import type { AvailabilityReply } from "@mainstreet/rules/api/appointments-api";
import type { CalendarReply } from "@mainstreet/rules/api/manage-appointments-api";
import { artifactsDir, siteUnderTest } from "./site";
import { Service } from "./service";

/**
 * The workspace Calendar end to end, on the production build of a business that takes appointments: a
 * booking made through the API appears in the calendar already open, without reloading; a staff member
 * blocks an hour of a person's day and the visitor's availability stops offering it. The accounts are
 * created with the operators' CLI before the service starts (docs/merchant.md).
 */

const { site, business } = siteUnderTest();
const OWNER = { email: "owner@example.com", password: "copper kettle morning tide" };
const STAFF = { email: "staff@example.com", password: "linen scissors quiet harbour" };
const TABLET = { width: 768, height: 1024 };
const PHONE = { width: 375, height: 812 };
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const takesAppointments = business.locations.some((location) => location.appointments.enabled);

/** A location that takes appointments, a person who works there and a service they perform, as the service answers them. */
interface Pick {
  locationId: string;
  zone: string;
  staff: { id: string; name: string };
  variationId: string;
  today: string;
}

test.describe(`${site}: the workspace calendar`, () => {
  test.skip(!takesAppointments, `${site} takes no appointments`);
  test.describe.configure({ mode: "serial", timeout: 150_000 });

  let service: Service;
  test.beforeAll(async () => {
    service = await Service.start({}, (prepared) => {
      for (const [account, role] of [
        [OWNER, "owner"],
        [STAFF, "staff"],
      ] as const) {
        prepared.addAccount(business.id, account, role);
      }
    });
  });
  test.afterAll(async () => {
    await service?.stop();
    service?.dispose();
  });

  async function signIn(browser: Browser, account: typeof OWNER, viewport = TABLET): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: service.baseURL });
    const page = await context.newPage();
    await page.goto("/manage/");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("status", { name: /Orders arrive on this screen/ })).toHaveText(/: Live$/);
    return page;
  }

  /** The first location that takes appointments with a person performing something there, read from the calendar's own call. */
  async function pick(page: Page): Promise<Pick> {
    for (const location of business.locations.filter((candidate) => candidate.appointments.enabled)) {
      const reply = (await (await page.request.get(`/api/manage/appointments/?location_id=${location.id}`)).json()) as CalendarReply;
      const serviceOffered = reply.services.find((offered) => offered.staff_ids.length > 0 && offered.duration_minutes <= 60);
      const staff = serviceOffered && reply.staff.find((member) => member.id === serviceOffered.staff_ids[0]);
      if (serviceOffered && staff) return { locationId: location.id, zone: reply.time_zone, staff, variationId: serviceOffered.variation_id, today: reply.from };
    }
    throw new Error(`${site}: no location offers a service of an hour or less that someone performs`);
  }

  async function freeStarts(target: Pick): Promise<AvailabilityReply["days"]> {
    const query = new URLSearchParams({ business_id: business.id, location_id: target.locationId, variation_id: target.variationId, staff_id: target.staff.id, days: "14" });
    const response = await fetch(`${service.baseURL}/api/appointments/availability/?${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as AvailabilityReply).days;
  }

  /** Opens the Calendar on `date` at the location, from the workspace's navigation. */
  async function openDay(page: Page, target: Pick, date: string): Promise<void> {
    await page.getByRole("link", { name: "Calendar" }).first().click();
    await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
    const location = page.getByLabel("Location");
    if ((await location.count()) > 0) await location.selectOption(target.locationId);
    const days = Math.round(DateTime.fromISO(date).diff(DateTime.fromISO(target.today), "days").days);
    for (let step = 0; step < days; step += 1) await page.getByRole("button", { name: "Next day" }).click();
    const label = DateTime.fromISO(date).setLocale("en-US").toFormat("ccc, LLL d");
    await expect(page.getByRole("region", { name: new RegExp(`^${target.staff.name}, (Today, )?${label}$`) })).toBeVisible();
  }

  const column = (page: Page, target: Pick) => page.getByRole("region", { name: new RegExp(`^${target.staff.name}, `) });

  test("a booking made through the API appears in the open calendar without reloading", async ({ browser }) => {
    const owner = await signIn(browser, OWNER);
    const target = await pick(owner);
    const day = (await freeStarts(target)).find((candidate) => candidate.slots.length > 0);
    if (!day) throw new Error(`${site}: ${target.staff.name} has no free start in two weeks`);
    await openDay(owner, target, day.date);
    const loaded = await owner.evaluate(() => performance.timeOrigin);

    const booking = await fetch(`${service.baseURL}/api/appointments/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        business_id: business.id,
        location_id: target.locationId,
        variation_id: target.variationId,
        staff_id: target.staff.id,
        start: day.slots[0].start,
        customer: { first_name: "Grace", last_name: "Hopper", email: "grace@example.com", phone: "718-555-0199" },
      }),
    });
    expect(booking.status).toBe(201);
    const time = DateTime.fromISO(day.slots[0].start, { zone: target.zone }).setLocale("en-US").toFormat("h:mm a");
    const entry = column(owner, target).getByRole("button", { name: new RegExp(`^${time} – .*Grace Hopper`) });
    await expect(entry).toBeVisible({ timeout: 20_000 });
    expect(await owner.evaluate(() => performance.timeOrigin), "the same page, never reloaded").toBe(loaded);

    fs.mkdirSync(artifactsDir(site), { recursive: true });
    await owner.screenshot({ path: path.join(artifactsDir(site), "calendar-tablet.png"), fullPage: true });
    expect((await new AxeBuilder({ page: owner }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
    await entry.click();
    await expect(owner.getByRole("dialog")).toBeVisible();
    await owner.screenshot({ path: path.join(artifactsDir(site), "calendar-booking-tablet.png") });
    expect((await new AxeBuilder({ page: owner }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
    await owner.keyboard.press("Escape");
    await expect(owner.getByRole("dialog")).toBeHidden();
    await expect(entry).toBeFocused();

    await owner.setViewportSize(PHONE);
    await expect(entry).toBeVisible();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scroll at 375 px").toBe(true);
    await owner.screenshot({ path: path.join(artifactsDir(site), "calendar-phone.png"), fullPage: true });
    expect((await new AxeBuilder({ page: owner }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
    await owner.context().close();
  });

  test("staff block an hour of a person's day and the visitor's availability stops offering it", async ({ browser }) => {
    const staff = await signIn(browser, STAFF);
    const target = await pick(staff);
    const before = await freeStarts(target);
    // An hour that starts at a free start and is free throughout: four quarter-hour starts in a row, or the step's.
    const day = before.find((candidate) => candidate.slots.length > 4) ?? before.find((candidate) => candidate.slots.length > 0);
    if (!day) throw new Error(`${site}: ${target.staff.name} has no free start in two weeks`);
    const start = DateTime.fromISO(day.slots[1]?.start ?? day.slots[0].start, { zone: target.zone });
    const end = start.plus({ hours: 1 });
    await openDay(staff, target, day.date);

    await column(staff, target).getByRole("button", { name: /^Block time for / }).click();
    const dialog = staff.getByRole("dialog", { name: "Block time" });
    await expect(dialog.getByLabel("Person")).toHaveValue(target.staff.id);
    await dialog.getByLabel("From").fill(start.toFormat("HH:mm"));
    await dialog.getByLabel("To").fill(end.toFormat("HH:mm"));
    await dialog.getByLabel("Reason (optional)").fill("Team training");
    await dialog.getByRole("button", { name: "Block time" }).click();
    await expect(dialog).toBeHidden();
    await expect(column(staff, target).getByRole("button", { name: /Blocked: Team training/ })).toBeVisible();

    const offered = (days: AvailabilityReply["days"]) => days.find((candidate) => candidate.date === day.date)?.slots.map((slot) => DateTime.fromISO(slot.start).toMillis()) ?? [];
    const inBlock = (at: number) => at >= start.toMillis() && at < end.toMillis();
    expect(offered(before).some(inBlock), "the hour was offered before").toBe(true);
    expect(offered(await freeStarts(target)).filter(inBlock), "no start inside the blocked hour").toEqual([]);

    // Removing the block offers the hour again.
    await column(staff, target).getByRole("button", { name: /Blocked: Team training/ }).click();
    await staff.getByRole("button", { name: "Remove block" }).click();
    await expect(column(staff, target).getByRole("button", { name: /Blocked/ })).toHaveCount(0);
    expect(offered(await freeStarts(target)).some(inBlock)).toBe(true);
    await staff.context().close();
  });
});
