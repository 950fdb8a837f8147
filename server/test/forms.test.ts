import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { API, FIXTURE_FILE, call, createTestContext, type Json, type TestContext } from "./helpers";

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

const CONTACT = `${API}/businesses/restaurants/fixture-bistro/locations/loc-main/email/`;
const event = (type: string, fieldValues: Record<string, unknown>, location: string | null = "loc-main") => ({
  business_info: { id: "fixture-bistro", type: "restaurant", name: "Fixture Bistro" },
  website: { url: "https://bistro.example/contact/", page: "/contact/" },
  location: location ? { id: location } : null,
  component_configuration: { type, id: `${type}-form` },
  event_data: { fieldValues },
});

async function submissions(kind: string) {
  const { rows } = await ctx.db.query<{ status: string; payload: Json }>("SELECT status, payload FROM form_submissions WHERE kind = $1 ORDER BY created_at", [kind]);
  return rows;
}

describe("contact form", () => {
  it("stores the message and queues mail to the location's contact emails", async () => {
    const reply = await call<Json>(ctx.app, "POST", CONTACT, {
      body: { contact_name: "Ann Visitor", contact_email: "ann@example.com", contact_message: "Do you cater?", contact_opt_in: true, email_subject: "Catering" },
    });
    assert.equal(reply.status, 201);
    assert.deepEqual(reply.body, { id: reply.body.id, status: "received", mail: "queued" });
    const { rows } = await ctx.db.query<Json>("SELECT mail_to, reply_to, subject, body, status FROM outbox WHERE submission_id = $1", [reply.body.id]);
    assert.deepEqual(rows[0].mail_to, ["owner@bistro.example", "events@bistro.example", "hello@bistro.example"]);
    assert.equal(rows[0].reply_to, "ann@example.com");
    assert.equal(rows[0].subject, "Catering");
    assert.match(rows[0].body, /Do you cater\?/);
    assert.equal(rows[0].status, "queued");
  });

  const destinations: [string, Record<string, unknown>, string[]][] = [
    ["one chosen contact address", { destination_email: "Events@Bistro.example" }, ["events@bistro.example"]],
    ["a list of contact addresses", { destination_emails: ["owner@bistro.example", "hello@bistro.example"] }, ["owner@bistro.example", "hello@bistro.example"]],
  ];
  for (const [name, extra, to] of destinations) {
    it(`sends to ${name} when it is configured for the location`, async () => {
      const reply = await call<Json>(ctx.app, "POST", CONTACT, { body: { contact_name: "A", contact_email: "a@example.com", contact_message: "Hi", ...extra } });
      assert.equal(reply.status, 201);
      const { rows } = await ctx.db.query<Json>("SELECT mail_to FROM outbox WHERE submission_id = $1", [reply.body.id]);
      assert.deepEqual(rows[0].mail_to, to);
    });
  }

  it("falls back to the primary location's addresses for a location without any", async () => {
    const reply = await call<Json>(ctx.app, "POST", `${API}/businesses/restaurants/fixture-bistro/locations/loc-london/email/`, {
      body: { contact_name: "A", contact_email: "a@example.com", contact_message: "Hi" },
    });
    assert.equal(reply.status, 201);
    const { rows } = await ctx.db.query<Json>("SELECT mail_to FROM outbox WHERE submission_id = $1", [reply.body.id]);
    assert.deepEqual(rows[0].mail_to, ["owner@bistro.example", "events@bistro.example", "hello@bistro.example"]);
  });
});

