import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { API, call, createWorkspaceContext, FIXED_NOW, manageCall, type Json, type MerchantRef, type TestContext } from "./helpers";
import { event } from "./routes";

/** Reservations in the workspace: the list, cancelling (the slot frees up, the guest is mailed), no-shows; on both engines. */

// FIXED_NOW is Tuesday 2030-06-04 12:00 in New York; the main location takes 2 parties per 30-minute slot.
let ctx: TestContext;
let now = FIXED_NOW;
let staff: MerchantRef;
let otherOwner: MerchantRef;

before(async () => {
  ({ ctx, staff, otherOwner } = await createWorkspaceContext({ clock: () => now }));
});
after(() => ctx.close());

const reserve = (start: string, name: string) =>
  call<Json>(ctx.app, "POST", `${API}/events/website/`, { body: event("reservation", { start, partySize: 2, name, email: `${name.toLowerCase()}@example.com`, notes: "Window, please" }) });
const list = (query: string, who = staff) => manageCall<Json>(ctx.app, "GET", `reservations/${query}`, who);
const setStatus = (id: string, status: string, who = staff) => manageCall<Json>(ctx.app, "POST", `reservations/${id}/status/`, who, { body: { status } });

describe("reservations", () => {
  it("lists the bookings of a date range on the location's clock, by time, never another business's", async () => {
    assert.ok((await reserve("2030-06-04T19:00:00-04:00", "Dee")).status < 300);
    assert.ok((await reserve("2030-06-04T18:00:00-04:00", "Eve")).status < 300);
    assert.ok((await reserve("2030-06-06T18:00:00-04:00", "Fay")).status < 300);
    const today = await list("?from=2030-06-04&to=2030-06-04&location_id=loc-main");
    assert.equal(today.status, 200);
    assert.deepEqual(
      today.body.reservations.map((entry: Json) => [entry.name, entry.starts_at, entry.party_size, entry.notes, entry.status]),
      [
        ["Eve", "2030-06-04T18:00:00.000-04:00", 2, "Window, please", "confirmed"],
        ["Dee", "2030-06-04T19:00:00.000-04:00", 2, "Window, please", "confirmed"],
      ],
    );
    assert.match(today.body.reservations[0].reference, /^R-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    assert.equal((await list("")).body.reservations.length, 3, "default: today and the next 13 days");
    assert.deepEqual((await list("", otherOwner)).body.reservations, []);
  });

  it("cancels a booking: the place in the slot is free again and the guest is mailed", async () => {
    assert.ok((await reserve("2030-06-04T20:00:00-04:00", "Gil")).status < 300);
    assert.ok((await reserve("2030-06-04T20:00:00-04:00", "Hal")).status < 300);
    assert.equal((await reserve("2030-06-04T20:00:00-04:00", "Ivy")).status, 409, "the slot is full");
    const gil = (await list("?from=2030-06-04&to=2030-06-04")).body.reservations.find((entry: Json) => entry.name === "Gil");
    const cancelled = await setStatus(gil.id, "cancelled");
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.status, "cancelled");
    assert.ok((await reserve("2030-06-04T20:00:00-04:00", "Ivy")).status < 300, "the freed place is bookable");
    const { rows } = await ctx.db.query<{ subject: string; body: string }>("SELECT subject, body FROM outbox WHERE mail_to @> $1::jsonb", [JSON.stringify(["gil@example.com"])]);
    assert.ok(rows.some((row) => row.subject === `Your reservation ${gil.reference} at Fixture Bistro was cancelled`));
    assert.equal((await setStatus(gil.id, "cancelled")).status, 200, "cancelling again changes nothing");
    assert.equal((await setStatus(gil.id, "no_show")).status, 409);
  });

  it("marks a no-show only once the time has come, and refuses cancelling it then", async () => {
    const dee = (await list("?from=2030-06-04&to=2030-06-04")).body.reservations.find((entry: Json) => entry.name === "Dee");
    const early = await setStatus(dee.id, "no_show");
    assert.equal(early.status, 409);
    assert.equal(early.body.detail.status, "confirmed");
    now = new Date("2030-06-04T23:20:00.000Z");
    try {
      assert.equal((await setStatus(dee.id, "cancelled")).status, 409);
      const marked = await setStatus(dee.id, "no_show");
      assert.equal(marked.status, 200);
      assert.equal(marked.body.status, "no_show");
    } finally {
      now = FIXED_NOW;
    }
  });

  it("answers 403 for a booking of another business, an unknown id and another business's location", async () => {
    const fay = (await list("?from=2030-06-06&to=2030-06-06")).body.reservations[0];
    assert.equal((await setStatus(fay.id, "cancelled", otherOwner)).status, 403);
    assert.equal((await setStatus("0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b", "cancelled")).status, 403);
    assert.equal((await list("?location_id=loc-main", otherOwner)).status, 403);
    assert.equal((await list("?from=2030-06-06&to=2030-06-06")).body.reservations[0].status, "confirmed");
  });

  for (const [name, query, message] of [
    ["a range ending before it starts", "?from=2030-06-05&to=2030-06-04", /^query\.to: expected a date on or after from/],
    ["a range of a year", "?from=2030-06-04&to=2031-06-04", /^query\.to: expected at most 62 days/],
    ["a date that does not exist", "?from=2030-02-30", /^query\.from: expected a real date/],
  ] as const) {
    it(`refuses ${name} with 400`, async () => {
      const reply = await list(query);
      assert.equal(reply.status, 400);
      assert.match(reply.body.message, message);
    });
  }
});
