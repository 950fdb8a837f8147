import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { API, PRODUCT, call, createOrder, createTestContext, line, prepareForCheckout, recipient, type Json, type TestContext } from "./helpers";

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

const bistro = () => structuredClone(ctx.catalog.get("fixture-bistro")!.business);

describe("order session tokens", () => {
  it("keeps two orders apart: each token works only on its own order", async () => {
    const a = await createOrder(ctx.app);
    const b = await createOrder(ctx.app);
    const aLine = a.line_items[0].id;
    await prepareForCheckout(ctx.app, a);
    const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: a.session_token, body: { order_uuid: a.id } });
    assert.equal(started.status, 200);

    const foreign = b.session_token;
    const calls: [string, string, unknown?][] = [
      ["GET", `${API}/orders/${a.id}/`],
      ["PUT", `${API}/orders/${a.id}/customers/`, { first_name: "Eve", last_name: "X", email: "eve@example.com", phone: "212-555-0100" }],
      ["PUT", `${API}/orders/${a.id}/recipient/`, { first_name: "Eve", last_name: "X", street_address: "1 A St", locality: "NYC", administrative_area_level_1: "NY", postal_code: "10001", country: "US" }],
      ["PUT", `${API}/orders/${a.id}/fulfillments/`, { method: "pickup" }],
      ["PUT", `${API}/orders/${a.id}/attributes/`, { tip: 0 }],
      ["PUT", `${API}/orders/${a.id}/payment-source/`, { token: "tok_test_visa", provider_id: "test" }],
      ["POST", `${API}/orders/${a.id}/items/`, { line_items: [line("fries-regular", "fries")] }],
      ["GET", `${API}/orders/items/${aLine}/`],
      ["GET", `${API}/orders/items/${aLine}/options/`],
      ["PATCH", `${API}/orders/items/${aLine}/`, { quantity: 5 }],
      ["DELETE", `${API}/orders/items/${aLine}/`],
      ["POST", `${API}/orders/${a.id}/adjustments/`, { adjustments: [{ id: "0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b" }] }],
      ["POST", `${API}/checkouts/`, { order_uuid: a.id }],
      ["POST", `${API}/checkouts/${started.body.id}/close/`],
    ];
    for (const [method, url, body] of calls) {
      const missing = await call(ctx.app, method as "GET", url, { body });
      assert.equal(missing.status, 401, `${method} ${url} without a token`);
      assert.match(String(missing.body.message), /Authorization/);
      const wrong = await call(ctx.app, method as "GET", url, { body, token: foreign });
      assert.equal(wrong.status, 403, `${method} ${url} with another order's token`);
      const malformed = await call(ctx.app, method as "GET", url, { body, headers: { authorization: "Bearer not-a-token" } });
      assert.equal(malformed.status, 401, `${method} ${url} with a malformed token`);
    }
    // Order A is untouched by all of that.
    const mine = await call<Json>(ctx.app, "GET", `${API}/orders/${a.id}/`, { token: a.session_token });
    assert.equal(mine.body.line_items.length, 1);
    assert.equal(mine.body.line_items[0].quantity, 2);
    assert.equal(mine.body.customer.first_name, "Ada");
  });

  it("answers 404 for an order that does not exist", async () => {
    const order = await createOrder(ctx.app);
    const reply = await call(ctx.app, "GET", `${API}/orders/0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b/`, { token: order.session_token });
    assert.equal(reply.status, 404);
  });
});

describe("prices come from the catalog", () => {
  const tampered: [string, Record<string, unknown>][] = [
    ["line price 0", { price: 0 }],
    ["line total 1 cent", { total: "0.01" }],
    ["variation price", { selected_variation: { id: "burger-double", menu_item: "burger", price: 0.01, name: "Free" } }],
  ];
  for (const [name, extra] of tampered) {
    it(`ignores a client ${name}`, async () => {
      const base = line("burger-double", "burger", 1, ["mod-well"]);
      const withMods = { ...base, selected_modifiers: [{ id: "mod-well", price: -5 }, { id: "mod-bacon", price: "$0.00", name: "Bacon" }], ...extra };
      const order = await createOrder(ctx.app, [withMods]);
      assert.equal(order.line_items[0].unit_price_cents, 1500 + 225);
      assert.equal(order.totals.subtotal_cents, 1725);
    });
  }

  it("ignores a price sent with an item update", async () => {
    const order = await createOrder(ctx.app);
    const reply = await call<Json>(ctx.app, "PATCH", `${API}/orders/items/${order.line_items[0].id}/`, {
      token: order.session_token,
      body: { quantity: 3, price: 1 },
    });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.line_items[0].unit_price_cents, 1350);
    assert.equal(reply.body.totals.subtotal_cents, 3 * 1350);
  });
});

