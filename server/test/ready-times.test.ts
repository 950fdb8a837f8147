import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import type { Business } from "@mainstreet/rules/business/schema";
import { FulfillmentSlotsViewSchema } from "@mainstreet/rules/api/order-api";
import { API, FIXED_NOW, call, createOrder, createTestContext, prepareForCheckout, recipient, type CreatedOrder, type Json, type TestContext } from "./helpers";
import { event } from "./routes";

/**
 * Ready times through the API: PUT fulfillments/ takes { method, scheduled_for? } and the order
 * carries the promise; GET fulfillment-slots/ lists what may be chosen; the checkout checks the promise
 * again at start and close, and counts the kitchen's capacity under a lock. FIXED_NOW is Tuesday
 * 2030-06-04 12:00 in New York; the fixture's main location is open 11am–10pm on Tuesdays.
 */
let ctx: TestContext;
let now = FIXED_NOW;
const at = (local: string) => new Date(`${local}-04:00`);

let original: Business;
before(async () => {
  ctx = await createTestContext({ clock: () => now });
  original = structuredClone(ctx.catalog.get("fixture-bistro")!.business);
});
after(() => ctx.close());
afterEach(() => {
  now = FIXED_NOW;
  ctx.catalog.put(structuredClone(original));
});

/** The fixture with the main location changed. */
function changeMain(edit: (location: Business["locations"][number]) => void): void {
  const business = structuredClone(original);
  edit(business.locations.find((location) => location.id === "loc-main")!);
  ctx.catalog.put(business);
}

