import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { likeCountLabel } from "@mainstreet/rules/forms/likes";
import { bookingWindow, dateLabel, firstClosedDate, firstDateWithSlots, takesReservations } from "@mainstreet/rules/booking/reservations";
import { businessTypePath } from "@mainstreet/rules/forms/validation";
import { artifactsDir, hydrated, siteUnderTest } from "./site";
import { startApp } from "./app";

/**
 * The visitor forms end to end, on the production build: every form a visitor uses lands in the database and
 * the merchant's inbox.
 *
 * How the database and the mail are checked honestly: this spec runs its own copy of the API service
 * (server/src/main.ts, the process `npm start` runs) serving the same public/ build, with a fresh PGlite
 * data directory and SMTP_URL pointing at an SMTP peer the spec starts on 127.0.0.1. Mail is read as
 * the peer received it; while the service runs, bookings and likes are read back through the API
 * (slot seats left, catalog like counts, both computed from the tables); at the end the service is
 * stopped (PGlite allows one process per data directory) and the tables themselves are queried.
 */

const { site, business, pages } = siteUnderTest();
const ROOT = path.resolve(__dirname, "..");
const VISITOR = { name: "Ada Lovelace", email: `ada+${site}@example.com` };

interface Received {
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let service: ChildProcess | null = null;
let serviceLog = "";
let dataDir = "";
let base = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (service?.exitCode !== null && service?.exitCode !== undefined) throw new Error(`The API service exited with ${service.exitCode}:\n${serviceLog}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API service did not answer ${url} in time:\n${serviceLog}`);
}

function stopService(): Promise<void> {
  const child = service;
  service = null;
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  const smtpPort = await new Promise<number>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve((smtp.server.address() as AddressInfo).port)));
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mainstreet-forms-${site}-`));
  base = `http://localhost:${port}`;
  service = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), [path.join(ROOT, "server", "src", "main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_DATA: process.env.SITE_DATA ?? path.join("data", site, "business.json"),
      PUBLIC_DIR: "public",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      BOT_CHECK: "off",
      RATE_LIMIT_FORMS_PER_MINUTE: "1000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  service.stdout?.on("data", (chunk: Buffer) => (serviceLog += chunk.toString()));
  service.stderr?.on("data", (chunk: Buffer) => (serviceLog += chunk.toString()));
  await waitForHealth(`${base}/api/health`, Date.now() + 90_000);
});

