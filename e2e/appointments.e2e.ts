/**
 * A visitor books "Balayage with Maya" at a Brooklyn location on the salon's production build, against the
 * real API service (its own PGlite) with the service's clock and the page's pinned to one instant. Every
 * start the time step offers is checked against the availability rule run here on the same data, with
 * Maya's other booking of that day as busy time: none runs past closing or overlaps it. A reload of the
 * confirmation shows it again. From the manage link the visitor then moves the booking to another time, which frees
 * the first, and cancels it, which frees the second.
 * Each step is scanned with axe and screenshotted at 375 and 1280 px (into artifactsDir). At the end the
 * service is stopped and its outbox read: each visitor's confirmation carries a calendar file that ical.js
 * reads on the location's clock, with the manage link, and the business got its notice. Every Book button of
 * the site opens /book/ with its page's choice made.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { availability } from "@mainstreet/rules/booking/availability";
import { offersReservationForm, takesAppointments } from "@mainstreet/rules/booking/booking";
import type { OutboxMail } from "./appointments-outbox";
import { audit } from "./look";
import { Service } from "./service";
import { artifactsDir, siteUnderTest } from "./site";

const { site, business, pages } = siteUnderTest();
const SHOTS = artifactsDir(site);
// Tuesday 1 December 2026, 10:00 in New York; Thursday the 3rd (past the 24 h cancellation window) Maya works at Carrow Street, 10:00 to 18:00.
const NOW = "2026-12-01T15:00:00.000Z";
const DAY = "2026-12-03";
const location = business.locations.find((entry) => entry.id === "loc-carrow");
const maya = business.team.find((member) => member.id === "team-maya-okafor");
const balayage = business.menu.items.find((item) => item.id === "item-balayage");
const variation = balayage?.variations.find((entry) => entry.id === "var-balayage-medium");
const cut = business.menu.items.find((item) => item.id === "item-womens-cut")?.variations.find((entry) => entry.durationMinutes !== undefined);

/** What each visitor's booking left to check in the outbox once the service stops. */
const booked: { email: string; reference: string; token: string; start: string }[] = [];

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
    body: JSON.stringify({ business_id: business.id, location_id: "loc-carrow", variation_id: cut!.id, staff_id: "team-maya-okafor", start: `${DAY}T13:00:00-05:00`, customer: { first_name: "Other", last_name: "Client", email: "other@example.com", phone: "(718) 555-0111" } }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await service?.stop();
  service?.dispose();
});

/** Each step: axe finds no WCAG 2.2 AA violation, and a full-page screenshot for the closing note. */
async function shot(page: Page, width: number, name: string) {
  const row = await audit(page, { site, template: "appointments", path: new URL(page.url()).pathname, width, state: name });
  expect(row.rules, `axe at ${width} px, ${name}`).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, `appointments-${name}-${width}.png`), fullPage: true });
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
    await details.getByLabel("Phone").fill("(718) 555-0123");
    await shot(page, width, "3-details");
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
    await shot(page, width, "4-confirmation");
    const ics = decodeURIComponent((await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href"))!.replace(/^data:text\/calendar;charset=utf-8,/, ""));
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR\r\n$/);
    expect(await offered()).not.toContain(chosen);
    const manage = new URL((await page.getByRole("link", { name: "Change or cancel this appointment" }).getAttribute("href"))!, service.baseURL);
    const link = { reference: manage.searchParams.get("reference")!, token: manage.searchParams.get("token")! };
    booked.push({ email: `ada-${width}@example.com`, ...link, start: chosen });

    // The address now names the booking: a reload shows the confirmation again, read from the service,
    // never the details form that could book twice; Back leaves it for the time step, Forward returns.
    expect(new URL(page.url()).search).toBe(`?reference=${link.reference}&token=${link.token}`);
    await page.reload();
    await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
    await expect(page.getByText(link.reference)).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveCount(0);
    await shot(page, width, "4b-confirmation-reloaded");
    await page.goBack();
    await expect(page.getByRole("group", { name: /Choose a time/ })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Book appointment" })).toHaveCount(0);

    await page.getByRole("link", { name: "Change or cancel this appointment" }).click();
    await expect(page.getByRole("button", { name: "Cancel appointment" })).toBeVisible();
    await shot(page, width, "5-manage");
    // Move: the day and time steps (their own chunk) open on the tap, then the booking is on the new start.
    await page.getByRole("button", { name: "Move to another time" }).click();
    await expect(page.getByRole("heading", { name: "Choose a day" })).toBeFocused();
    await page.getByRole("radio", { name: /^Thursday, December 3 / }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    const moveTimes = page.getByRole("group", { name: /Choose a time/ });
    await expect(moveTimes).toBeVisible();
    await shot(page, width, "5b-move-time");
    const movedTo = await moveTimes.getByRole("radio").last().evaluate((radio) => (radio as HTMLInputElement).value);
    expect(movedTo).not.toBe(chosen);
    await moveTimes.getByRole("radio").last().check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your appointment is moved. We sent you an email." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your appointment", level: 2 })).toBeFocused();
    const freed = await offered();
    expect(freed).toContain(chosen);
    expect(freed).not.toContain(movedTo);
    await page.getByRole("button", { name: "Cancel appointment" }).click();
    await page.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(page.getByRole("heading", { name: "This appointment is cancelled" })).toBeVisible();
    await shot(page, width, "6-cancelled");
    expect(await offered()).toContain(movedTo);
  });
}

