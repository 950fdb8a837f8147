import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { SESSION_COOKIE } from "@mainstreet/rules/api/manage-api";
import { API, call, createOrder, createWorkspaceContext, FIXED_NOW, FIXTURE_BUSINESS, line, manageCall, prepareForCheckout, type Json, type MerchantRef, type TestContext } from "./helpers";
import { connectSse, type SseConnection } from "./sse-client";

/**
 * Kitchen controls and sold out in the workspace: what the merchant sets takes effect on the next
 * order call (ready times, slots, refusals) and on the public availability the site reads, on both engines.
 */

let ctx: TestContext;
let base: string;
let now = FIXED_NOW;
let staff: MerchantRef;
let otherOwner: MerchantRef;
const opened: SseConnection[] = [];

before(async () => {
  ({ ctx, staff, otherOwner } = await createWorkspaceContext({ clock: () => now, streamPingMs: 200 }));
  base = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});
after(async () => {
  opened.forEach((connection) => connection.close());
  await ctx.close();
});
beforeEach(async () => {
  now = FIXED_NOW;
  await ctx.db.query("DELETE FROM kitchen_controls");
  await ctx.db.query("DELETE FROM availability_overrides");
});

const kitchenPut = (who: MerchantRef, location: string, body: Record<string, unknown>) => manageCall<Json>(ctx.app, "PUT", `kitchen/${location}/`, who, { body });
const soldOut = (who: MerchantRef, item: string, body: Record<string, unknown>) => manageCall<Json>(ctx.app, "PUT", `availability/${item}/`, who, { body });
const slots = async (order: { id: string; session_token: string }) =>
  (await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/fulfillment-slots/?method=pickup`, { token: order.session_token })).body;
const publicAvailability = (business = FIXTURE_BUSINESS) => call<Json>(ctx.app, "GET", `${API}/businesses/${business}/availability/`);
const openStream = async (who: MerchantRef) => {
  const connection = await connectSse(`${base}${API}/manage/orders/stream/`, { cookie: `${SESSION_COOKIE}=${who.cookie}` });
  opened.push(connection);
  await connection.next((event) => event.event === "ready");
  return connection;
};
const minutesBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 60_000;

describe("kitchen controls", () => {
  it("lists every location taking online orders with its controls and the data file's capacity", async () => {
    const reply = await manageCall<Json>(ctx.app, "GET", "kitchen/", staff);
    assert.equal(reply.status, 200);
    assert.ok(reply.body.locations.length > 0);
    const main = reply.body.locations.find((location: Json) => location.location_id === "loc-main");
    assert.deepEqual(main, { location_id: "loc-main", name: "Main Street", rush_minutes: 0, paused_until: null, orders_per_slot: null, orders_per_slot_from_data: main.orders_per_slot_from_data });
  });

  it("adds rush minutes to the next promise at once, and taking them off restores it", async () => {
    const order = await createOrder(ctx.app);
    const before = (await slots(order)).asap;
    assert.equal(before.available, true, JSON.stringify(before));
    const rushed = await kitchenPut(staff, "loc-main", { rush_minutes: 30 });
    assert.equal(rushed.status, 200);
    assert.equal(rushed.body.rush_minutes, 30);
    const during = (await slots(order)).asap;
    assert.ok(minutesBetween(before.promised_at, during.promised_at) >= 30, `${before.promised_at} → ${during.promised_at}`);
    assert.equal((await publicAvailability()).body.locations.find((location: Json) => location.location_id === "loc-main").rush_minutes, 30);
    assert.equal((await kitchenPut(staff, "loc-main", { rush_minutes: 0 })).status, 200);
    assert.equal((await slots(order)).asap.promised_at, before.promised_at);
  });

  it("pauses online orders until a time on the location's clock: no ASAP, no earlier slot, checkout refused; resuming lifts it", async () => {
    const order = await createOrder(ctx.app);
    // Ready for checkout (as soon as possible) before the pause: the pause then refuses the checkout itself.
    await prepareForCheckout(ctx.app, order);
    const until = "2030-06-04T14:30:00-04:00";
    const paused = await kitchenPut(staff, "loc-main", { paused_until: until });
    assert.equal(paused.status, 200);
    assert.equal(paused.body.paused_until, "2030-06-04T14:30:00.000-04:00");
    const view = await slots(order);
    assert.equal(view.asap.available, false);
    assert.match(view.asap.message, /^Main Street is not taking online orders until 2:30/);
    const earliest = view.days.flatMap((day: Json) => day.slots).find((slot: Json) => slot.available);
    assert.ok(Date.parse(earliest.start) >= Date.parse(until), earliest.start);
    const start = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    // As for any chosen time that has gone: 409, choose again.
    assert.equal(start.status, 409, JSON.stringify(start.body));
    assert.match(start.body.message, /not taking online orders until 2:30pm/);
    assert.equal(start.body.detail.code, "paused");
    assert.equal((await publicAvailability()).body.locations.find((location: Json) => location.location_id === "loc-main").paused_until, "2030-06-04T14:30:00.000-04:00");
    const resumed = await kitchenPut(staff, "loc-main", { paused_until: null });
    assert.equal(resumed.body.paused_until, null);
    assert.equal((await slots(order)).asap.available, true);
  });

  it("shows a pause that has ended as none", async () => {
    await kitchenPut(staff, "loc-main", { paused_until: "2030-06-04T13:00:00-04:00" });
    now = new Date("2030-06-04T17:30:00.000Z");
    const reply = await manageCall<Json>(ctx.app, "GET", "kitchen/", staff);
    assert.equal(reply.body.locations.find((location: Json) => location.location_id === "loc-main").paused_until, null);
  });

  it("replaces the data file's capacity per slot, and null gives it back", async () => {
    const order = await createOrder(ctx.app);
    const remaining = async () => new Set((await slots(order)).days.flatMap((day: Json) => day.slots.map((slot: Json) => slot.remaining)));
    const fromData = await remaining();
    assert.equal((await kitchenPut(staff, "loc-main", { orders_per_slot: 1 })).body.orders_per_slot, 1);
    assert.deepEqual([...(await remaining())], [1]);
    await kitchenPut(staff, "loc-main", { orders_per_slot: null });
    assert.deepEqual(await remaining(), fromData);
  });

  it("changes only what the body names", async () => {
    await kitchenPut(staff, "loc-main", { rush_minutes: 15, orders_per_slot: 4 });
    const reply = await kitchenPut(staff, "loc-main", { paused_until: "2030-06-04T15:00:00-04:00" });
    assert.deepEqual([reply.body.rush_minutes, reply.body.orders_per_slot, reply.body.paused_until], [15, 4, "2030-06-04T15:00:00.000-04:00"]);
  });

  for (const [name, body, status, message] of [
    ["rush beyond 120 minutes", { rush_minutes: 121 }, 400, /^body\.rush_minutes: expected 0 to 120 minutes/],
    ["a fractional capacity", { orders_per_slot: 1.5 }, 400, /^body\.orders_per_slot: expected a whole number/],
    ["a pause without an offset", { paused_until: "2030-06-04T15:00:00" }, 400, /^body\.paused_until: expected an ISO 8601 date and time with its offset/],
    ["an unknown field", { rush: 5 }, 400, /^body/],
    ["a pause in the past", { paused_until: "2030-06-04T11:00:00-04:00" }, 422, /^paused_until: expected a time in the future/],
    ["a pause of a month", { paused_until: "2030-07-04T11:00:00-04:00" }, 422, /^paused_until: expected a time within 14 days/],
  ] as const) {
    it(`refuses ${name} with ${status}`, async () => {
      const reply = await kitchenPut(staff, "loc-main", body);
      assert.equal(reply.status, status, JSON.stringify(reply.body));
      assert.match(reply.body.message, message);
    });
  }

  it("answers 403 for a location of another business and for an unknown one, the same way", async () => {
    const foreign = await kitchenPut(otherOwner, "loc-main", { rush_minutes: 10 });
    const unknown = await kitchenPut(staff, "loc-nowhere", { rush_minutes: 10 });
    assert.deepEqual([foreign.status, unknown.status], [403, 403]);
    assert.equal((await manageCall<Json>(ctx.app, "GET", "kitchen/", staff)).body.locations.find((location: Json) => location.location_id === "loc-main").rush_minutes, 0);
  });

  it("sends each change to the business's open order screens", async () => {
    const connection = await openStream(staff);
    await kitchenPut(staff, "loc-main", { rush_minutes: 20 });
    const event = await connection.next((candidate) => candidate.event === "kitchen");
    assert.deepEqual([JSON.parse(event.data).location_id, JSON.parse(event.data).rush_minutes], ["loc-main", 20]);
    connection.close();
  });
});

describe("sold out", () => {
  it("lists the menu's items with what the data file and the workspace mark sold out", async () => {
    const reply = await manageCall<Json>(ctx.app, "GET", "availability/", staff);
    assert.equal(reply.status, 200);
    const byId = new Map(reply.body.items.map((item: Json) => [item.item_id, item]));
    assert.ok(!byId.has("hidden-special"), "items hidden from the menu are not listed");
    assert.deepEqual(byId.get("sold-out-pie"), {
      item_id: "sold-out-pie",
      name: (byId.get("sold-out-pie") as Json).name,
      category: "Mains",
      sold_out_until: "indefinitely",
      sold_out_in_data: true,
      variations: [{ id: "pie-slice", name: (byId.get("sold-out-pie") as Json).variations[0].name, sold_out_until: null, sold_out_in_data: false }],
    });
    const fries = byId.get("fries") as Json;
    assert.equal(fries.category, "Sides");
    assert.deepEqual(
      fries.variations.map((variation: Json) => [variation.id, variation.sold_out_until, variation.sold_out_in_data]),
      [
        ["fries-regular", null, false],
        ["fries-large", "indefinitely", true],
      ],
    );
  });

  it("marks an item sold out until midnight on the primary location's clock: refused, published, and back the next day", async () => {
    const cart = await createOrder(ctx.app);
    const marked = await soldOut(staff, "burger", { sold_out: "today" });
    assert.equal(marked.status, 200, JSON.stringify(marked.body));
    assert.equal(marked.body.sold_out_until, "2030-06-05T00:00:00.000-04:00");

    const published = await publicAvailability();
    assert.equal(published.status, 200);
    assert.equal(published.headers["cache-control"], "public, max-age=30");
    assert.deepEqual(published.body.sold_out_items, ["burger", "sold-out-pie"]);
    assert.equal(published.body.as_of, FIXED_NOW.toISOString());

    const refused = await call<Json>(ctx.app, "POST", `${API}/orders/`, { body: { merchant_product: "prod-bistro", merchant_location: "loc-main", line_items: [line("burger-single", "burger")] } });
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /House Burger is sold out/);
    // A cart that already held it is asked to accept its removal before checkout.
    await prepareForCheckout(ctx.app, cart);
    const start = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: cart.session_token, body: { order_uuid: cart.id } });
    assert.equal(start.status, 409);
    assert.match(start.body.message, /sold out/);

    now = new Date("2030-06-05T04:00:01.000Z");
    assert.deepEqual((await publicAvailability()).body.sold_out_items, ["sold-out-pie"]);
    const item = (await manageCall<Json>(ctx.app, "GET", "availability/", staff)).body.items.find((entry: Json) => entry.item_id === "burger");
    assert.equal(item.sold_out_until, null);
  });

  it("marks one variation sold out until further notice, and available again", async () => {
    const marked = await soldOut(staff, "fries", { sold_out: "indefinitely", variation_id: "fries-regular" });
    assert.equal(marked.status, 200);
    assert.equal(marked.body.sold_out_until, null);
    assert.equal(marked.body.variations[0].sold_out_until, "indefinitely");
    assert.deepEqual((await publicAvailability()).body.sold_out_variations, ["fries-large", "fries-regular"]);
    const refused = await call<Json>(ctx.app, "POST", `${API}/orders/`, { body: { merchant_product: "prod-bistro", merchant_location: "loc-main", line_items: [line("fries-regular", "fries")] } });
    assert.equal(refused.status, 422);
    const back = await soldOut(staff, "fries", { sold_out: false, variation_id: "fries-regular" });
    assert.equal(back.body.variations[0].sold_out_until, null);
    assert.deepEqual((await publicAvailability()).body.sold_out_variations, ["fries-large"]);
    const ordered = await call<Json>(ctx.app, "POST", `${API}/orders/`, { body: { merchant_product: "prod-bistro", merchant_location: "loc-main", line_items: [line("fries-regular", "fries")] } });
    assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  });

  it("does not change what the data file marks unavailable (409)", async () => {
    assert.equal((await soldOut(staff, "sold-out-pie", { sold_out: false })).status, 409);
    assert.equal((await soldOut(staff, "fries", { sold_out: false, variation_id: "fries-large" })).status, 409);
  });

  it("answers 403 for an item or variation of another business and for unknown ones", async () => {
    assert.equal((await soldOut(otherOwner, "burger", { sold_out: "today" })).status, 403);
    assert.equal((await soldOut(staff, "no-such-item", { sold_out: "today" })).status, 403);
    assert.equal((await soldOut(staff, "burger", { sold_out: "today", variation_id: "fries-regular" })).status, 403);
    assert.deepEqual((await publicAvailability()).body.sold_out_items, ["sold-out-pie"]);
  });

  for (const [name, body] of [
    ["an unknown choice", { sold_out: "tomorrow" }],
    ["true", { sold_out: true }],
    ["no choice", {}],
  ] as const) {
    it(`refuses ${name} with 400`, async () => {
      const reply = await soldOut(staff, "burger", body);
      assert.equal(reply.status, 400);
      assert.match(reply.body.message, /^body\.sold_out: expected "today"/);
    });
  }

  it("answers 404 for the public availability of an unknown business", async () => {
    const reply = await publicAvailability("no-such-business");
    assert.equal(reply.status, 404);
    assert.equal(typeof reply.body.message, "string");
  });

  it("lists the modifiers the menu offers, with the sets that offer them and what the data file marks", async () => {
    const reply = await manageCall<Json>(ctx.app, "GET", "availability/", staff);
    assert.deepEqual(
      reply.body.modifiers.map((modifier: Json) => [modifier.modifier_id, modifier.name, modifier.sets, modifier.sold_out_until, modifier.sold_out_in_data]),
      [
        ["mod-rare", "Rare", ["Cooked"], null, false],
        ["mod-medium", "Medium", ["Cooked"], null, false],
        ["mod-well", "Well done", ["Cooked"], null, false],
        ["mod-cheese", "Cheddar", ["Extras"], null, false],
        ["mod-bacon", "Bacon", ["Extras"], null, false],
        ["mod-avocado", "Avocado", ["Extras"], "indefinitely", true],
      ],
    );
    assert.deepEqual((await publicAvailability()).body.sold_out_modifiers, ["mod-avocado"]);
  });

  it("marks a modifier sold out on every item: published, an order with it refused in the words of a sold-out item, then back", async () => {
    const modifierPut = (who: MerchantRef, modifier: string, body: Record<string, unknown>) => manageCall<Json>(ctx.app, "PUT", `availability/modifiers/${modifier}/`, who, { body });
    const order = (modifiers: string[]) =>
      call<Json>(ctx.app, "POST", `${API}/orders/`, { body: { merchant_product: "prod-bistro", merchant_location: "loc-main", line_items: [line("burger-single", "burger", 1, modifiers)] } });
    const marked = await modifierPut(staff, "mod-bacon", { sold_out: "today" });
    assert.equal(marked.status, 200, JSON.stringify(marked.body));
    assert.deepEqual(marked.body, { modifier_id: "mod-bacon", name: "Bacon", sets: ["Extras"], sold_out_until: "2030-06-05T00:00:00.000-04:00", sold_out_in_data: false });
    assert.deepEqual((await publicAvailability()).body.sold_out_modifiers, ["mod-avocado", "mod-bacon"]);
    // The item itself stays on sale.
    assert.deepEqual((await publicAvailability()).body.sold_out_items, ["sold-out-pie"]);

    const refused = await order(["mod-medium", "mod-bacon"]);
    assert.equal(refused.status, 422);
    assert.deepEqual(
      refused.body.detail.map((issue: Json) => [issue.path, issue.message]),
      [["line_items[0].selected_modifiers[1].id", "Bacon for House Burger is sold out"]],
    );
    assert.equal((await order(["mod-medium", "mod-cheese"])).status, 201);

    const back = await modifierPut(staff, "mod-bacon", { sold_out: false });
    assert.equal(back.body.sold_out_until, null);
    assert.deepEqual((await publicAvailability()).body.sold_out_modifiers, ["mod-avocado"]);
    assert.equal((await order(["mod-medium", "mod-bacon"])).status, 201);

    assert.equal((await modifierPut(staff, "mod-avocado", { sold_out: false })).status, 409);
    assert.equal((await modifierPut(staff, "no-such-modifier", { sold_out: "today" })).status, 403);
    assert.equal((await modifierPut(otherOwner, "mod-bacon", { sold_out: "today" })).status, 403);
    const bad = await modifierPut(staff, "mod-bacon", { sold_out: "today", variation_id: "fries-regular" });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /^body: unexpected field "variation_id"/);
  });

  it("sends each change to the business's open order screens", async () => {
    const connection = await openStream(staff);
    await soldOut(staff, "burger", { sold_out: "indefinitely" });
    const event = await connection.next((candidate) => candidate.event === "availability");
    assert.deepEqual([JSON.parse(event.data).item_id, JSON.parse(event.data).sold_out_until], ["burger", "indefinitely"]);
    connection.close();
  });
});