const fulfil = (order: CreatedOrder, body: Record<string, unknown>) => call<Json>(ctx.app, "PUT", `${API}/orders/${order.id}/fulfillments/`, { token: order.session_token, body });
const slots = (order: CreatedOrder, query = "") => call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/fulfillment-slots/${query}`, { token: order.session_token });
const startCheckout = (order: CreatedOrder) => call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
const close = (order: CreatedOrder, checkout: string) => call<Json>(ctx.app, "POST", `${API}/checkouts/${checkout}/close/`, { token: order.session_token });
const read = (order: CreatedOrder) => call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });

async function deliverable(): Promise<CreatedOrder> {
  const order = await createOrder(ctx.app);
  const set = await call(ctx.app, "PUT", `${API}/orders/${order.id}/recipient/`, {
    token: order.session_token,
    body: recipient(),
  });
  assert.equal(set.status, 200);
  return order;
}

/** An order ready for checkout with the given choice (prepareForCheckout sets ASAP pickup first). */
async function readyOrder(scheduledFor: string | null): Promise<CreatedOrder> {
  const order = await createOrder(ctx.app);
  await prepareForCheckout(ctx.app, order);
  const chosen = await fulfil(order, { method: "pickup", scheduled_for: scheduledFor });
  assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
  return order;
}

describe("PUT fulfillments/: the promise", () => {
  it("as soon as possible: now plus the preparation time, in the location's zone", async () => {
    const order = await createOrder(ctx.app);
    const reply = await fulfil(order, { method: "pickup" });
    assert.equal(reply.status, 200);
    assert.deepEqual(
      [reply.body.scheduled_for, reply.body.promised_at, reply.body.promised_until, reply.body.location_time_zone],
      [null, "2030-06-04T12:20:00.000-04:00", "2030-06-04T12:20:00.000-04:00", "America/New_York"],
    );
    assert.equal(reply.body.promise_text, "Ready for pickup on Tuesday 4 June 2030 at 12:20pm (EDT) (as soon as possible)");
    assert.equal((await read(order)).body.promise_text, reply.body.promise_text, "the order read states it too");
  });

  it("writes the promise in the business's locale, on the location's wall clock", async () => {
    ctx.catalog.put({ ...structuredClone(original), locale: "en-GB" });
    const order = await createOrder(ctx.app);
    const reply = await fulfil(order, { method: "pickup", scheduled_for: "2030-06-04T19:30:00Z" });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.equal(reply.body.promise_text, "Ready for pickup on Tuesday, 4 June 2030 at 15:30 (EDT)");
  });

  it("states no promise before a fulfillment is chosen", async () => {
    const order = await createOrder(ctx.app);
    assert.equal((await read(order)).body.promise_text, null);
  });

  it("a scheduled delivery: ready at the time, arriving within the delivery window", async () => {
    const order = await deliverable();
    const reply = await fulfil(order, { method: "delivery", scheduled_for: "2030-06-04T22:30:00Z" });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.deepEqual(
      [reply.body.scheduled_for, reply.body.promised_at, reply.body.promised_until],
      ["2030-06-04T18:30:00.000-04:00", "2030-06-04T18:30:00.000-04:00", "2030-06-04T19:00:00.000-04:00"],
    );
    const asap = await fulfil(order, { method: "delivery", scheduled_for: null });
    assert.deepEqual([asap.body.scheduled_for, asap.body.promised_at], [null, "2030-06-04T12:20:00.000-04:00"]);
  });

  const refused: [string, string, RegExp][] = [
    ["in the past", "2030-06-04T11:00:00-04:00", /^body\.scheduled_for: Today at 11:00am has already passed: choose a later time\.$/],
    ["too soon to prepare", "2030-06-04T12:15:00-04:00", /^body\.scheduled_for: Today at 12:15pm is too soon: orders need 20 minutes to prepare; the earliest time is today at 12:30pm\.$/],
    ["off the quarter hour", "2030-06-04T18:10:00-04:00", /not on the quarter hour/],
    ["on a closed day", "2030-06-10T18:00:00-04:00", /^body\.scheduled_for: Mon 10 Jun at 6:00pm is not an available time \(closed on Mon 10 Jun;/],
    ["at closing time", "2030-06-04T22:00:00-04:00", /Today at 10:00pm is not an available time \(open 11:00am – 10:00pm on Tue 4 Jun/],
    ["beyond the days ahead", "2030-06-12T18:00:00-04:00", /^body\.scheduled_for: Orders can be scheduled up to Tue 11 Jun; Wed 12 Jun at 6:00pm is later/],
  ];
  for (const [name, scheduledFor, message] of refused) {
    it(`refuses a time ${name} with 422`, async () => {
      const order = await createOrder(ctx.app);
      const reply = await fulfil(order, { method: "pickup", scheduled_for: scheduledFor });
      assert.equal(reply.status, 422, JSON.stringify(reply.body));
      assert.match(reply.body.message, message);
      assert.equal(reply.body.detail[0].path, "body.scheduled_for");
      assert.equal((await read(order)).body.fulfillment, null, "nothing was stored");
    });
  }

  const malformed: [string, unknown, RegExp][] = [
    ["without an offset", "2030-06-04T18:30:00", /body\.scheduled_for: expected an ISO 8601 date and time with its offset/],
    ["in the year 9999", "9999-12-31T19:00:00-05:00", /body\.scheduled_for: expected a real date and time between 2000 and 2199/],
    ["that is a word", "tonight", /with its offset/],
    ["that is a number", 1830, /expected string/],
  ];
  for (const [name, scheduledFor, message] of malformed) {
    it(`refuses a scheduled_for ${name} with 400`, async () => {
      const order = await createOrder(ctx.app);
      const reply = await fulfil(order, { method: "pickup", scheduled_for: scheduledFor });
      assert.equal(reply.status, 400);
      assert.match(reply.body.message, message);
    });
  }

  it("refuses as soon as possible while the location is closed, and takes a scheduled time", async () => {
    now = at("2030-06-04T23:00:00");
    const order = await createOrder(ctx.app);
    const asap = await fulfil(order, { method: "pickup" });
    assert.equal(asap.status, 422);
    // The location's ordering state, in the words the cart drawer uses (rules/orders/ordering-state.ts).
    assert.match(asap.body.message, /^body\.scheduled_for: Main Street is closed and opens tomorrow at 11:00am: you can order now for later\.$/);
    const later = await fulfil(order, { method: "pickup", scheduled_for: "2030-06-05T11:30:00-04:00" });
    assert.equal(later.status, 200);
    assert.equal(later.body.promised_at, "2030-06-05T11:30:00.000-04:00");
  });

  it("refuses as soon as possible when the preparation time runs past closing", async () => {
    now = at("2030-06-04T21:45:00");
    const reply = await fulfil(await createOrder(ctx.app), { method: "pickup" });
    assert.equal(reply.status, 422);
    assert.match(reply.body.message, /Closes at 10:00pm: too soon to prepare an order \(20 minutes\)/);
  });

  it("special hours: a holiday closure refuses its times and closes its booking slots", async () => {
    changeMain((location) => {
      location.specialHours = [{ date: "2030-06-05", closed: true, open: null, close: null, label: "Staff day" }];
    });
    const reply = await fulfil(await createOrder(ctx.app), { method: "pickup", scheduled_for: "2030-06-05T18:00:00-04:00" });
    assert.equal(reply.status, 422);
    assert.match(reply.body.message, /not an available time \(closed on Wed 5 Jun \(Staff day\)/);
    const booking = await call<Json>(ctx.app, "GET", `${API}/reservations/slots/?business_id=fixture-bistro&location_id=loc-main&date=2030-06-05`);
    assert.deepEqual(booking.body.slots, []);
    const reserve = await call<Json>(ctx.app, "POST", `${API}/events/website/`, {
      body: event("reservation", { start: "2030-06-05T18:00:00-04:00", partySize: 2, name: "Bo", email: "bo@example.com" }),
    });
    assert.equal(reserve.status, 422);
  });

  it("shipping promises no time and takes none", async () => {
    changeMain((location) => {
      location.delivery = { ...location.delivery, kind: "shipping" };
    });
    const order = await deliverable();
    const timed = await fulfil(order, { method: "delivery", scheduled_for: "2030-06-04T18:30:00-04:00" });
    assert.equal(timed.status, 422);
    assert.match(timed.body.message, /ships delivery orders, so no time can be chosen/);
    const plain = await fulfil(order, { method: "delivery" });
    assert.deepEqual([plain.status, plain.body.promised_at, plain.body.promised_until], [200, null, null]);
    const offered = await slots(order, "?method=delivery");
    assert.deepEqual([offered.body.timed, offered.body.days, offered.body.asap.available], [false, [], true]);
  });
});

describe("GET orders/{id}/fulfillment-slots/", () => {
  it("lists as soon as possible and the scheduled times of today through the days ahead", async () => {
    const order = await deliverable();
    const reply = await slots(order, "?method=delivery");
    assert.equal(reply.status, 200);
    const view = FulfillmentSlotsViewSchema.parse(reply.body);
    assert.deepEqual(
      [view.method, view.time_zone, view.timed, view.slot_minutes, view.preparation_minutes, view.delivery_window_minutes, view.days_ahead],
      ["delivery", "America/New_York", true, 15, 20, 30, 7],
    );
    assert.deepEqual(view.asap, { available: true, promised_at: "2030-06-04T12:20:00.000-04:00", promised_until: "2030-06-04T12:50:00.000-04:00", reason: null, message: null });
    assert.deepEqual(
      view.days.map((day) => [day.date, day.label, day.slots.length]),
      [
        ["2030-06-04", "Today", 38],
        ["2030-06-05", "Tomorrow", 42],
        ["2030-06-06", "Thu 6 Jun", 42],
        ["2030-06-07", "Fri 7 Jun", 46],
        ["2030-06-08", "Sat 8 Jun", 50],
        ["2030-06-09", "Sun 9 Jun", 42],
        ["2030-06-10", "Mon 10 Jun", 0],
        ["2030-06-11", "Tue 11 Jun", 42],
      ],
    );
    assert.deepEqual(view.days[0].slots[0], { start: "2030-06-04T12:30:00.000-04:00", label: "12:30pm", remaining: null, available: true });
  });

  it("defaults to the order's method, else pickup", async () => {
    const order = await deliverable();
    assert.equal((await slots(order)).body.method, "pickup");
    await fulfil(order, { method: "delivery" });
    assert.equal((await slots(order)).body.method, "delivery");
  });

  it("says why as soon as possible is not available", async () => {
    now = at("2030-06-04T08:00:00");
    const reply = await slots(await createOrder(ctx.app));
    assert.deepEqual(reply.body.asap, { available: false, promised_at: null, promised_until: null, reason: "closed", message: "Main Street is closed and opens today at 11:00am: you can order now for later." });
    assert.equal(reply.body.days[0].slots[0].label, "11:30am");
  });

  it("refuses what the location does not offer, a bad method and a missing token", async () => {
    const harbor = await createOrder(ctx.app, undefined, "loc-harbor");
    const noDelivery = await slots(harbor, "?method=delivery");
    assert.equal(noDelivery.status, 422);
    assert.match(noDelivery.body.message, /Harbor does not deliver; choose pickup/);
    assert.equal((await slots(harbor, "?method=drone")).status, 400);
    assert.equal((await slots(harbor, "?when=now")).status, 400);
    assert.equal((await call<Json>(ctx.app, "GET", `${API}/orders/${harbor.id}/fulfillment-slots/`)).status, 401);
  });
});

describe("kitchen capacity: orders per 15-minute slot", () => {
  it("a slot held by an order in checkout is full: not offered, refused, and as soon as possible moves on", async () => {
    changeMain((location) => {
      location.orderTimes = { ...location.orderTimes, ordersPerSlot: 1 };
    });
    const first = await readyOrder("2030-06-04T18:00:00-04:00");
    assert.equal((await startCheckout(first)).status, 200);
    const asapFirst = await readyOrder(null);
    assert.equal((await startCheckout(asapFirst)).status, 200, "takes the 12:15 slot with a 12:20 promise");

    const second = await createOrder(ctx.app);
    const refused = await fulfil(second, { method: "pickup", scheduled_for: "2030-06-04T18:00:00-04:00" });
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /Today at 6:00pm is fully booked: choose another time\./);
    const listed = await slots(second);
    const six = listed.body.days[0].slots.find((slot: Json) => slot.label === "6:00pm");
    assert.deepEqual([six.available, six.remaining], [false, 0]);
    assert.equal(listed.body.asap.promised_at, "2030-06-04T12:30:00.000-04:00", "the next slot with room");
    const asap = await fulfil(second, { method: "pickup" });
    assert.equal(asap.body.promised_at, "2030-06-04T12:30:00.000-04:00");
  });

  it("two checkouts for the last place in a slot at once: exactly one gets it", async () => {
    changeMain((location) => {
      location.orderTimes = { ...location.orderTimes, ordersPerSlot: 1 };
    });
    const orders = [await readyOrder("2030-06-04T19:00:00-04:00"), await readyOrder("2030-06-04T19:00:00-04:00")];
    const replies = await Promise.all(orders.map(startCheckout));
    assert.deepEqual(replies.map((reply) => reply.status).sort(), [200, 409]);
    const lost = replies.find((reply) => reply.status === 409)!;
    assert.match(lost.body.message, /^The time chosen for this order is no longer available: Today at 7:00pm is fully booked: choose another time\. Choose a time again/);
    assert.deepEqual(lost.body.detail, { code: "full", path: "order.scheduled_for" });
    const held = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE promised_slot = $1 AND status IN ('checkout', 'placed')", [at("2030-06-04T19:00:00")]);
    assert.equal(held.rows[0].n, 1);
  });
});

describe("the checkout checks the promise again", () => {
  it("at start: a scheduled time that is now too soon is a 409 telling the visitor to choose again", async () => {
    const order = await readyOrder("2030-06-04T12:45:00-04:00");
    now = at("2030-06-04T12:40:00");
    const reply = await startCheckout(order);
    assert.equal(reply.status, 409);
    assert.match(reply.body.message, /^The time chosen for this order is no longer available: Today at 12:45pm is too soon: orders need 20 minutes to prepare; the earliest time is today at 1:00pm\. Choose a time again \(PUT orders\/\{id\}\/fulfillments\/\), then place the order\.$/);
    assert.equal((await read(order)).body.status, "open");
  });

  it("at start: as soon as possible is fixed then, and carried by the checkout", async () => {
    const order = await readyOrder(null);
    now = at("2030-06-04T12:07:00");
    const started = await startCheckout(order);
    assert.equal(started.status, 200);
    assert.deepEqual([started.body.promised_at, started.body.location_time_zone], ["2030-06-04T12:30:00.000-04:00", "America/New_York"]);
  });

  it("at close: a scheduled time that has passed releases the hold and reopens the order", async () => {
    const order = await readyOrder("2030-06-04T12:45:00-04:00");
    const started = await startCheckout(order);
    assert.equal(started.status, 200);
    now = at("2030-06-04T12:50:00");
    const closed = await close(order, started.body.id);
    assert.equal(closed.status, 409);
    assert.match(closed.body.message, /^The time chosen, today at 12:45pm, has passed before the payment could be completed\. The hold on your card was released and your order is open again: choose another time and place it again\.$/);
    const reopened = await read(order);
    assert.deepEqual([reopened.body.status, reopened.body.checkout.status, reopened.body.checkout.payment_status], ["open", "payment_failed", "voided"]);
    assert.match(reopened.body.checkout.failure_message, /hold on your card was released/);
    const movements = (await ctx.payments.ledger()).filter((entry) => entry.orderId === order.id).map((entry) => entry.kind);
    assert.deepEqual(movements, ["authorization", "void"]);

    assert.equal((await fulfil(order, { method: "pickup", scheduled_for: "2030-06-04T13:30:00-04:00" })).status, 200);
    const again = await startCheckout(order);
    assert.equal(again.status, 200);
    const placed = await close(order, again.body.id);
    assert.deepEqual([placed.status, placed.body.order_status, placed.body.promised_at], [200, "placed", "2030-06-04T13:30:00.000-04:00"]);
  });

  it("at close: as soon as possible is worked out again from the time of placing", async () => {
    const order = await readyOrder(null);
    const started = await startCheckout(order);
    assert.equal(started.body.promised_at, "2030-06-04T12:20:00.000-04:00");
    now = at("2030-06-04T12:30:00");
    const closed = await close(order, started.body.id);
    assert.deepEqual([closed.status, closed.body.promised_at], [200, "2030-06-04T12:50:00.000-04:00"]);
    assert.equal((await read(order)).body.promised_at, "2030-06-04T12:50:00.000-04:00");
  });
});