test("every Book button opens /book/ with its page's choice made, and no page offers a second way to book", async ({ page }) => {
  test.setTimeout(120_000);
  const bookingHost = business.bookingUrl ? new URL(business.bookingUrl).host : null;
  const expected = (planned: (typeof pages)[number]): string | null => {
    const id = String(planned.context.id);
    if (planned.template === "location") return business.locations.some((entry) => entry.id === id && takesAppointments(entry)) ? `/book/?location=${id}` : null;
    if (planned.template === "team-member") return business.team.some((member) => member.id === id && member.serviceIds.length > 0) ? `/book/?staff=${id}` : null;
    if (planned.template === "service-item") return business.menu.items.some((item) => item.id === id && item.variations.some((entry) => entry.durationMinutes !== undefined)) ? `/book/?service=${id}` : null;
    return null;
  };
  const checked = pages.filter((planned) => ["home", "services", "service-category", "service-item", "team", "team-member", "location", "contact"].includes(planned.template));
  for (const planned of checked) {
    const html = await (await fetch(`${service.baseURL}${planned.path}`)).text();
    const anchors = [...html.matchAll(/<a\b[^>]*>/g)].map(([tag]) => ({ href: (/\shref="([^"]*)"/.exec(tag)?.[1] ?? "").replace(/&amp;/g, "&"), booking: /\sdata-role="BOOKING"/.test(tag) }));
    expect(anchors.filter((anchor) => anchor.booking && !anchor.href.startsWith("/book/")), `${planned.path}: a BOOKING link away from /book/`).toEqual([]);
    if (bookingHost) expect(anchors.filter((anchor) => anchor.href.includes(bookingHost)), `${planned.path}: a link to the data's booking site`).toEqual([]);
    const deepLink = expected(planned);
    if (deepLink) expect(anchors.map((anchor) => anchor.href), `${planned.path}: its own Book button`).toContain(deepLink);
  }

  // A location page's button opens the flow at the service step, its location chosen; the page offers no reservation form.
  const carrow = pages.find((planned) => planned.template === "location" && planned.context.id === "loc-carrow")!;
  await page.clock.install({ time: Date.parse(NOW) });
  await page.goto(`${service.baseURL}${carrow.path}`);
  expect(offersReservationForm(business.type, location!)).toBe(false);
  await expect(page.getByRole("heading", { name: /^(Reserve a table|Book an appointment)$/ })).toHaveCount(0);
  await expect(page.getByLabel("Party size")).toHaveCount(0);
  await page.getByRole("link", { name: "Book an appointment here" }).click();
  await expect(page).toHaveURL(/\/book\/\?location=loc-carrow/);
  await expect(page.getByRole("heading", { name: "Choose a service" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Balayage/ })).toBeVisible();
});

test("the outbox holds each visitor's confirmation with a calendar file on the location's clock, the manage link, and the business's notice", async () => {
  test.setTimeout(120_000);
  expect(booked.length, "the booking tests ran first").toBeGreaterThan(0);
  // PGlite belongs to one process: the service stops before its tables are read.
  await service.stop();
  const mails = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", path.join("e2e", "appointments-outbox.ts"), service.dataDir], { cwd: process.cwd(), encoding: "utf8" })) as OutboxMail[];
  const business_to = [...new Set([...location!.contactEmails, ...(location!.email ? [location!.email] : [])].map((address) => address.toLowerCase()))].sort();
  for (const visit of booked) {
    const confirmation = mails.find((mail) => mail.to.includes(visit.email) && mail.subject.startsWith("Booked: "));
    expect(confirmation, `${visit.email}: the confirmation is in the outbox`).toBeDefined();
    expect(confirmation!.subject).toContain("Balayage");
    const url = `${service.baseURL}/appointments/manage/?reference=${visit.reference}&token=${visit.token}`;
    expect(confirmation!.body).toContain(url);
    expect(confirmation!.calendars).toHaveLength(1);
    const [file] = confirmation!.calendars;
    expect(file).toMatchObject({ filename: "appointment.ics", method: "PUBLISH", status: "CONFIRMED", zone: location!.timezone, url });
    // DTSTART is the chosen start on the location's wall clock, and the event lasts the service's length.
    expect(Date.parse(file.start)).toBe(Date.parse(visit.start));
    expect(file.localStart).toBe(visit.start.slice(0, 19));
    expect((Date.parse(file.end) - Date.parse(file.start)) / 60_000).toBe(variation!.durationMinutes);
    expect(file.summary).toMatch(new RegExp(`^Balayage .*with ${maya!.name}`));

    const notice = mails.find((mail) => mail.subject.startsWith("New appointment: ") && mail.body.includes(visit.reference));
    expect(notice, `${visit.reference}: the business's notice`).toBeDefined();
    expect([...notice!.to].sort()).toEqual(business_to);
    // So did the move, and the cancellation from the manage link.
    expect(mails.some((mail) => mail.to.includes(visit.email) && mail.subject.startsWith("Moved: ") && mail.calendars[0]?.status === "CONFIRMED")).toBe(true);
    expect(mails.some((mail) => mail.subject.startsWith("Appointment moved: ") && mail.body.includes(visit.reference))).toBe(true);
    expect(mails.some((mail) => mail.to.includes(visit.email) && mail.subject.startsWith("Cancelled: ") && mail.calendars[0]?.status === "CANCELLED")).toBe(true);
    expect(mails.some((mail) => mail.subject.startsWith("Appointment cancelled: ") && mail.body.includes(visit.reference))).toBe(true);
  }
});
