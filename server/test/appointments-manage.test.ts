import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { CalendarEntrySchema, CalendarReplySchema } from "@mainstreet/rules/api/manage-appointments-api";
import { SESSION_COOKIE } from "@mainstreet/rules/api/manage-api";
import { API, createMerchant, createTestContext, FIXED_NOW, manageCall, signIn, SECOND_BUSINESS, SECOND_BUSINESS_FILE, type Json, type MerchantRef, type TestContext } from "./helpers";
import { connectSse } from "./sse-client";

/**
 * The workspace calendar on both engines: a location's days by person, a walk-in, moving, cancelling (the
 * customer is mailed), no-shows, blocks; the database refuses any overlap with 409; other businesses see
 * nothing; every change reaches the order stream as an `appointment` event.
 */

const SALON_FILE = join(__dirname, "appointments-salon.json");
const SALON = "fixture-salon";

// FIXED_NOW is Tuesday 2030-06-04 12:00 in New York (EDT, -04:00).
let ctx: TestContext;
let now = FIXED_NOW;
let staff: MerchantRef;
let otherOwner: MerchantRef;
let base: string;

before(async () => {
  ctx = await createTestContext({ catalogFiles: [SALON_FILE, SECOND_BUSINESS_FILE], clock: () => now, streamPingMs: 60_000 });
  await createMerchant(ctx.db, { email: "desk@salon.test", role: "staff", businessId: SALON });
  await createMerchant(ctx.db, { email: "owner@vela.test", businessId: SECOND_BUSINESS });
  staff = await signIn(ctx.app, "desk@salon.test");
  otherOwner = await signIn(ctx.app, "owner@vela.test");
  base = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});
after(() => ctx.close());

const walkIn = (body: Record<string, unknown>, who = staff) =>
  manageCall<Json>(ctx.app, "POST", "appointments/", who, {
    body: { location_id: "loc-brooklyn", variation_id: "cut-stylist", staff_id: "leo", customer: { first_name: "Walk", last_name: "In" }, ...body },
  });
const calendar = (query: string, who = staff) => manageCall<Json>(ctx.app, "GET", `appointments/${query}`, who);
const outbox = async (to: string) => (await ctx.db.query<{ subject: string; body: string; attachments: Json[] }>("SELECT subject, body, attachments FROM outbox WHERE mail_to ? $1 ORDER BY created_at", [to])).rows;