test.afterAll(async () => {
  await stopService();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every visit: no request ever leaves for the bot-protection host (no site key is configured). */
const thirdParty: string[] = [];
test.beforeEach(async ({ page }) => {
  await page.route(/googletagmanager\.com/, (route) => route.abort());
  page.on("request", (request) => {
    if (/recaptcha|gstatic\.com/.test(request.url())) thirdParty.push(request.url());
  });
});

async function open(page: Page, pathname: string) {
  await page.goto(`${base}${pathname}`);
  await startApp(page);
}

async function expectAccessible(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The form's own fields, so the footer's email field never answers for the page's. */
const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

function mailTo(address: string): Received[] {
  return received.filter((mail) => mail.to.includes(address.toLowerCase()));
}

const planned = (template: string) => pages.find((page) => page.template === template);

// ─── booking ────────────────────────────────────────────────────────────────────────────────────────

const reservable = business.locations.find(takesReservations);
const reservationPage = planned("reservations");
const bookingPath = reservationPage?.path ?? pages.find((page) => page.template === "location" && page.context.locationId === reservable?.id)?.path;
const booked: { reference?: string; start?: string; cancelled?: string } = {};

async function slotsFromApi(page: Page, date: string) {
  const response = await page.request.get(`${base}/api/reservations/slots/`, { params: { business_id: business.id, location_id: reservable!.id, date } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { slots: { start: string; remaining: number; available: boolean }[] }).slots;
}

async function bookingForm(page: Page): Promise<Locator> {
  await open(page, bookingPath!);
  const form = page.getByRole("form", { name: /Your booking|Book an appointment|Reserve a table/ });
  if (reservationPage && business.locations.filter(takesReservations).length > 1) {
    await field(form, "Location").selectOption(reservable!.id);
  }
  // As a visitor does: the form fetches its calendar rules once it is engaged with (reservation-form.tsx).
  await field(form, "Date").focus();
  return form;
}

async function chooseDate(form: Locator, date: string) {
  await field(form, "Date").fill(date);
  // The calendar's code arrives once the form is engaged with, and the form then reads the date typed
  // meanwhile: wait until the Time list speaks of this date (its label is the rules' own), then until the
  // service has said which times are taken. Reading it sooner could see the list of no date at all.
  const time = field(form, "Time");
  await expect(time).toHaveAccessibleDescription(new RegExp(escapeRegExp(dateLabel(date, business.locale ?? undefined))));
  await expect(time).not.toHaveAccessibleDescription(/hecking availability/);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function book(page: Page, date: string, pick: (values: string[]) => string): Promise<string> {
  const form = await bookingForm(page);
  await chooseDate(form, date);
  const time = field(form, "Time");
  const free = await time.locator("option:not([disabled])").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  expect(free.length).toBeGreaterThan(0);
  const start = pick(free);
  await time.selectOption(start);
  if (business.type === "restaurant") await field(form, "Guests").fill("2");
  else if (await form.getByLabel("Service", { exact: true }).count()) await field(form, "Service").selectOption({ index: 1 });
  await field(form, "Name").fill(VISITOR.name);
  await field(form, "Email").fill(VISITOR.email);
  await form.getByRole("button", { name: /^(Book|Reserve)$/ }).click();
  await expect(page.getByText("You are booked.")).toBeVisible();
  // Where, once: the location's name (when it has one), street and city.
  await expect(page.getByText("Where", { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText([reservable!.name, reservable!.street, reservable!.city].filter(Boolean).join(", "));
  return start;
}

test.describe(`${site}: reservations`, () => {
  test.skip(!reservable || !bookingPath, `${site} has no location taking reservations on the site`);

  test("books tomorrow (or the next open day) at an open slot, and the seat is taken in the database", async ({ page }) => {
    const zone = reservable!.timezone;
    const now = Date.now();
    const date = firstDateWithSlots({ hours: reservable!.hours, specialHours: reservable!.specialHours, timeZone: zone, now, from: bookingWindow(now, zone).tomorrow, intervalMinutes: reservable!.reservations.slotMinutes });
    expect(date, "the location opens within the booking window").not.toBeNull();
    const start = await book(page, date!, (free) => free[0]);
    const reference = (await page.getByTestId("reservation-reference").textContent()) ?? "";
    expect(reference).toMatch(/^R-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    booked.reference = reference;
    booked.start = start;
    const slot = (await slotsFromApi(page, date!)).find((candidate) => Date.parse(candidate.start) === Date.parse(start));
    expect(slot?.remaining).toBe(reservable!.reservations.capacity - 1);
    // The guest's confirmation went out through SMTP with the reference.
    expect(mailTo(VISITOR.email).some((mail) => mail.raw.includes(reference))).toBe(true);
  });

  test("a closed day offers no slots, in the form and in the API", async ({ page }) => {
    const zone = reservable!.timezone;
    const now = Date.now();
    const closed = firstClosedDate({ hours: reservable!.hours, specialHours: reservable!.specialHours, timeZone: zone, now, from: bookingWindow(now, zone).tomorrow, intervalMinutes: reservable!.reservations.slotMinutes });
    test.skip(closed === null, `${reservable!.id} is open every day`);
    const form = await bookingForm(page);
    await chooseDate(form, closed!);
    const time = field(form, "Time");
    await expect(time.locator("option")).toHaveText(["No times on this date"]);
    await expect(time).toHaveAccessibleDescription(/is closed on .* Choose another date\./);
    expect(await slotsFromApi(page, closed!)).toEqual([]);
  });

  test("the cancel link cancels a booking and frees its seat", async ({ page }) => {
    const zone = reservable!.timezone;
    const now = Date.now();
    const date = firstDateWithSlots({ hours: reservable!.hours, specialHours: reservable!.specialHours, timeZone: zone, now, from: bookingWindow(now, zone).tomorrow, intervalMinutes: reservable!.reservations.slotMinutes })!;
    const start = await book(page, date, (free) => free[free.length - 1]);
    const reference = (await page.getByTestId("reservation-reference").textContent()) ?? "";
    await page.getByRole("link", { name: "Cancel this reservation" }).click();
    await page.getByRole("button", { name: `Cancel reservation ${reference}` }).click();
    await expect(page.getByText(`Reservation ${reference} is cancelled.`)).toBeVisible();
    const slot = (await slotsFromApi(page, date)).find((candidate) => Date.parse(candidate.start) === Date.parse(start));
    expect(slot?.remaining).toBe(reservable!.reservations.capacity);
    booked.cancelled = reference;
  });

  test("submitted empty as the first thing the visitor does: the Date box and the message agree", async ({ page }) => {
    await open(page, bookingPath!);
    const form = page.getByRole("form", { name: /Your booking|Book an appointment|Reserve a table/ });
    const submit = form.getByRole("button", { name: /^(Book|Reserve)$/ });
    await submit.scrollIntoViewIfNeeded();
    // Only look: no touch, no focus, so neither the form's code nor the calendar has been asked for yet. The tap
    // is held while the form's code arrives, then done (hydration/deferred.tsx).
    expect(await hydrated(submit)).toBe(false);
    await submit.click();
    const alert = form.getByRole("alert");
    await expect(alert).toContainText("Please fix");
    // Once the calendar has arrived (the box gets its bounds), what the box shows is what the form holds.
    // A form that first asks for the location (the restaurant's two) has no bounds before one is chosen:
    // the calendar needs the location's zone; the box then stays empty and must be the one flagged.
    const asksLocation = (await form.getByLabel("Location", { exact: true }).count()) > 0;
    if (!asksLocation) await expect(field(form, "Date")).toHaveAttribute("min", /^\d{4}-\d{2}-\d{2}$/, { timeout: 15_000 });
    const shown = await field(form, "Date").inputValue();
    const dateFlagged = /\bDate\b/.test((await alert.textContent()) ?? "");
    expect({ shown, dateFlagged }).toEqual(dateFlagged ? { shown: "", dateFlagged: true } : { shown: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), dateFlagged: false });
    if (dateFlagged) await expect(field(form, "Date")).toHaveAttribute("aria-invalid", "true");
  });

  test("a past date says it is past and offers the next date with free times", async ({ page }) => {
    const zone = reservable!.timezone;
    const now = Date.now();
    const next = firstDateWithSlots({ hours: reservable!.hours, specialHours: reservable!.specialHours, timeZone: zone, now, from: bookingWindow(now, zone).today, intervalMinutes: reservable!.reservations.slotMinutes })!;
    const form = await bookingForm(page);
    await field(form, "Date").fill("2025-01-01");
    const label = dateLabel(next);
    await expect(field(form, "Time")).toHaveAccessibleDescription(new RegExp(`^Wednesday 1 January 2025 is in the past\\. The next date with free times is ${label}\\.`));
    await form.getByRole("button", { name: `Choose ${label}` }).click();
    await expect(field(form, "Date")).toHaveValue(next);
    await expect(field(form, "Time").locator("option:not([disabled])").nth(1)).toBeAttached();
  });

  test("the reservation form is accessible, also while showing errors", async ({ page }) => {
    const form = await bookingForm(page);
    await expect(field(form, "Time").locator("option").nth(1)).toBeAttached();
    await expectAccessible(page, ".form-section");
    await form.getByRole("button", { name: /^(Book|Reserve)$/ }).click();
    await expect(form.getByRole("alert")).toContainText("Please fix");
    await expectAccessible(page, ".form-section");
  });
});

// ─── contact, review, application ───────────────────────────────────────────────────────────────────

test.describe(`${site}: contact`, () => {
  const contact = planned("contact");
  test.skip(!contact, `${site} has no contact page`);

  test("a message from the contact page reaches the location's contact addresses through SMTP", async ({ page }) => {
    await open(page, contact!.path);
    const form = page.getByRole("form", { name: "Send us a message" });
    await expectAccessible(page, ".form-section");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(field(form, "Email")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, ".form-section");
    const primary = business.locations.find((location) => location.primaryLocation) ?? business.locations[0];
    if (business.locations.length > 1) await expect(field(form, "Location")).toHaveValue(primary.id);
    const text = `Hello from the ${site} e2e run: do you have time on Saturday?`;
    await field(form, "Name").fill(VISITOR.name);
    await field(form, "Email").fill(VISITOR.email);
    await field(form, "Subject (optional)").fill(`Question from ${site} e2e`);
    await field(form, "Message").fill(text);
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thank you, your message is on its way.")).toBeVisible();
    const expected = primary.contactEmails.length > 0 ? primary.contactEmails : [primary.email!];
    const mail = received.find((candidate) => candidate.raw.includes(`Question from ${site} e2e`));
    expect(mail, "the SMTP peer received the contact message").toBeDefined();
    expect([...mail!.to].sort()).toEqual(expected.map((address) => address.toLowerCase()).sort());
    expect(mail!.raw).toMatch(new RegExp(`Reply-To: ${VISITOR.email.replace(/[+.]/g, "\\$&")}`, "i"));
    expect(mail!.raw.replace(/=\r?\n/g, "")).toContain("do you have time on Saturday?");
    expect(await page.request.post(`${base}/api/businesses/${businessTypePath(business.type)}/${business.id}/locations/${primary.id}/email/`, { data: { contact_name: "X", contact_email: "x@example.com", contact_message: "x", destination_email: "stranger@example.com" } }).then((response) => response.status())).toBe(422);
  });
});

test.describe(`${site}: review`, () => {
  const locationPage = planned("location");
  test.skip(!locationPage, `${site} has no location page`);

  test("a review is stored for approval, mailed to the merchant and shown nowhere", async ({ page }) => {
    await open(page, locationPage!.path);
    const form = page.getByRole("form", { name: "Leave a review" });
    await form.getByRole("button", { name: "Send review" }).click();
    await expect(form.getByRole("alert")).toContainText("Please fix 2 fields: Rating, Your review.");
    await expectAccessible(page, ".form-section");
    const words = `Lovely visit, written by the ${site} e2e run.`;
    await form.locator("label").filter({ hasText: "5 stars" }).click();
    await field(form, "Your review").fill(words);
    await form.getByRole("button", { name: "Send review" }).click();
    await expect(page.getByText("Thank you for your review.")).toBeVisible();
    expect(received.some((mail) => mail.raw.includes("5-star review") && mail.raw.replace(/=\r?\n/g, "").includes(words))).toBe(true);
    await open(page, locationPage!.path);
    await expect(page.getByText(words)).toHaveCount(0);
  });
});

test.describe(`${site}: work with us`, () => {
  const careers = planned("work-with-us");
  test.skip(!careers, `${site} has no work-with-us page`);

  test("an application reaches the merchant", async ({ page }) => {
    await open(page, careers!.path);
    const form = page.getByRole("form", { name: "Apply to join us" });
    await expectAccessible(page, ".form-section");
    await field(form, "Name").fill(VISITOR.name);
    await field(form, "Role").fill("Senior stylist");
    await field(form, "Email").fill(VISITOR.email);
    await field(form, "Phone (optional)").fill("(718) 555-0142");
    await field(form, "About you").fill("Twelve years behind the chair.");
    await form.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByText("Thank you, your application is on its way.")).toBeVisible();
    expect(received.some((mail) => mail.raw.includes(`Job application from ${VISITOR.name}: Senior stylist`))).toBe(true);
  });
});

test.describe(`${site}: a field the service refuses`, () => {
  const careers = planned("work-with-us");
  test.skip(!careers, `${site} has no work-with-us page`);

  // The browser's check of a phone number is light (no phone metadata in the page); the service reads it
  // with the location's country and refuses this one, naming the field by path for API clients.
  test("a phone number the service cannot read is told in the field's plain sentence, with the form's line naming it (375 and 1280 px)", async ({ page }) => {
    await open(page, careers!.path);
    const form = page.getByRole("form", { name: "Apply to join us" });
    await field(form, "Name").fill(VISITOR.name);
    await field(form, "Role").fill("Colourist");
    await field(form, "Email").fill(VISITOR.email);
    await field(form, "Phone (optional)").fill("555-0100 12");
    await field(form, "About you").fill("Refused for its phone number.");
    const refusal = page.waitForResponse((response) => response.url().endsWith("/api/events/website/") && response.request().method() === "POST");
    await form.getByRole("button", { name: "Send application" }).click();
    const answer = await refusal;
    expect(answer.status()).toBe(422);
    expect(((await answer.json()) as { message: string }).message).toMatch(/^event_data\.fieldValues\.phone: expected/);
    const phone = field(form, "Phone (optional)");
    await expect(phone).toHaveAccessibleDescription(/Error: Enter a phone number with its area code, or from abroad with \+ and the country code\.$/);
    await expect(form.getByRole("alert")).toHaveText("Please fix 1 field: Phone.");
    await expect(phone).toBeFocused();
    await expect(form).not.toContainText(/event_data|expected|got "/);
    await expectAccessible(page, ".form-section");
    fs.mkdirSync(artifactsDir(site), { recursive: true });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await phone.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir(site), `application-refused-phone-${width}.png`) });
    }
  });
});

// ─── sign-ups and likes ─────────────────────────────────────────────────────────────────────────────

test.describe(`${site}: subscribe`, () => {
  test("subscribing twice with one address is harmless", async ({ page }) => {
    await open(page, "/");
    const form = page.getByRole("form", { name: "Stay in touch" });
    await form.scrollIntoViewIfNeeded();
    await expectAccessible(page, ".site-footer__subscribe");
    for (const message of ["Thank you, you are subscribed.", "You are already subscribed."]) {
      await field(form, "Email").fill(VISITOR.email);
      await form.getByRole("checkbox").check();
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(page.getByText(message)).toBeVisible();
      await page.getByRole("button", { name: "Subscribe another address" }).click();
    }
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("checkbox")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, ".site-footer__subscribe");
  });
});

const itemPage = pages.find((page) => page.template === "service-item");
const likedItem = itemPage ? business.menu.items.find((item) => item.id === itemPage.context.itemId) : undefined;

test.describe(`${site}: likes`, () => {
  test.skip(!likedItem, `${site} has no item page`);

  test("liking an item twice counts one like", async ({ page }) => {
    const item = likedItem!;
    await open(page, itemPage!.path);
    const like = page.getByRole("button", { name: `Like ${item.name}` });
    const before = likeCountLabel(item.likeCount);
    // A small count is not shown at all (LIKE_COUNT_SHOWN_FROM); after the visitor's own like it is.
    if (before) await expect(page.locator(".item-detail").getByText(before, { exact: true })).toBeVisible();
    else await expect(page.locator(".item-detail .like__count")).toHaveCount(0);
    await expectAccessible(page, ".like");
    await like.click();
    const liked = page.getByRole("button", { name: `Liked ${item.name}` });
    await expect(liked).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator(".item-detail").getByText(likeCountLabel(item.likeCount + 1, { likedByVisitor: true })!, { exact: true })).toBeVisible();
    await liked.click();
    // Again after a reload, and straight at the API with the same visitor id: still one like. The button's code,
    // which reads the visitor's own like and the live count, comes when the visitor heads for it.
    await open(page, itemPage!.path);
    await page.getByRole("button", { name: new RegExp(`^(Like|Liked) ${item.name}$`) }).hover();
    await expect(page.getByRole("button", { name: `Liked ${item.name}` })).toBeVisible();
    await expect(page.locator(".item-detail").getByText(likeCountLabel(item.likeCount + 1, { likedByVisitor: true })!, { exact: true })).toBeVisible();
    const visitorId = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? "{}").v as string, `mainstreet:${business.id}:visitor-id`);
    const again = await page.request.post(`${base}/api/events/website/`, {
      data: { business_info: { id: business.id }, component_configuration: { type: "like" }, event_data: { fieldValues: { menuItemId: item.id, visitorId } } },
    });
    expect(await again.json()).toMatchObject({ already_liked: true, like_count: item.likeCount + 1 });
    const catalog = (await (await page.request.get(`${base}/api/catalog/${business.id}/`)).json()) as { items: { id: string; like_count: number }[] };
    expect(catalog.items.find((candidate) => candidate.id === item.id)?.like_count).toBe(item.likeCount + 1);
  });
});

