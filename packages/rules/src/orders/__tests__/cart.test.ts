import {
  canChooseMore,
  cartBlocksCheckout,
  cartNotices,
  clampQuantity,
  initialSelection,
  lineItemPayload,
  orderingEvent,
  selectionPriceCents,
  selectionProblems,
  setRuleText,
  toggleModifier,
  type ItemSelection,
  type MenuModifierSet,
  type OrderableItem,
} from "../cart";
import type { OrderView } from "../../api/order-api";
import type { CatalogView } from "../../api/api-views";
import { order } from "./order-view-fixtures";

const mod = (id: string, priceCents = 0, available = true) => ({ id, name: id.replace("mod-", ""), priceCents, available });
const sauce: MenuModifierSet = { id: "set-sauce", name: "Sauce", minAllowed: 1, maxAllowed: 1, modifiers: [mod("mod-red"), mod("mod-white", 100)] };
const toppings: MenuModifierSet = { id: "set-top", name: "Toppings", minAllowed: 0, maxAllowed: 2, modifiers: [mod("mod-olive", 150), mod("mod-nduja", 300), mod("mod-basil", 50), mod("mod-truffle", 900, false)] };
const extras: MenuModifierSet = { id: "set-extra", name: "Extras", minAllowed: 2, maxAllowed: null, modifiers: [mod("mod-a", 10), mod("mod-b", 20), mod("mod-c", 30)] };

const pizza: OrderableItem = {
  id: "item-pizza",
  name: "Pizza",
  available: true,
  variations: [
    { id: "var-16", name: "16-inch", priceCents: 2200, order: 2 },
    { id: "var-12", name: "12-inch", priceCents: 1600, order: 1 },
  ],
  modifierSets: [sauce, toppings],
};

const select = (overrides: Partial<ItemSelection> = {}): ItemSelection => ({ variationId: "var-12", modifierIds: [], quantity: 1, specialInstructions: "", ...overrides });

describe("initialSelection", () => {
  it("preselects the first variation by order and nothing else", () => {
    expect(initialSelection(pizza)).toEqual({ variationId: "var-12", modifierIds: [], quantity: 1, specialInstructions: "" });
  });

  it.each<[string, OrderableItem["variations"], string]>([
    ["skips a sold-out first variation", [{ id: "var-12", name: "12-inch", priceCents: 1600, order: 1, available: false }, { id: "var-16", name: "16-inch", priceCents: 2200, order: 2 }], "var-16"],
    ["keeps the first when every variation is sold out", [{ id: "var-12", name: "12-inch", priceCents: 1600, order: 1, available: false }, { id: "var-16", name: "16-inch", priceCents: 2200, order: 2, available: false }], "var-12"],
  ])("%s", (_name, variations, expected) => {
    expect(initialSelection({ variations }).variationId).toBe(expected);
  });

  it("refuses an item without variations, naming the problem", () => {
    expect(() => initialSelection({ variations: [] })).toThrow("expected an item with at least one variation, got none");
  });
});

describe("toggleModifier", () => {
  it.each<[string, MenuModifierSet, string[], string, string[]]>([
    ["single choice: first pick", sauce, [], "mod-red", ["mod-red"]],
    ["single choice: a new pick replaces the old", sauce, ["mod-red"], "mod-white", ["mod-white"]],
    ["single choice: picking the chosen one clears it", sauce, ["mod-red"], "mod-red", []],
    ["multiple: adds below the maximum", toppings, ["mod-olive"], "mod-nduja", ["mod-olive", "mod-nduja"]],
    ["multiple: the maximum caps further choices", toppings, ["mod-olive", "mod-nduja"], "mod-basil", ["mod-olive", "mod-nduja"]],
    ["multiple: un-choosing frees a place", toppings, ["mod-olive", "mod-nduja"], "mod-olive", ["mod-nduja"]],
    ["an unavailable modifier cannot be chosen", toppings, [], "mod-truffle", []],
    ["a modifier of another set is ignored", toppings, [], "mod-red", []],
    ["choices in other sets are kept", sauce, ["mod-olive", "mod-red"], "mod-white", ["mod-olive", "mod-white"]],
    ["no maximum: keeps adding", extras, ["mod-a", "mod-b"], "mod-c", ["mod-a", "mod-b", "mod-c"]],
  ])("%s", (_label, set, before, modifierId, after) => {
    expect(toggleModifier(set, select({ modifierIds: before }), modifierId).modifierIds).toEqual(after);
  });
});

describe("canChooseMore", () => {
  it.each<[MenuModifierSet, string[], boolean]>([
    [toppings, [], true],
    [toppings, ["mod-olive"], true],
    [toppings, ["mod-olive", "mod-basil"], false],
    [sauce, ["mod-red"], false],
    [extras, ["mod-a", "mod-b", "mod-c"], true],
  ])("%s with %j → %s", (set, chosen, expected) => {
    expect(canChooseMore(set, select({ modifierIds: chosen }))).toBe(expected);
  });
});