describe("the workspace calendar", () => {
  it("adds a walk-in and lists the day by person, on the location's clock", async () => {
    const created = await walkIn({ start: "2030-06-04T13:00:00-04:00", customer: { first_name: "Sam", last_name: "Lee", phone: "718-555-0100" }, notes: "Short back and sides" });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    CalendarEntrySchema.parse(created.body);
    assert.deepEqual([created.body.start, created.body.end, created.body.busy_until, created.body.source, created.body.service_name], [
      "2030-06-04T13:00:00-04:00",
      "2030-06-04T13:45:00-04:00",
      "2030-06-04T13:45:00-04:00",
      "walk_in",
      "Haircut · Stylist",
    ]);
    const day = await calendar("?location_id=loc-brooklyn&from=2030-06-04");
    assert.equal(day.status, 200);
    const reply = CalendarReplySchema.parse(day.body);
    assert.equal(reply.time_zone, "America/New_York");
    assert.deepEqual(reply.staff.map((member) => member.id), ["maya", "leo", "ines"], "shown people working here, in team order");
    assert.deepEqual(
      reply.services.map((service) => [service.variation_id, service.name, service.duration_minutes, service.buffer_minutes]),
      [
        ["cut-stylist", "Haircut · Stylist", 45, 0],
        ["cut-senior", "Haircut · Senior Stylist", 60, 0],
        ["balayage-full", "Balayage", 180, 0],
        ["facial-60", "Facial", 60, 15],
      ],
      "every variation with a length, none without (retail)",
    );
    assert.ok(reply.services.every((service) => service.staff_ids.every((id) => reply.staff.some((member) => member.id === id))), "performers are columns");
    assert.deepEqual(reply.entries.map((entry) => [entry.staff_id, entry.customer?.first_name, entry.notes]), [["leo", "Sam", "Short back and sides"]]);
    assert.deepEqual((await calendar("?location_id=loc-brooklyn")).body.entries.length, 1, "default: today");
    assert.deepEqual((await calendar("?location_id=loc-brooklyn&from=2030-06-05&days=7")).body.entries, []);
  });

  it("refuses with 409 a walk-in, a move or a block that would overlap a person's time, and says whose", async () => {
    const taken = await walkIn({ start: "2030-06-04T13:30:00-04:00" });
    assert.equal(taken.status, 409);
    assert.match(taken.body.message, /^Leo Park is not free then/);
    const block = await manageCall<Json>(ctx.app, "POST", "appointment-blocks/", staff, { body: { location_id: "loc-brooklyn", staff_id: "leo", start: "2030-06-04T13:40:00-04:00", end: "2030-06-04T14:40:00-04:00" } });
    assert.equal(block.status, 409);
    const other = await walkIn({ start: "2030-06-04T15:00:00-04:00" });
    assert.equal(other.status, 201);
    const move = await manageCall<Json>(ctx.app, "POST", `appointments/${other.body.id}/move/`, staff, { body: { start: "2030-06-04T13:15:00-04:00" } });
    assert.equal(move.status, 409);
    assert.equal((await manageCall<Json>(ctx.app, "POST", `appointments/${other.body.id}/move/`, staff, { body: { start: "2030-06-04T13:15:00-04:00", staff_id: "maya" } })).status, 200, "another person is free then");
  });

  it("moves and cancels a booking with an address: the customer is mailed each time, with the calendar file", async () => {
    const created = await walkIn({ start: "2030-06-05T10:00:00-04:00", staff_id: "ines", variation_id: "facial-60", customer: { first_name: "Ana", last_name: "Ruiz", email: "Ana@Example.com" } });
    assert.equal(created.status, 201);
    assert.equal(created.body.busy_until, "2030-06-05T11:15:00-04:00", "the facial's 15-minute buffer");
    const moved = await manageCall<Json>(ctx.app, "POST", `appointments/${created.body.id}/move/`, staff, { body: { start: "2030-06-05T11:00:00-04:00" } });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.start, "2030-06-05T11:00:00-04:00");
    const cancelled = await manageCall<Json>(ctx.app, "POST", `appointments/${created.body.id}/cancel/`, staff, { body: { reason: "Ines is unwell." } });
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.status, "cancelled");
    const mails = await outbox("ana@example.com");
    assert.deepEqual(mails.map((mail) => mail.subject.split(":")[0]), ["Booked", "Moved", "Cancelled"]);
    assert.match(mails[0].body, /\/appointments\/manage\/\?reference=A-[A-Z2-9]{4}-[A-Z2-9]{4}&token=[0-9a-f]{32}/, "the confirmation links the manage page");
    assert.match(mails[2].body, /Ines is unwell\./);
    assert.match(mails[1].attachments[0].content, /DTSTART;TZID=America\/New_York:20300605T110000/);
    assert.match(mails[2].attachments[0].content, /STATUS:CANCELLED/);
    assert.equal((await manageCall<Json>(ctx.app, "POST", `appointments/${created.body.id}/move/`, staff, { body: { start: "2030-06-05T12:00:00-04:00" } })).status, 409, "a cancelled booking cannot be moved");
    const again = await walkIn({ start: "2030-06-05T10:30:00-04:00", staff_id: "ines", variation_id: "facial-60" });
    assert.equal(again.status, 201, "the cancelled time is free again");
  });

  it("marks a no-show only once the time has come", async () => {
    const created = await walkIn({ start: "2030-06-04T16:00:00-04:00", staff_id: "maya" });
    assert.equal((await manageCall<Json>(ctx.app, "POST", `appointments/${created.body.id}/no-show/`, staff)).status, 409);
    now = new Date("2030-06-04T20:30:00Z");
    try {
      const marked = await manageCall<Json>(ctx.app, "POST", `appointments/${created.body.id}/no-show/`, staff);
      assert.equal(marked.status, 200);
      assert.equal(marked.body.status, "no_show");
      assert.equal((await manageCall<Json>(ctx.app, "POST", `appointments/${created.body.id}/cancel/`, staff)).status, 409);
    } finally {
      now = FIXED_NOW;
    }
  });

  it("blocks time and frees it again", async () => {
    const block = await manageCall<Json>(ctx.app, "POST", "appointment-blocks/", staff, { body: { location_id: "loc-brooklyn", staff_id: "maya", start: "2030-06-06T12:00:00-04:00", end: "2030-06-06T13:00:00-04:00", reason: "Supplier meeting" } });
    assert.equal(block.status, 201, JSON.stringify(block.body));
    assert.deepEqual([block.body.kind, block.body.notes, block.body.customer], ["block", "Supplier meeting", null]);
    assert.equal((await walkIn({ start: "2030-06-06T12:30:00-04:00", staff_id: "maya" })).status, 409);
    const freed = await manageCall<Json>(ctx.app, "DELETE", `appointment-blocks/${block.body.id}/`, staff);
    assert.equal(freed.status, 200);
    assert.equal(freed.body.status, "cancelled");
    assert.deepEqual((await calendar("?location_id=loc-brooklyn&from=2030-06-06")).body.entries, [], "a freed block leaves the calendar");
    assert.equal((await walkIn({ start: "2030-06-06T12:30:00-04:00", staff_id: "maya" })).status, 201);
  });

  it("answers a walk-in repeated with its Idempotency-Key from the first answer, booking once", async () => {
    const headers = { "idempotency-key": "walk-in-retry-00001" };
    const body = { location_id: "loc-brooklyn", variation_id: "cut-stylist", staff_id: "leo", start: "2030-06-08T11:00:00-04:00", customer: { first_name: "Kim", last_name: "Ito" } };
    const first = await manageCall<Json>(ctx.app, "POST", "appointments/", staff, { body, headers });
    const again = await manageCall<Json>(ctx.app, "POST", "appointments/", staff, { body, headers });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.headers["idempotent-replayed"], "true");
    assert.deepEqual(again.body, first.body);
  });

  it("refuses bad input with a 4xx naming the field", async () => {
    const cases: [string, string, string, unknown, number, RegExp][] = [
      ["GET", "appointments/?location_id=loc-brooklyn&days=40", "", undefined, 400, /^query\.days: expected at most 31 days/],
      ["GET", "appointments/?from=2030-06-04", "", undefined, 400, /^query\.location_id/],
      ["GET", "appointments/?location_id=loc-nowhere", "", undefined, 403, /No location loc-nowhere/],
      ["POST", "appointments/", "", { location_id: "loc-brooklyn", variation_id: "cut-stylist", staff_id: "leo", start: "2030-06-04T13:00:00", customer: { first_name: "A" } }, 400, /^body\.start: expected an ISO 8601 date and time with its offset/],
      ["POST", "appointments/", "", { location_id: "loc-brooklyn", variation_id: "shampoo-250", staff_id: "leo", start: "2030-06-04T17:00:00-04:00", customer: { first_name: "A" } }, 422, /^body\.variation_id: Shampoo is not bookable/],
      ["POST", "appointments/", "", { location_id: "loc-brooklyn", variation_id: "cut-stylist", staff_id: "ghost", start: "2030-06-04T17:00:00-04:00", customer: { first_name: "A" } }, 422, /^body\.staff_id: "ghost" is not a team member/],
      ["POST", "appointments/", "", { location_id: "loc-brooklyn", variation_id: "cut-stylist", staff_id: "leo", start: "2030-06-04T17:00:00-04:00", customer: { first_name: "" } }, 400, /^body\.customer\.first_name: expected non-empty text/],
      ["POST", "appointment-blocks/", "", { location_id: "loc-brooklyn", staff_id: "leo", start: "2030-06-04T17:00:00-04:00", end: "2030-06-04T16:00:00-04:00" }, 422, /^body\.end: expected a time after body\.start/],
      ["POST", "appointment-blocks/", "", { location_id: "loc-brooklyn", staff_id: "leo", start: "2030-06-04T17:00:00-04:00", end: "2030-06-06T16:00:00-04:00" }, 422, /^body\.end: expected a block of at most 24 hours/],
      ["POST", "appointments/0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b/move/", "", { start: "2030-06-04T17:00:00-04:00" }, 403, /No appointment/],
      ["POST", "appointments/not-a-uuid/cancel/", "", {}, 400, /^params\.id: expected a UUID/],
    ];
    for (const [method, path, , body, status, message] of cases) {
      const reply = await manageCall<Json>(ctx.app, method as "GET" | "POST", path, staff, { body });
      assert.equal(reply.status, status, `${method} ${path}: ${JSON.stringify(reply.body)}`);
      assert.match(reply.body.message, message, `${method} ${path}`);
    }
  });

  it("shows another business nothing and lets it change nothing (403)", async () => {
    const created = await walkIn({ start: "2030-06-04T17:00:00-04:00", staff_id: "leo" });
    assert.equal((await calendar("?location_id=loc-brooklyn", otherOwner)).status, 403);
    assert.equal((await manageCall<Json>(ctx.app, "POST", `appointments/${created.body.id}/cancel/`, otherOwner)).status, 403);
    assert.equal((await manageCall<Json>(ctx.app, "DELETE", `appointment-blocks/${created.body.id}/`, staff)).status, 403, "an appointment is not a block");
  });

  it("links a staff account to its team member (owner only), and the session names it so the calendar opens on their column", async () => {
    await createMerchant(ctx.db, { email: "boss@salon.test", businessId: SALON });
    const owner = await signIn(ctx.app, "boss@salon.test");
    const staffId = String(staff.user.id);
    assert.equal(staff.user.team_member_id, undefined, "not linked yet");
    const link = (body: unknown, who = owner, id = staffId) => manageCall<Json>(ctx.app, "PUT", `users/${id}/`, who, { body });
    assert.equal((await link({ team_member_id: "leo" }, staff)).status, 403, "staff cannot link accounts");
    const unknown = await link({ team_member_id: "nobody" });
    assert.equal(unknown.status, 422);
    assert.match(String(unknown.body.message), /^body\.team_member_id: "nobody" is not a shown team member/);
    assert.equal((await link({ team_member_id: "leo" }, owner, "00000000-0000-4000-8000-000000000000")).status, 403, "no such account");
    assert.equal((await link({ team_member_id: "leo" })).status, 204);
    const session = await manageCall<Json>(ctx.app, "GET", "session/", await signIn(ctx.app, "desk@salon.test"));
    assert.equal(session.body.user.team_member_id, "leo");
    const users = await manageCall<Json>(ctx.app, "GET", "users/", owner);
    assert.deepEqual(users.body.users.map((user: Json) => [user.email, user.team_member_id]), [["desk@salon.test", "leo"], ["boss@salon.test", null]]);
    assert.deepEqual(users.body.team.map((member: Json) => member.id), ["maya", "leo", "ines"]);
    assert.equal((await link({ team_member_id: null })).status, 204);
    assert.equal((await manageCall<Json>(ctx.app, "GET", "session/", await signIn(ctx.app, "desk@salon.test"))).body.user.team_member_id, undefined, "unlinked");
  });

  it("puts every change on the order stream as an appointment event", async () => {
    const stream = await connectSse(`${base}${API}/manage/orders/stream/`, { cookie: `${SESSION_COOKIE}=${staff.cookie}` });
    try {
      const created = await walkIn({ start: "2030-06-04T17:00:00-04:00", staff_id: "maya", variation_id: "cut-senior" });
      assert.equal(created.status, 201);
      const heard = await stream.next((event) => event.event === "appointment" && JSON.parse(event.data).id === created.body.id);
      assert.equal(CalendarEntrySchema.parse(JSON.parse(heard.data)).status, "booked");
      await manageCall<Json>(ctx.app, "POST", `appointments/${created.body.id}/cancel/`, staff);
      const cancelled = await stream.next((event) => event.event === "appointment" && JSON.parse(event.data).status === "cancelled");
      assert.equal(JSON.parse(cancelled.data).id, created.body.id);
    } finally {
      stream.close();
    }
  });
});