describe("website events", () => {
  it("stores a review as pending approval", async () => {
    const reply = await call<Json>(ctx.app, "POST", `${API}/events/website/`, { body: event("review", { rating: 4, text: "Lovely fries", name: "Bo" }) });
    assert.equal(reply.status, 201);
    assert.equal(reply.body.status, "pending_approval");
    const stored = await submissions("review");
    assert.equal(stored.at(-1)!.status, "pending_approval");
    assert.deepEqual(stored.at(-1)!.payload.fieldValues, { rating: 4, text: "Lovely fries", name: "Bo" });
  });

  it("keeps one subscriber for a repeated sign-up", async () => {
    const first = await call<Json>(ctx.app, "POST", `${API}/events/website/`, { body: event("subscribe", { email: "Fan@Example.com", optIn: true }, null) });
    const second = await call<Json>(ctx.app, "POST", `${API}/events/website/`, { body: event("subscribe", { email: "fan@example.com", optIn: true }, null) });
    assert.equal(first.status, 200);
    assert.deepEqual([first.body.already_subscribed, second.body.already_subscribed], [false, true]);
    const { rows } = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM subscribers WHERE email = 'fan@example.com'");
    assert.equal(rows[0].n, 1);
  });

  it("stores a job application and notifies the business", async () => {
    const reply = await call<Json>(ctx.app, "POST", `${API}/events/website/`, {
      body: event("application", { name: "Cy", email: "cy@example.com", role: "Line cook", message: "Five years on the grill." }),
    });
    assert.equal(reply.status, 201);
    const { rows } = await ctx.db.query<Json>("SELECT subject FROM outbox WHERE submission_id = $1", [reply.body.id]);
    assert.deepEqual(rows, [{ subject: "Job application from Cy: Line cook" }]);
  });

  it("counts one like per visitor per item, on top of the data file's count", async () => {
    const visitor = "0123456789abcdef0123456789abcdef";
    const like = () => call<Json>(ctx.app, "POST", `${API}/events/website/`, { body: event("like", { menuItemId: "burger", visitorId: visitor }, null) });
    const first = await like();
    const second = await like();
    assert.deepEqual([first.body.like_count, second.body.like_count, second.body.already_liked], [8, 8, true]);
    const menu = await call<Json>(ctx.app, "GET", `${API}/catalog/fixture-bistro/`);
    assert.equal(menu.body.items.find((item: Json) => item.id === "burger").like_count, 8);
    assert.equal(menu.body.items.some((item: Json) => item.id === "hidden-special"), false);
  });
});

describe("reservations", () => {
  // FIXED_NOW is Tuesday 2030-06-04 12:00 in New York; the main location opens 11:00–22:00.
  const reserve = (start: string, extra: Record<string, unknown> = {}) =>
    call<Json>(ctx.app, "POST", `${API}/events/website/`, {
      body: event("reservation", { start, partySize: 2, name: "Dee", email: "dee@example.com", phone: "212-555-0123", ...extra }),
    });

  const refused: [string, string, RegExp][] = [
    ["before opening", "2030-06-04T10:30:00-04:00", /not a bookable slot/],
    ["at closing time", "2030-06-04T22:00:00-04:00", /not a bookable slot/],
    ["in the past", "2030-06-04T11:30:00-04:00", /not a bookable slot/],
    ["off the 30-minute grid", "2030-06-04T18:10:00-04:00", /not a bookable slot/],
    ["on a closed day (Monday)", "2030-06-10T18:00:00-04:00", /not a bookable slot/],
    ["without an offset", "2030-06-04T18:00:00", /expected a slot start with its offset/],
  ];
  for (const [name, start, message] of refused) {
    it(`refuses a slot ${name}`, async () => {
      const reply = await reserve(start);
      assert.equal(reply.status, 422);
      assert.match(reply.body.message, message);
    });
  }

  it("lists the day's slots with the seats left", async () => {
    const reply = await call<Json>(ctx.app, "GET", `${API}/reservations/slots/?business_id=fixture-bistro&location_id=loc-main&date=2030-06-04`);
    assert.equal(reply.status, 200);
    assert.equal(reply.body.time_zone, "America/New_York");
    assert.equal(reply.body.slots[0].label, "12:30pm");
    assert.equal(reply.body.slots.at(-1).label, "9:30pm");
    assert.ok(reply.body.slots.every((slot: Json) => slot.remaining === 2));
    const closed = await call<Json>(ctx.app, "GET", `${API}/reservations/slots/?business_id=fixture-bistro&location_id=loc-main&date=2030-06-10`);
    assert.deepEqual(closed.body.slots, []);
  });

  it("books exactly the capacity when 20 visitors ask for the last seats at once, and frees a seat on cancel", async () => {
    const start = "2030-06-04T19:00:00-04:00";
    const replies = await Promise.all(Array.from({ length: 20 }, (_, index) => reserve(start, { name: `Guest ${index}` })));
    const statuses = replies.map((reply) => reply.status).sort();
    assert.deepEqual(statuses, [...Array(2).fill(201), ...Array(18).fill(409)]);
    for (const reply of replies.filter((r) => r.status === 409)) assert.match(reply.body.message, /fully booked/);
    const { rows } = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM reservations WHERE starts_at = '2030-06-04T23:00:00Z' AND status = 'confirmed'",
    );
    assert.equal(rows[0].n, 2);

    const booked = replies.find((reply) => reply.status === 201)!.body;
    assert.match(booked.reservation.reference, /^R-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    assert.equal(booked.reservation.start, "2030-06-04T19:00:00.000-04:00");
    const wrongToken = await call<Json>(ctx.app, "POST", `${API}/reservations/${booked.reservation.reference}/cancel/`, { body: { cancel_token: "f".repeat(32) } });
    assert.equal(wrongToken.status, 403);
    const cancelled = await call<Json>(ctx.app, "POST", `${API}/reservations/${booked.reservation.reference}/cancel/`, { body: { cancel_token: booked.cancel_token } });
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.status, "cancelled");
    const slots = await call<Json>(ctx.app, "GET", `${API}/reservations/slots/?business_id=fixture-bistro&location_id=loc-main&date=2030-06-04`);
    assert.equal(slots.body.slots.find((slot: Json) => slot.start === "2030-06-04T19:00:00.000-04:00").remaining, 1);
    const again = await reserve(start, { name: "Late guest" });
    assert.equal(again.status, 201);
  });
});

