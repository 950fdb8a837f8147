import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { formatCents, parsePriceToCents } from "@mainstreet/rules/orders/money";
import { API, FIXTURE_FILE, call, createOrder, createTestContext, line, prepareForCheckout, type Json, type TestContext } from "./helpers";

// Issue 19: a business in any currency and locale. The bistro again, priced in yen (a dollar written as
// 100 yen, so $12.50 is ¥1,250 and stored as 1250 minor units) and written in Japanese formats.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mainstreet-yen-"));
const file = path.join(dir, "business.json");

type Doc = Record<string, Json>;
const yen = (price: unknown) => {
  const cents = parsePriceToCents(price);
  if (cents === null) throw new Error(`the fixture has a price that is not one: ${JSON.stringify(price)}`);
  return cents;
};

function yenBistro(): Doc {
  const doc: Doc = JSON.parse(fs.readFileSync(FIXTURE_FILE, "utf8"));
  doc.locale = "ja-JP";
  doc.ordering = { ...doc.ordering, currency: "JPY" };
  for (const item of doc.menu.items) for (const variation of item.variations) variation.price = yen(variation.price);
  for (const modifier of doc.menu.modifiers ?? []) if (modifier.price !== undefined) modifier.price = yen(modifier.price);
  for (const location of doc.locations) {
    if (location.delivery?.fee !== undefined) location.delivery.fee = yen(location.delivery.fee);
    if (location.delivery?.minimum !== undefined) location.delivery.minimum = yen(location.delivery.minimum);
  }
  return doc;
}

const reserve = (start: string) =>
  call<Json>(ctx.app, "POST", `${API}/events/website/`, {
    body: {
      business_info: { id: "fixture-bistro", type: "restaurant", name: "Fixture Bistro" },
      website: { url: "https://bistro.example/contact/", page: "/contact/" },
      location: { id: "loc-main" },
      component_configuration: { type: "reservation", id: "reservation-form" },
      event_data: { fieldValues: { start, partySize: 2, name: "Dee", email: "dee@example.com", phone: "212-555-0123" } },
    },
  });

const money = (cents: number) => formatCents(cents, { currency: "JPY", locale: "ja-JP", alwaysShowCents: true });

let ctx: TestContext;
before(async () => {
  fs.writeFileSync(file, JSON.stringify(yenBistro()));
  ctx = await createTestContext({ catalogFiles: [file] });
});
after(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a business priced in yen and written in ja-JP", () => {
  it("publishes its catalogue in whole yen", async () => {
    const reply = await call<Json>(ctx.app, "GET", `${API}/catalog/fixture-bistro/`);
    assert.equal(reply.status, 200);
    assert.equal(reply.body.ordering.currency, "JPY");
    const burger = reply.body.items.find((item: Json) => item.id === "burger");
    assert.deepEqual(
      burger.variations.map((variation: Json) => variation.price_cents),
      [1250, 1500],
    );
  });

  it("prices an order from its catalogue in yen, tips and taxes in whole yen, and writes the receipt as ja-JP writes yen", async () => {
    const order = await createOrder(ctx.app, [line("burger-single", "burger", 2, ["mod-medium", "mod-cheese"])]);
    assert.equal(order.status, "open");
    const unit = order.line_items[0].unit_price_cents;
    assert.ok(Number.isInteger(unit) && unit >= 1250, `a yen unit price, got ${unit}`);
    await prepareForCheckout(ctx.app, order);
    const token = order.session_token;
    const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token, body: { order_uuid: order.id } });
    assert.equal(started.status, 200);
    const closed = await call<Json>(ctx.app, "POST", `${API}/checkouts/${started.body.id}/close/`, { token });
    assert.equal(closed.status, 200);
    assert.equal(closed.body.currency, "JPY");
    const totals = closed.body.totals;
    assert.equal(totals.subtotal_cents, unit * 2);
    // 15% of the subtotal, rounded half up to a whole yen.
    assert.equal(totals.tip_cents, Math.floor((unit * 2 * 15) / 100 + 0.5));
    assert.equal(totals.total_cents, totals.subtotal_cents + totals.tax_cents + totals.tip_cents + totals.delivery_fee_cents);

    const { rows } = await ctx.db.query<{ subject: string; body: string }>("SELECT subject, body FROM outbox WHERE subject LIKE 'New order%' OR subject LIKE '%receipt%' OR body LIKE $1", [`%${money(totals.total_cents)}%`]);
    assert.ok(rows.length > 0, "the order mail is queued");
    const mail = rows.map((row) => `${row.subject}\n${row.body}`).join("\n");
    assert.match(mail, new RegExp(`Total ${money(totals.total_cents)}`));
    assert.match(mail, new RegExp(`Subtotal ${money(totals.subtotal_cents)}`));
    // ¥ amounts with no decimals: never "12.50" for a yen price.
    assert.equal(money(1250), "￥1,250");
    assert.doesNotMatch(mail, /\d\.\d\d\b/);
  });

  it("labels the bookable times on a 24-hour clock and writes the booking's time in the confirmation mail", async () => {
    const slots = await call<Json>(ctx.app, "GET", `${API}/reservations/slots/?business_id=fixture-bistro&location_id=loc-main&date=2030-06-04`);
    assert.equal(slots.status, 200);
    assert.equal(slots.body.slots[0].label, "12:30");
    assert.equal(slots.body.slots.at(-1).label, "21:30");

    const reply = await reserve("2030-06-04T19:00:00-04:00");
    assert.equal(reply.status, 201);
    const { rows } = await ctx.db.query<{ body: string }>("SELECT body FROM outbox WHERE submission_id = $1 AND mail_to::text LIKE '%dee@example.com%'", [reply.body.id]);
    assert.equal(rows.length, 1);
    assert.match(rows[0].body, /on 2030年6月4日火曜日 at 19:00 is confirmed/);

    const refused = await reserve("2030-06-04T10:30:00-04:00");
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /2030年6月4日火曜日 at 10:30 is not a bookable slot/);
  });
});