describe("selectionProblems (what blocks Add to cart)", () => {
  it.each<[string, OrderableItem, Partial<ItemSelection>, string[]]>([
    ["a required set not chosen", pizza, {}, ["Sauce: choose at least 1 (0 choices made)"]],
    ["satisfied", pizza, { modifierIds: ["mod-red", "mod-olive"] }, []],
    ["a set over its maximum", pizza, { modifierIds: ["mod-red", "mod-olive", "mod-nduja", "mod-basil"] }, ["Toppings: choose at most 2 (3 choices made)"]],
    ["an unavailable modifier", pizza, { modifierIds: ["mod-red", "mod-truffle"] }, ["Toppings: modifier mod-truffle is not available now (chosen once)"]],
    ["a sold-out item", { ...pizza, available: false }, { modifierIds: ["mod-red"] }, ["Pizza is not available right now"]],
    ["an unknown variation", pizza, { variationId: "var-99", modifierIds: ["mod-red"] }, ["Pizza: choose one of 16-inch, 12-inch"]],
    ["a sold-out variation", { ...pizza, variations: [{ ...pizza.variations[0], available: false }, pizza.variations[1]] }, { variationId: "var-16", modifierIds: ["mod-red"] }, ["Pizza (16-inch) is sold out"]],
    ["another variation of an item with a sold-out one", { ...pizza, variations: [{ ...pizza.variations[0], available: false }, pizza.variations[1]] }, { variationId: "var-12", modifierIds: ["mod-red"] }, []],
    ["quantity 0", pizza, { quantity: 0, modifierIds: ["mod-red"] }, ["Quantity: expected a whole number from 1 to 99, got 0"]],
    ["quantity 100", pizza, { quantity: 100, modifierIds: ["mod-red"] }, ["Quantity: expected a whole number from 1 to 99, got 100"]],
    ["instructions too long", pizza, { specialInstructions: "x".repeat(501), modifierIds: ["mod-red"] }, ["Special instructions: expected at most 500 characters, got 501"]],
    ["a minimum of two", { ...pizza, modifierSets: [extras] }, { modifierIds: ["mod-a"] }, ["Extras: choose at least 2 (1 choice made)"]],
  ])("%s", (_label, item, selection, messages) => {
    expect(selectionProblems(item, select(selection)).map((problem) => problem.message)).toEqual(messages);
  });
});

describe("setRuleText", () => {
  it.each<[number, number | null, string]>([
    [1, 1, "Required: choose 1"],
    [1, 3, "Required: choose 1 to 3"],
    [2, null, "Required: choose at least 2"],
    [0, 2, "Optional: choose up to 2"],
    [0, null, "Optional"],
  ])("min %i max %s → %s", (minAllowed, maxAllowed, text) => {
    expect(setRuleText({ minAllowed, maxAllowed })).toBe(text);
  });
});

describe("selectionPriceCents (live line price, shared pricing rule)", () => {
  it.each<[string, Partial<ItemSelection>, number]>([
    ["base variation", {}, 1600],
    ["bigger variation", { variationId: "var-16" }, 2200],
    ["with priced modifiers", { modifierIds: ["mod-white", "mod-nduja"] }, 2000],
    ["times quantity", { modifierIds: ["mod-white", "mod-nduja"], quantity: 3 }, 6000],
    ["a free modifier adds nothing", { modifierIds: ["mod-red"] }, 1600],
  ])("%s → %i", (_label, selection, cents) => {
    expect(selectionPriceCents(pizza, select(selection))).toBe(cents);
  });
});

describe("clampQuantity", () => {
  it.each<[number, number]>([
    [0, 1],
    [-4, 1],
    [2.7, 2],
    [150, 99],
    [Number.NaN, 1],
  ])("%s → %i", (input, expected) => {
    expect(clampQuantity(input)).toBe(expected);
  });
});

describe("lineItemPayload", () => {
  it("builds the SPEC §3 cart line in the order calls' snake_case, prices as display copies", () => {
    expect(lineItemPayload(pizza, select({ modifierIds: ["mod-white", "mod-olive"], quantity: 2, specialInstructions: "  no basil " }))).toEqual({
      selected_variation: { id: "var-12", menu_item: "item-pizza", name: "12-inch", order: 1, price: 16 },
      selected_modifiers: [
        { id: "mod-white", modifier_set_id: "set-sauce", name: "white", price: 1 },
        { id: "mod-olive", modifier_set_id: "set-top", name: "olive", price: 1.5 },
      ],
      special_instructions: "no basil",
      quantity: 2,
    });
  });

  it("writes the display prices in whole units of the currency: yen have no minor unit", () => {
    const payload = lineItemPayload(pizza, select({ modifierIds: ["mod-olive"] }), "JPY");
    expect([payload.selected_variation.price, payload.selected_modifiers[0].price]).toEqual([1600, 150]);
  });
});