describe("line items are checked against the menu", () => {
  const cases: [string, unknown, RegExp][] = [
    ["a required modifier set left empty", line("burger-single", "burger", 1, []), /Cooked: choose at least 1/],
    ["two choices in a one-choice set", line("burger-single", "burger", 1, ["mod-rare", "mod-well"]), /Cooked: choose at most 1/],
    ["three extras where two are allowed", line("burger-single", "burger", 1, ["mod-rare", "mod-cheese", "mod-bacon", "mod-cheese"]), /Extras: choose at most 2/],
    ["an unavailable modifier", line("burger-single", "burger", 1, ["mod-rare", "mod-avocado"]), /Avocado for House Burger is sold out/],
    ["a modifier of no set of the item", line("fries-regular", "fries", 1, ["mod-cheese"]), /not in any modifier set/],
    ["a hidden item", line("hidden-special-one", "hidden-special"), /not on the menu/],
    ["a sold-out item", line("pie-slice", "sold-out-pie"), /^line_items\[0\]\.selected_variation\.menu_item: Apple Pie is sold out$/],
    ["a sold-out variation", line("fries-large", "fries"), /^line_items\[0\]\.selected_variation\.id: Fries \(Large\) is sold out$/],
    ["another item's variation", line("fries-regular", "burger", 1, ["mod-rare"]), /not a variation of House Burger/],
    ["an unknown item", line("x", "no-such-item"), /not on the menu/],
    [
      "a modifier under the wrong set",
      { ...line("burger-single", "burger"), selected_modifiers: [{ id: "mod-rare", modifier_set_id: "set-extras" }] },
      /not in modifier set "set-extras"/,
    ],
  ];
  for (const [name, item, message] of cases) {
    it(`refuses ${name} with 422`, async () => {
      const reply = await call<Json>(ctx.app, "POST", `${API}/orders/`, { body: { merchant_product: PRODUCT, merchant_location: "loc-main", line_items: [item] } });
      assert.equal(reply.status, 422);
      assert.match(reply.body.message, message);
      assert.ok(Array.isArray(reply.body.detail));
    });
  }

  const placeCases: [string, Record<string, unknown>, RegExp][] = [
    ["an unknown product", { merchant_product: "nope", merchant_location: "loc-main" }, /no business here sells product "nope"/],
    ["an unknown location", { merchant_product: PRODUCT, merchant_location: "loc-x" }, /not a location of Fixture Bistro/],
    ["a location without online ordering", { merchant_product: PRODUCT, merchant_location: "loc-london" }, /Soho does not take online orders/],
  ];
  for (const [name, body, message] of placeCases) {
    it(`refuses ${name} with 422`, async () => {
      const reply = await call<Json>(ctx.app, "POST", `${API}/orders/`, { body: { ...body, line_items: [] } });
      assert.equal(reply.status, 422);
      assert.match(reply.body.message, message);
    });
  }
});

describe("adjustments", () => {
  it("proposes removal of an item that became unavailable, and accepting removes it", async () => {
    const order = await createOrder(ctx.app, [line("burger-single", "burger", 1, ["mod-rare"]), line("fries-regular", "fries", 2)]);
    const business = bistro();
    business.menu.items.find((item) => item.id === "fries")!.available = false;
    ctx.catalog.put(business);
    try {
      const read = await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });
      assert.equal(read.body.adjustments.length, 1);
      assert.equal(read.body.adjustments[0].kind, "unavailable");
      assert.equal(read.body.adjustments[0].reason, "Fries is sold out, so accepting removes it from your cart.");
      const accepted = await call<Json>(ctx.app, "POST", `${API}/orders/${order.id}/adjustments/`, {
        token: order.session_token,
        body: { adjustments: [{ id: read.body.adjustments[0].id }] },
      });
      assert.equal(accepted.status, 200);
      assert.deepEqual(
        accepted.body.line_items.map((item: Json) => item.menu_item),
        ["burger"],
      );
    } finally {
      ctx.catalog.reload();
    }
  });

  it("replaces a proposal when the price changes again, and refuses the stale one", async () => {
    const order = await createOrder(ctx.app, [line("fries-regular", "fries", 1)]);
    const setFries = (cents: number) => {
      const business = bistro();
      business.menu.items.find((item) => item.id === "fries")!.variations[0].priceCents = cents;
      ctx.catalog.put(business);
    };
    try {
      setFries(500);
      const first = await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });
      setFries(550);
      const second = await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });
      assert.notEqual(first.body.adjustments[0].id, second.body.adjustments[0].id);
      assert.equal(second.body.adjustments[0].unit_price_cents, 550);
      const stale = await call<Json>(ctx.app, "POST", `${API}/orders/${order.id}/adjustments/`, {
        token: order.session_token,
        body: { adjustments: [{ id: first.body.adjustments[0].id }] },
      });
      assert.equal(stale.status, 409);
      assert.deepEqual(stale.body.detail.open_adjustments, [second.body.adjustments[0].id]);
      // Back to the agreed price: the proposal is withdrawn and nothing needs accepting.
      setFries(400);
      const settled = await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });
      assert.deepEqual(settled.body.adjustments, []);
      assert.equal(settled.body.totals.subtotal_cents, 400);
    } finally {
      ctx.catalog.reload();
    }
  });
});