describe("reservations on a late night", () => {
  // The fixture bistro with its Friday running to 1am: the late times belong to Friday's list and confirmation.
  let late: TestContext;
  before(async () => {
    const business = JSON.parse(readFileSync(FIXTURE_FILE, "utf8"));
    const main = business.locations.find((location: Json) => location.id === "loc-main");
    main.hours = main.hours.map((entry: Json) => (entry.day === 5 ? { ...entry, close: 100 } : entry));
    const file = join(mkdtempSync(join(tmpdir(), "mainstreet-late-")), "bistro.json");
    writeFileSync(file, JSON.stringify(business));
    late = await createTestContext({ catalogFiles: [file] });
  });
  after(() => late.close());
  const slotsOn = (date: string) => call<Json>(late.app, "GET", `${API}/reservations/slots/?business_id=fixture-bistro&location_id=loc-main&date=${date}`);

  it("lists Friday's midnight and 12:30am under Friday, and Saturday starts with its own opening", async () => {
    const friday = await slotsOn("2030-06-07");
    assert.deepEqual(friday.body.slots.slice(-3).map((slot: Json) => slot.label), ["11:30pm", "Midnight", "12:30am"]);
    const saturday = await slotsOn("2030-06-08");
    assert.equal(saturday.body.slots[0].label, "10:00am");
  });

  it("books Friday night's 12:30am, confirms it as Friday night and counts the seat under Friday", async () => {
    const reply = await call<Json>(late.app, "POST", `${API}/events/website/`, {
      body: event("reservation", { start: "2030-06-08T00:30:00-04:00", partySize: 2, name: "Night Owl", email: "owl@example.com" }),
    });
    assert.equal(reply.status, 201);
    const { rows } = await late.db.query<{ body: string }>("SELECT body FROM outbox WHERE mail_to @> '[\"owl@example.com\"]'::jsonb");
    assert.match(rows[0].body, /on Friday night, 7 June 2030, 12:30am is confirmed/);
    const friday = await slotsOn("2030-06-07");
    assert.equal(friday.body.slots.find((slot: Json) => slot.start === "2030-06-08T00:30:00.000-04:00").remaining, 1);
  });
});