const catalog = (overrides: Partial<CatalogView> = {}): CatalogView => ({
  id: "osteria",
  type: "restaurant",
  name: "Osteria",
  ordering: { enabled: true, merchant_product: "prod-osteria", currency: "USD", tip_percentages: [15, 18, 20] },
  locations: [
    {
      id: "loc-a",
      name: "Vela",
      ordering_enabled: true,
      pickup_enabled: true,
      delivery: { enabled: false, fee_cents: 0, minimum_cents: 0, window_minutes: 30 },
      reservations: { enabled: false, slot_minutes: 30 },
      order_times: { time_zone: "America/New_York", slot_minutes: 15, preparation_minutes: 20, days_ahead: 7, orders_per_slot: null },
    },
  ],
  items: [{ id: "item-pizza", name: "Pizza", available: true, like_count: 0, variations: [{ id: "var-12", name: "12-inch", price_cents: 1600, available: true }], modifier_set_ids: ["set-top"] }],
  modifiers: [{ id: "mod-nduja", name: "nduja", price_cents: 300, available: true }],
  ...overrides,
});

describe("cartNotices", () => {
  it.each<[string, OrderView, CatalogView | null, string[], boolean]>([
    ["all fine", order(), catalog(), [], false],
    ["no catalog yet", order(), null, [], false],
    // A location that stopped taking orders is its ordering state (ordering-state.ts), not a line's notice.
    ["location stopped taking orders: nothing about the lines", order(), catalog({ locations: [{ ...catalog().locations[0], ordering_enabled: false }] }), [], false],
    ["item sold out", order(), catalog({ items: [{ ...catalog().items[0], available: false }] }), ["Pizza is sold out, so remove it to check out."], true],
    ["item gone from the menu", order(), catalog({ items: [] }), ["Pizza is no longer on the menu, so remove it to check out."], true],
    ["variation gone", order(), catalog({ items: [{ ...catalog().items[0], variations: [{ id: "var-16", name: "16-inch", price_cents: 2200, available: true }] }] }), ["Pizza no longer comes in 12-inch, so remove it to check out."], true],
    ["variation sold out", order(), catalog({ items: [{ ...catalog().items[0], variations: [{ ...catalog().items[0].variations[0], available: false }] }] }), ["Pizza (12-inch) is sold out, so remove it to check out."], true],
    ["modifier unavailable", order(), catalog({ modifiers: [{ ...catalog().modifiers[0], available: false }] }), ["nduja is no longer available for Pizza, so remove it to check out."], true],
    [
      "a price change proposed by the server",
      order({ adjustments: [{ id: "adj-1", line_item: "line-1", kind: "price_changed", reason: "Pizza (12-inch) now costs $21.00 each instead of $19.00; accepting keeps it at the new price.", previous_unit_price_cents: 1900, unit_price_cents: 2100 }] }),
      catalog(),
      ["Pizza (12-inch) now costs $21.00 each instead of $19.00; accepting keeps it at the new price."],
      false,
    ],
    [
      "a removal proposed by the server (no second notice for the same line)",
      order({ adjustments: [{ id: "adj-2", line_item: "line-1", kind: "unavailable", reason: "Pizza is sold out, so accepting removes it from your cart.", previous_unit_price_cents: 1900, unit_price_cents: null }] }),
      catalog({ items: [{ ...catalog().items[0], available: false }] }),
      ["Pizza is sold out, so accepting removes it from your cart."],
      false,
    ],
  ])("%s", (_label, input, live, messages, blocks) => {
    const notices = cartNotices(input, live);
    expect(notices.map((notice) => notice.message)).toEqual(messages);
    expect(cartBlocksCheckout(notices)).toBe(blocks);
  });
});

describe("orderingEvent", () => {
  it.each<[string, string, number, string | undefined, number]>([
    ["Add to Cart", "Pizza", 3800, undefined, 38],
    ["Remove from Cart", "Pizza", 1950, "USD", 20],
    ["Place Order", "6F9C1F7E", 0, undefined, 0],
    ["Add to Cart", "Ramen", 1200, "JPY", 1200],
    ["Add to Cart", "Machboos", 4750, "KWD", 5],
  ])("%s %s %i minor units in %s → value %i", (action, label, cents, currency, value) => {
    expect(orderingEvent(action, label, cents, currency)).toEqual({ category: "Products", action, label, value });
  });

  it("redacts a label containing an @ (SPEC §3)", () => {
    expect(orderingEvent("Place Order", "ada@example.com", 100).label).toBe("[redacted]");
  });
});