describe("order state", () => {
  it("freezes an order once checkout has started", async () => {
    const order = await createOrder(ctx.app);
    await prepareForCheckout(ctx.app, order);
    const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    assert.equal(started.status, 200);
    const edits: [string, string, unknown][] = [
      ["PUT", `${API}/orders/${order.id}/customers/`, { first_name: "A", last_name: "B", email: "a@b.co", phone: "212-555-0100" }],
      ["PATCH", `${API}/orders/items/${order.line_items[0].id}/`, { quantity: 9 }],
      ["POST", `${API}/orders/${order.id}/items/`, { line_items: [line("fries-regular", "fries")] }],
      ["PUT", `${API}/orders/${order.id}/attributes/`, { tip: 100000 }],
    ];
    for (const [method, url, body] of edits) {
      const reply = await call<Json>(ctx.app, method as "PUT", url, { token: order.session_token, body });
      assert.equal(reply.status, 409, `${method} ${url}`);
      assert.match(reply.body.message, /in checkout with its totals frozen/);
    }
    const read = await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/`, { token: order.session_token });
    assert.equal(read.body.totals_frozen, true);
    assert.equal(read.body.totals.total_cents, started.body.totals.total_cents);
  });

  it("refuses to start checkout while something is missing, naming it", async () => {
    const order = await createOrder(ctx.app);
    const reply = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    assert.equal(reply.status, 422);
    assert.deepEqual(
      reply.body.detail.map((problem: Json) => problem.path),
      ["order.customer", "order.fulfillment", "order.payment_source"],
    );
  });
});

describe("fulfillment and tips", () => {
  const cases: [string, string, unknown, number, RegExp][] = [
    ["a postal code outside the delivery area", "loc-main", recipient("07030"), 422, /does not deliver to 07030/],
    ["a location without delivery", "loc-harbor", recipient("11201"), 422, /does not deliver; choose pickup/],
  ];
  for (const [name, location, address, status, message] of cases) {
    it(`refuses delivery to ${name}`, async () => {
      const order = await createOrder(ctx.app, [line("burger-double", "burger", 2, ["mod-rare"])], location);
      const set = await call(ctx.app, "PUT", `${API}/orders/${order.id}/recipient/`, { token: order.session_token, body: address });
      assert.equal(set.status, 200);
      const reply = await call<Json>(ctx.app, "PUT", `${API}/orders/${order.id}/fulfillments/`, { token: order.session_token, body: { method: "delivery" } });
      assert.equal(reply.status, status);
      assert.match(reply.body.message, message);
    });
  }

  it("refuses delivery without an address, and a postal code of the wrong shape", async () => {
    const order = await createOrder(ctx.app);
    const noAddress = await call<Json>(ctx.app, "PUT", `${API}/orders/${order.id}/fulfillments/`, { token: order.session_token, body: { method: "delivery" } });
    assert.equal(noAddress.status, 422);
    assert.match(noAddress.body.message, /recipient's address first/);
    const badShape = await call<Json>(ctx.app, "PUT", `${API}/orders/${order.id}/recipient/`, { token: order.session_token, body: recipient("ABCDE") });
    assert.equal(badShape.status, 422);
    assert.match(badShape.body.message, /not a valid postal code for US/);
  });

  it("holds checkout until the delivery minimum is met", async () => {
    const order = await createOrder(ctx.app, [line("fries-regular", "fries", 1)]);
    await prepareForCheckout(ctx.app, order);
    await call(ctx.app, "PUT", `${API}/orders/${order.id}/recipient/`, { token: order.session_token, body: recipient("10002") });
    const chosen = await call(ctx.app, "PUT", `${API}/orders/${order.id}/fulfillments/`, { token: order.session_token, body: { method: "delivery" } });
    assert.equal(chosen.status, 200);
    const reply = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    assert.equal(reply.status, 422);
    assert.match(reply.body.message, /delivery needs a subtotal of at least \$15\.00, got \$4\.00/);
  });

  const tips: [string, Record<string, unknown>, Record<string, unknown>, number][] = [
    ["an amount wins over a percentage", { tip: 250, tip_percentage: 20, instructions: "  " }, { tip: 250, instructions: "" }, 250],
    ["a percentage of the subtotal", { tip_percentage: 18 }, { tip_percentage: 18, instructions: "" }, 486],
    ["no tip sends tip_percentage 0", {}, { tip_percentage: 0, instructions: "" }, 0],
    ["nulls count as not given", { tip: null, tip_percentage: 12.5, instructions: null }, { tip_percentage: 12.5, instructions: "" }, 338],
  ];
  for (const [name, body, attributes, tipCents] of tips) {
    it(`applies the tip rule: ${name}`, async () => {
      const order = await createOrder(ctx.app);
      const reply = await call<Json>(ctx.app, "PUT", `${API}/orders/${order.id}/attributes/`, { token: order.session_token, body });
      assert.equal(reply.status, 200);
      assert.deepEqual(reply.body.attributes, attributes);
      assert.equal(reply.body.totals.tip_cents, tipCents);
    });
  }
});
