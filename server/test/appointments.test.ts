import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import ICAL from "ical.js";
import { openDb, type Db } from "../src/db/db";
import { sendDueReminders } from "../src/appointments/appointment-reminders";
import { API, call, createTestContext, FIXED_NOW, type Json, type TestContext } from "./helpers";

/**
 * The visitor's appointment calls on both engines: free times by the rule, booking, the booking's token
 * (see, cancel, move until the cancellation window), the mails with their calendar file, the reminder sent
 * once, and the concurrency that matters: 50 requests for one person's start, exactly one booking.
 */

const SALON_FILE = join(__dirname, "appointments-salon.json");
const SALON = "fixture-salon";
// FIXED_NOW is Tuesday 2030-06-04 12:00 in New York (EDT, -04:00); Brooklyn books 60 minutes ahead at the earliest.
let ctx: TestContext;
let now = FIXED_NOW;

before(async () => {
  ctx = await createTestContext({ catalogFiles: [SALON_FILE], clock: () => now });
});
after(() => ctx.close());

const customer = (first = "Ada") => ({ first_name: first, last_name: "Lovelace", email: `${first.toLowerCase()}@example.com`, phone: "718-555-0100" });
const booking = (extra: Record<string, unknown> = {}) => ({ business_id: SALON, location_id: "loc-brooklyn", variation_id: "balayage-full", staff_id: "maya", start: "2030-06-05T10:00:00-04:00", customer: customer(), ...extra });
const book = (body: Record<string, unknown>, headers: Record<string, string> = {}) => call<Json>(ctx.app, "POST", `${API}/appointments/`, { body, headers });
const availability = (query: string) => call<Json>(ctx.app, "GET", `${API}/appointments/availability/?business_id=${SALON}&location_id=loc-brooklyn&${query}`);
const startsOn = (reply: Json, date: string) => (reply.body.days.find((day: Json) => day.date === date)?.slots ?? []).map((slot: Json) => slot.start.slice(11, 16));
const outbox = async (to: string) => (await ctx.db.query<{ subject: string; body: string; attachments: Json[] }>("SELECT subject, body, attachments FROM outbox WHERE mail_to ? $1 ORDER BY created_at", [to])).rows;

describe("free times", () => {
  it("offers starts on the 15-minute grid from the lead time, never one whose service would run past closing", async () => {
    const reply = await availability("variation_id=balayage-full&staff_id=maya&days=2");
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.equal(reply.body.time_zone, "America/New_York");
    assert.deepEqual(reply.body.days.map((day: Json) => day.date), ["2030-06-04", "2030-06-05"], "from defaults to today on the location's clock");
    // Now 12:00, 60 minutes' lead: from 13:00; a 3-hour balayage must end by the 18:00 close.
    assert.deepEqual(startsOn(reply, "2030-06-04"), ["13:00", "13:15", "13:30", "13:45", "14:00", "14:15", "14:30", "14:45", "15:00"]);
    assert.equal(startsOn(reply, "2030-06-05")[0], "09:00");
    assert.equal(startsOn(reply, "2030-06-05").at(-1), "15:00");
    assert.deepEqual(reply.body.days[0].slots[0], { start: "2030-06-04T13:00:00-04:00", staff: ["maya"] });
  });

  it("leaves out a closed day and the person's time off, and lists who is free with any", async () => {
    const closed = await availability("variation_id=cut-stylist&staff_id=any&from=2030-06-07&days=1");
    assert.deepEqual(closed.body.days, [{ date: "2030-06-07", slots: [] }], "special hours: closed for training");
    const off = await availability("variation_id=cut-stylist&staff_id=maya&from=2030-06-12&days=3");
    assert.deepEqual(off.body.days.map((day: Json) => day.slots.length), [0, 0, 0], "Maya's holiday");
    const any = await availability("variation_id=cut-stylist&from=2030-06-12&days=1");
    assert.ok(any.body.days[0].slots.every((slot: Json) => slot.staff.join() === "leo"), "with Maya away, Leo alone");
  });
});

