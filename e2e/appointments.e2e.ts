/**
 * A visitor books "Balayage with Maya" at a Brooklyn location on the salon's production build, against the
 * real API service (its own PGlite) with the service's clock and the page's pinned to one instant. Every
 * start the time step offers is checked against the availability rule run here on the same data, with
 * Maya's other booking of that day as busy time: none runs past closing or overlaps it. The visitor then
 * cancels from the manage link and the time is offered again. Each step is scanned with axe and
 * screenshotted at 375 and 1280 px.
 */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { availability } from "@mainstreet/rules/booking/availability";
import { audit } from "./look";
import { Service } from "./service";
import { siteUnderTest } from "./site";

const { site, business } = siteUnderTest();
const SHOTS = "/tmp/shots/35site";
// Tuesday 1 December 2026, 10:00 in New York; Thursday the 3rd (past the 24 h cancellation window) Maya works at Carrow Street, 10:00 to 18:00.
const NOW = "2026-12-01T15:00:00.000Z";
const DAY = "2026-12-03";
const location = business.locations.find((entry) => entry.id === "loc-carrow");
const maya = business.team.find((member) => member.id === "team-maya-okafor");
const balayage = business.menu.items.find((item) => item.id === "item-balayage");
const variation = balayage?.variations.find((entry) => entry.id === "var-balayage-medium");
const cut = business.menu.items.find((item) => item.id === "item-womens-cut")?.variations.find((entry) => entry.durationMinutes !== undefined);

let service: Service;

test.describe.configure({ mode: "serial" });
test.skip(site !== "salon" || !location || !maya || !variation || !cut, "the salon sample's Carrow Street, Maya and Balayage");

test.beforeAll(async () => {
  test.setTimeout(120_000);
  service = await Service.start({ TEST_CLOCK_START: NOW, BOT_CHECK: "off" });
  // Maya's other booking that day: a cut at 13:00, which no Balayage start may overlap.
  const response = await fetch(`${service.baseURL}/api/appointments/`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": "e2e-appointments-other-booking" },
    body: JSON.stringify({ business_id: business.id, location_id: "loc-carrow", variation_id: cut!.id, staff_id: "team-maya-okafor", start: `${DAY}T13:00:00-05:00`, customer: { first_name: "Other", last_name: "Client", email: "other@example.com", phone: "(212) 555-0142" } }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await service?.stop();
});

/** Each step: axe finds no WCAG 2.2 AA violation, and a full-page screenshot for the closing note. */
async function shot(page: Page, width: number, name: string) {
  const row = await audit(page, { site, template: "appointments", path: new URL(page.url()).pathname, width, state: name });
  expect(row.rules, `axe at ${width} px, ${name}`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

async function offered(): Promise<string[]> {
  const response = await fetch(`${service.baseURL}/api/appointments/availability/?business_id=${business.id}&location_id=loc-carrow&variation_id=${variation!.id}&staff_id=team-maya-okafor&from=${DAY}&days=1`);
  const body = (await response.json()) as { days: { slots: { start: string }[] }[] };
  return body.days[0].slots.map((slot) => slot.start);
}

for (const width of [375, 1280]) {
  test(`${width} px: books Balayage with Maya, every offered start fits the rule, cancels from the link`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    // Scanned settled, as the accessibility spec scans: the reveal animations start at their end state.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install({ time: Date.parse(NOW) });
    // The steps before the day, as a visitor who opens the booking page walks them.
    await page.goto(`${service.baseURL}/book/`);
    await shot(page, width, "0a-location");
    await page.getByRole("radio", { name: /418 Carrow Street/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Choose a service" })).toBeFocused();
    await shot(page, width, "0b-service");
    await page.getByRole("radio", { name: /^Balayage/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Choose the length and price" })).toBeFocused();
    await shot(page, width, "0c-length");
    await page.getByRole("radio", { name: new RegExp(`^${variation!.name}`) }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Choose who you'd like" })).toBeFocused();
    await expect(page.getByRole("radio").first()).toHaveAccessibleName(/^Any available/);
    await shot(page, width, "0d-person");
    // "Book with Maya" and "Book this" carry their choices in the address: the flow opens at the day.
    await page.goto(`${service.baseURL}/book/?location=loc-carrow&service=${variation!.id}&staff=team-maya-okafor`);
    await expect(page.getByRole("heading", { name: "Choose a day" })).toBeVisible();
    await shot(page, width, "1-day");
    await page.getByRole("radio", { name: /^Thursday, December 3 / }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    const times = page.getByRole("group", { name: /Choose a time/ });
    await expect(times).toBeVisible();
    await shot(page, width, "2-time");

    const shown = await times.getByRole("radio").evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
    const other = { staffId: "team-maya-okafor", start: `${DAY}T13:00:00-05:00`, end: new Date(Date.parse(`${DAY}T13:00:00-05:00`) + ((cut!.durationMinutes ?? 0) + (cut!.bufferMinutes ?? 0)) * 60_000).toISOString() };
    const rule = availability({ location: location!, variation: { durationMinutes: variation!.durationMinutes!, bufferMinutes: variation!.bufferMinutes ?? 0 }, staff: [maya!], busy: [other], from: DAY, days: 1, now: Date.parse(NOW) });
    expect(shown).toEqual(rule[0].slots.map((slot) => slot.start));
    expect(shown.length).toBeGreaterThan(0);
    for (const start of shown) {
      const end = Date.parse(start) + variation!.durationMinutes! * 60_000;
      expect(end <= Date.parse(`${DAY}T18:00:00-05:00`), `${start} runs past Maya's 18:00`).toBe(true);
      expect(end <= Date.parse(other.start) || Date.parse(start) >= Date.parse(other.end), `${start} overlaps Maya's 13:00 booking`).toBe(true);
    }

    const chosen = shown[0];
    await times.getByRole("radio").first().check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeFocused();
    const details = page.getByRole("form", { name: "Your details" });
    await details.getByLabel("First name").fill("Ada");
    await details.getByLabel("Last name").fill("Lovelace");
    await details.getByLabel(/^Email/).fill(`ada-${width}@example.com`);
    await details.getByLabel("Phone").fill("555 123 4567");
    await shot(page, width, "3-details");
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
    await shot(page, width, "4-confirmation");
    const ics = decodeURIComponent((await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href"))!.replace(/^data:text\/calendar;charset=utf-8,/, ""));
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR\r\n$/);
    expect(await offered()).not.toContain(chosen);

    await page.getByRole("link", { name: "Change or cancel this appointment" }).click();
    await expect(page.getByRole("button", { name: "Cancel appointment" })).toBeVisible();
    await shot(page, width, "5-manage");
    await page.getByRole("button", { name: "Cancel appointment" }).click();
    await page.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(page.getByRole("heading", { name: "This appointment is cancelled" })).toBeVisible();
    await shot(page, width, "6-cancelled");
    expect(await offered()).toContain(chosen);
  });
}