// ─── what landed in the database ────────────────────────────────────────────────────────────────────

test.describe(`${site}: the database`, () => {
  test("holds the booking, the single subscriber, the single like, the stored submissions and the sent mail", async () => {
    test.setTimeout(90_000);
    expect(thirdParty, "no bot-protection script is loaded without a site key").toEqual([]);
    await stopService();
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(dataDir);
    try {
      const count = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params)).rows[0].n;
      if (booked.reference) {
        const { rows } = await db.query<{ status: string; starts_at: Date; location_id: string; email: string }>(
          "SELECT status, starts_at, location_id, email FROM reservations WHERE reference = $1",
          [booked.reference],
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: "confirmed", location_id: reservable!.id, email: VISITOR.email });
        expect(new Date(rows[0].starts_at).getTime()).toBe(Date.parse(booked.start!));
      }
      if (booked.cancelled) {
        expect((await db.query<{ status: string }>("SELECT status FROM reservations WHERE reference = $1", [booked.cancelled])).rows).toEqual([{ status: "cancelled" }]);
      }
      expect(await count("SELECT count(*)::int AS n FROM subscribers WHERE business_id = $1 AND email = $2", [business.id, VISITOR.email])).toBe(1);
      expect(await count("SELECT count(*)::int AS n FROM form_submissions WHERE business_id = $1 AND kind = 'subscribe'", [business.id])).toBe(2);
      if (likedItem) expect(await count("SELECT count(*)::int AS n FROM menu_item_likes WHERE business_id = $1 AND menu_item_id = $2", [business.id, likedItem.id])).toBe(1);
      if (planned("location")) expect(await count("SELECT count(*)::int AS n FROM form_submissions WHERE kind = 'review' AND status = 'pending_approval'", [])).toBe(1);
      if (planned("contact")) {
        const { rows } = await db.query<{ status: string; message_id: string | null; reply_to: string }>(
          "SELECT o.status, o.message_id, o.reply_to FROM outbox o JOIN form_submissions s ON s.id = o.submission_id WHERE s.kind = 'contact'",
        );
        expect(rows).toEqual([expect.objectContaining({ status: "sent", reply_to: VISITOR.email })]);
        expect(rows[0].message_id).toBeTruthy();
      }
      // Nothing a visitor sent is stuck: every queued mail was handed to the SMTP peer.
      expect(await count("SELECT count(*)::int AS n FROM outbox WHERE status <> 'sent'", [])).toBe(0);
    } finally {
      await db.close();
    }
  });
});