describe("booking", () => {
  it("books a free start (201), takes it out of the offered times, and mails the visitor and the business", async () => {
    const created = await book(booking({ start: "2030-06-05T10:00:00-04:00" }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.match(created.body.reference, /^A-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    assert.match(created.body.manage_token, /^[0-9a-f]{32}$/);
    assert.deepEqual([created.body.start, created.body.end, created.body.staff], ["2030-06-05T10:00:00-04:00", "2030-06-05T13:00:00-04:00", { id: "maya", name: "Maya Okafor" }]);
    const after = startsOn(await availability("variation_id=cut-stylist&staff_id=maya&from=2030-06-05&days=1"), "2030-06-05");
    assert.ok(after.includes("09:15") && !after.includes("09:30") && !after.includes("12:45") && after.includes("13:00"), after.join(" "));

    const [confirmation] = await outbox("ada@example.com");
    assert.match(confirmation.subject, /^Booked: Balayage at Fixture Salon/);
    assert.ok(confirmation.body.includes(`/appointments/manage/?reference=${created.body.reference}&token=${created.body.manage_token}`));
    const file = new ICAL.Component(ICAL.parse(confirmation.attachments[0].content));
    ICAL.TimezoneService.reset();
    ICAL.TimezoneService.register(file.getFirstSubcomponent("vtimezone") as ICAL.Component);
    const event = new ICAL.Event(file.getFirstSubcomponent("vevent") as ICAL.Component);
    assert.equal(event.startDate.zone.tzid, "America/New_York");
    assert.equal(event.startDate.toString(), "2030-06-05T10:00:00");
    assert.equal(event.endDate.toJSDate().toISOString(), "2030-06-05T17:00:00.000Z");
    const [notice] = await outbox("desk@salon.example");
    assert.match(notice.subject, /^New appointment: Balayage with Maya Okafor/);
    const events = await ctx.db.query<{ kind: string; subject_id: string }>("SELECT kind, subject_id FROM manage_events WHERE business_id = $1", [SALON]);
    assert.deepEqual(events.rows, [{ kind: "appointment", subject_id: created.body.id }], "the workspace calendar hears of it on the order stream");
  });

  it("gives 'any available' to the person with the fewest bookings that day", async () => {
    const first = await book(booking({ variation_id: "cut-stylist", staff_id: "any", start: "2030-06-06T10:00:00-04:00", customer: customer("Bo") }));
    const second = await book(booking({ variation_id: "cut-stylist", staff_id: "any", start: "2030-06-06T10:00:00-04:00", customer: customer("Cy") }));
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.notEqual(first.body.staff.id, second.body.staff.id, "both free people get one");
    assert.equal((await book(booking({ variation_id: "cut-stylist", staff_id: "any", start: "2030-06-06T10:00:00-04:00", customer: customer("Di") }))).status, 409, "nobody left");
  });

  it("answers a retry with the same Idempotency-Key with the same booking, and books nothing twice", async () => {
    const headers = { "idempotency-key": "appointment-retry-0001" };
    const body = booking({ variation_id: "cut-senior", start: "2030-06-08T09:00:00-04:00", customer: customer("Eve") });
    const first = await book(body, headers);
    const again = await book(body, headers);
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.headers["idempotent-replayed"], "true");
    assert.deepEqual(again.body, first.body);
    const { rows } = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM appointments WHERE email = 'eve@example.com'");
    assert.equal(rows[0].n, 1);
  });

  it("50 requests at once for one person's start: exactly one 201, 49 × 409", async (t) => {
    const body = (index: number) => booking({ variation_id: "cut-stylist", start: "2030-06-08T15:00:00-04:00", customer: customer(`Racer${index}`) });
    const started = performance.now();
    const replies = await Promise.all(Array.from({ length: 50 }, (_, index) => book(body(index))));
    t.diagnostic(`50 concurrent POST appointments/ on ${ctx.db.kind}: ${Math.round(performance.now() - started)} ms for all answers`);
    const statuses = replies.map((reply) => reply.status);
    // A failure says what the service answered beyond the statuses: the first unexpected reply's body.
    const odd = replies.find((reply) => reply.status !== 201 && reply.status !== 409);
    const said = `${statuses.join(" ")}${odd ? `; first other reply: ${JSON.stringify(odd.body)}` : ""}`;
    assert.equal(statuses.filter((status) => status === 201).length, 1, said);
    assert.equal(statuses.filter((status) => status === 409).length, 49, said);
    for (const reply of replies.filter((candidate) => candidate.status === 409)) assert.match(reply.body.message, /no longer free for Maya Okafor|just taken/);
  });
});

describe("the booking's token", () => {
  const view = (reference: string, token: string) => call<Json>(ctx.app, "GET", `${API}/appointments/${reference}/?token=${token}`);
  const cancel = (reference: string, token: string) => call<Json>(ctx.app, "POST", `${API}/appointments/${reference}/cancel/`, { body: { token } });
  const move = (reference: string, token: string, start: string) => call<Json>(ctx.app, "POST", `${API}/appointments/${reference}/move/`, { body: { token, start } });
  const WRONG = "f".repeat(32);

  it("shows, moves and cancels the booking; the freed time is offered again", async () => {
    const created = await book(booking({ variation_id: "facial-60", staff_id: "ines", start: "2030-06-11T10:00:00-04:00", customer: customer("Fay") }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { reference, manage_token: token } = created.body;
    const shown = await view(reference, token);
    assert.equal(shown.status, 200);
    assert.deepEqual([shown.body.status, shown.body.item_id, shown.body.duration_minutes, shown.body.price_cents, shown.body.changeable, shown.body.changeable_until], [
      "confirmed",
      "facial",
      60,
      12000,
      true,
      "2030-06-10T10:00:00-04:00",
    ]);
    const moved = await move(reference, token, "2030-06-11T15:00:00-04:00");
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.start, "2030-06-11T15:00:00-04:00");
    const times = () => availability("variation_id=facial-60&staff_id=ines&from=2030-06-11&days=1").then((reply) => startsOn(reply, "2030-06-11"));
    assert.ok((await times()).includes("10:00") && !(await times()).includes("15:00"), "the old time is free, the new one taken");
    const cancelled = await cancel(reference, token);
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.status, "cancelled");
    assert.equal(cancelled.body.changeable, false);
    assert.ok((await times()).includes("15:00"), "offered again");
    assert.equal((await cancel(reference, token)).status, 200, "cancelling twice changes nothing");
    assert.deepEqual((await outbox("fay@example.com")).map((mail) => mail.subject.split(":")[0]), ["Booked", "Moved", "Cancelled"]);
    assert.equal((await move(reference, token, "2030-06-11T12:00:00-04:00")).status, 409, "a cancelled booking cannot move");
  });

  it("moves a booking onto a time that overlaps its own old time (its own time is not in the way)", async () => {
    const created = await book(booking({ variation_id: "cut-senior", staff_id: "leo", start: "2030-06-13T10:00:00-04:00", customer: customer("Lux") }));
    assert.equal(created.status, 201);
    const moved = await move(created.body.reference, created.body.manage_token, "2030-06-13T10:30:00-04:00");
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.deepEqual([moved.body.start, moved.body.end], ["2030-06-13T10:30:00-04:00", "2030-06-13T11:30:00-04:00"]);
  });

  it("refuses a wrong token (403), an unknown reference (404), a malformed one (400), and a move onto a time not free (409)", async () => {
    const created = await book(booking({ variation_id: "facial-60", staff_id: "ines", start: "2030-06-11T14:00:00-04:00", customer: customer("Gus") }));
    const { reference, manage_token: token } = created.body;
    for (const reply of [await view(reference, WRONG), await cancel(reference, WRONG), await move(reference, WRONG, "2030-06-11T15:00:00-04:00")]) {
      assert.equal(reply.status, 403);
      assert.match(reply.body.message, /use the link from the confirmation mail/);
    }
    assert.equal((await view("A-ZZZZ-ZZZZ", token)).status, 404);
    const malformed = await view("R-ABCD-EFGH", token);
    assert.equal(malformed.status, 400);
    assert.match(malformed.body.message, /^params\.reference: expected an appointment reference/);
    const other = await book(booking({ variation_id: "facial-60", staff_id: "ines", start: "2030-06-11T16:00:00-04:00", customer: customer("Hal") }));
    assert.equal(other.status, 201);
    const taken = await move(reference, token, "2030-06-11T16:30:00-04:00");
    assert.equal(taken.status, 409, JSON.stringify(taken.body));
    assert.equal((await view(reference, token)).body.start, "2030-06-11T14:00:00-04:00", "unmoved");
  });

  it("refuses to cancel or move once inside the cancellation window, and says whom to call", async () => {
    const created = await book(booking({ variation_id: "cut-stylist", staff_id: "leo", start: "2030-06-05T09:00:00-04:00", customer: customer("Ivy") }));
    assert.equal(created.status, 201);
    const { reference, manage_token: token } = created.body;
    for (const reply of [await cancel(reference, token), await move(reference, token, "2030-06-05T10:00:00-04:00")]) {
      assert.equal(reply.status, 409);
      assert.match(reply.body.message, /until 24 hours before they start.*Please call Brooklyn on 718-555-0142/);
      assert.equal(reply.body.detail.code, "too_late");
    }
    assert.equal((await view(reference, token)).body.changeable, false);
  });
});

describe("bad input", () => {
  it("answers each with a 4xx whose message names the field", async () => {
    const cases: [string, string, unknown, number, RegExp][] = [
      ["GET", "availability/?business_id=fixture-salon&location_id=loc-brooklyn", undefined, 400, /^query\.variation_id/],
      ["GET", "availability/?business_id=fixture-salon&location_id=loc-brooklyn&variation_id=cut-stylist&days=90", undefined, 400, /^query\.days: expected a whole number of days from 1 to 62/],
      ["GET", "availability/?business_id=fixture-salon&location_id=loc-brooklyn&variation_id=cut-stylist&from=2030-02-30", undefined, 400, /^query\.from/],
      ["GET", "availability/?business_id=nobody&location_id=loc-brooklyn&variation_id=cut-stylist", undefined, 404, /^query\.business_id: business nobody does not exist/],
      ["GET", "availability/?business_id=fixture-salon&location_id=loc-harbor&variation_id=cut-stylist", undefined, 422, /^query\.location_id: expected a location of the business that takes appointments, got "loc-harbor"/],
      ["GET", "availability/?business_id=fixture-salon&location_id=loc-brooklyn&variation_id=shampoo-250", undefined, 422, /^query\.variation_id: expected a service variation with a length that can be booked, got "shampoo-250"/],
      ["GET", "availability/?business_id=fixture-salon&location_id=loc-brooklyn&variation_id=balayage-full&staff_id=leo", undefined, 422, /^query\.staff_id: expected a team member who performs this service at this location, or "any", got "leo"/],
      ["GET", "availability/?business_id=fixture-salon&location_id=loc-brooklyn&variation_id=cut-stylist&staff_id=ghost", undefined, 422, /^query\.staff_id: expected a team member who performs/],
      ["POST", "", { ...booking(), start: "2030-06-05T10:00:00" }, 400, /^body\.start: expected an ISO 8601 date and time with its offset/],
      ["POST", "", { ...booking(), customer: { ...customer(), email: "" } }, 400, /^body\.customer\.email/],
      ["POST", "", { ...booking(), customer: { ...customer(), email: "ada at example" } }, 422, /^body\.customer\.email: expected an email address/],
      ["POST", "", { ...booking(), customer: { ...customer(), phone: "12" } }, 422, /^body\.customer\.phone: expected a phone number/],
      ["POST", "", { ...booking(), extra: true }, 400, /unexpected field "extra"/],
      ["POST", "", { ...booking(), start: "2030-06-05T10:05:00-04:00" }, 422, /^body\.start: Wed 5 Jun at 10:05am is not one of the start times: appointments start every 15 minutes/],
      ["POST", "", { ...booking(), start: "2030-06-04T12:30:00-04:00" }, 422, /^body\.start: Tue 4 Jun at 12:30pm is too soon: appointments are booked at least 60 minutes ahead/],
      ["POST", "", { ...booking(), start: "2030-06-05T16:00:00-04:00" }, 422, /^body\.start: Wed 5 Jun at 4:00pm is not a time Maya Okafor can take the 180-minute Balayage/],
      ["POST", "", { ...booking(), start: "2030-09-05T10:00:00-04:00" }, 422, /^body\.start: Thu 5 Sep at 10:00am is too far ahead: appointments are booked up to 30 days ahead/],
      ["POST", "A-ABCD-EFGH/cancel/", { token: "nope" }, 400, /^body\.token: expected the 32-character token/],
      ["POST", "A-ABCD-EFGH/move/", { token: "a".repeat(32) }, 400, /^body\.start/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const reply = await call<Json>(ctx.app, method as "GET" | "POST", `${API}/appointments/${path}`, { body });
      assert.equal(reply.status, status, `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(reply.body)}`);
      assert.match(reply.body.message, message, `${method} ${path} ${JSON.stringify(body)}`);
    }
  });
});

describe("the reminder", () => {
  it("goes once, a day before, even when two senders (two connections on PostgreSQL) run at the same moment", async () => {
    const created = await book(booking({ variation_id: "cut-stylist", staff_id: "leo", start: "2030-06-20T11:00:00-04:00", customer: customer("Jo") }));
    assert.equal(created.status, 201);
    const second: Db = process.env.DATABASE_URL
      ? await openDb({ databaseUrl: process.env.DATABASE_URL, schema: (await ctx.db.query<{ schema: string }>("SELECT current_schema() AS schema")).rows[0].schema })
      : ctx.db;
    try {
      now = new Date("2030-06-19T14:00:00Z");
      assert.equal(await ctx.app.maintenance.sendAppointmentReminders(), 0, "not yet: 25 hours before");
      now = new Date("2030-06-19T15:30:00Z");
      const deps = { catalog: ctx.catalog, mailer: { kind: "outbox" as const, send: async () => ({ messageId: "" }) }, mailFrom: "salon@example.com", log: ctx.app.log, clock: () => now };
      const sent = await Promise.all([sendDueReminders({ ...deps, db: ctx.db }), sendDueReminders({ ...deps, db: second }), ctx.app.maintenance.sendAppointmentReminders()]);
      assert.equal(sent.reduce((sum, count) => sum + count, 0), 1, `one reminder between them: ${sent.join(", ")}`);
      assert.equal(await ctx.app.maintenance.sendAppointmentReminders(), 0, "and never again");
      const reminders = (await outbox("jo@example.com")).filter((mail) => mail.subject.startsWith("Tomorrow:"));
      assert.equal(reminders.length, 1);
      assert.match(reminders[0].body, /Haircut · Stylist with Leo Park on .* 11:00am/);
    } finally {
      now = FIXED_NOW;
      if (second !== ctx.db) await second.close();
    }
  });
});
