import { type ModifierSetRule, type OrderTotalsInput, checkModifierSelection, computeOrderTotals, linePriceCents } from "../pricing";

describe("linePriceCents", () => {
  it.each<[string, Parameters<typeof linePriceCents>[0], number]>([
    ["variation only", { variationPriceCents: 1250, modifierPricesCents: [], quantity: 1 }, 1250],
    ["with modifiers", { variationPriceCents: 1250, modifierPricesCents: [150, 75], quantity: 1 }, 1475],
    ["times quantity", { variationPriceCents: 1250, modifierPricesCents: [150, 75], quantity: 3 }, 4425],
    ["free modifiers", { variationPriceCents: 999, modifierPricesCents: [0, 0], quantity: 2 }, 1998],
    ["free item", { variationPriceCents: 0, modifierPricesCents: [], quantity: 4 }, 0],
  ])("%s", (_name, line, expected) => {
    expect(linePriceCents(line)).toBe(expected);
  });

  it.each<[string, Parameters<typeof linePriceCents>[0], string]>([
    ["a fractional price", { variationPriceCents: 12.5, modifierPricesCents: [], quantity: 1 }, "linePriceCents: variationPriceCents: expected a whole number of cents >= 0, got 12.5"],
    ["a negative modifier", { variationPriceCents: 100, modifierPricesCents: [50, -5], quantity: 1 }, "linePriceCents: modifierPricesCents[1]: expected a whole number of cents >= 0, got -5"],
    ["a zero quantity", { variationPriceCents: 100, modifierPricesCents: [], quantity: 0 }, "linePriceCents: quantity: expected a whole quantity >= 1, got 0"],
    ["a fractional quantity", { variationPriceCents: 100, modifierPricesCents: [], quantity: 1.5 }, "linePriceCents: quantity: expected a whole quantity >= 1, got 1.5"],
  ])("refuses %s", (_name, line, message) => {
    expect(() => linePriceCents(line)).toThrow(message);
  });
});

describe("checkModifierSelection", () => {
  const size: ModifierSetRule = { id: "size", name: "Size", modifierIds: ["s", "m", "l"], minAllowed: 1, maxAllowed: 1 };
  const toppings: ModifierSetRule = { id: "top", name: "Toppings", modifierIds: ["olive", "basil", "chili", "ham"], minAllowed: 0, maxAllowed: 3 };
  const sauces: ModifierSetRule = { id: "sauce", name: "Sauces", modifierIds: ["bbq", "aioli"], minAllowed: 0, maxAllowed: null };
  const sets = [size, toppings, sauces];

  it.each<[string, string[], string[]]>([
    ["a valid selection", ["m", "olive", "basil"], []],
    ["no limit on a set with maxAllowed null", ["s", "bbq", "aioli", "bbq", "aioli"], []],
    ["a required set left empty", ["olive"], ["too_few Size: choose at least 1 (0 choices made)"]],
    ["two sizes", ["s", "l"], ["too_many Size: choose at most 1 (2 choices made)"]],
    ["too many toppings (repeats count)", ["m", "olive", "olive", "basil", "chili"], ["too_many Toppings: choose at most 3 (4 choices made)"]],
    ["a modifier from no set of this item", ["m", "pineapple"], ["not_offered modifier pineapple is not in any modifier set of this item (chosen once)"]],
    ["the same stranger twice", ["m", "x", "x"], ["not_offered modifier x is not in any modifier set of this item (chosen 2 times)"]],
    ["several problems at once", ["olive", "basil", "chili", "ham", "zz"], [
      "too_few Size: choose at least 1 (0 choices made)",
      "too_many Toppings: choose at most 3 (4 choices made)",
      "not_offered modifier zz is not in any modifier set of this item (chosen once)",
    ]],
  ])("%s", (_name, selected, expected) => {
    expect(checkModifierSelection(sets, selected).map((problem) => `${problem.code} ${problem.message}`)).toEqual(expected);
  });

  it("names the set, the rule and the count in structured form too", () => {
    expect(checkModifierSelection([size], [])).toEqual([
      { code: "too_few", setId: "size", setName: "Size", limit: 1, count: 0, message: "Size: choose at least 1 (0 choices made)" },
    ]);
  });

  it("reports a chosen modifier that is unavailable", () => {
    expect(checkModifierSelection(sets, ["m", "chili"], { unavailableModifierIds: ["chili", "s"] })).toEqual([
      { code: "unavailable", modifierId: "chili", setId: "top", setName: "Toppings", count: 1, message: "Toppings: modifier chili is not available now (chosen once)" },
    ]);
  });

  it("an item without modifier sets accepts no modifiers", () => {
    expect(checkModifierSelection([], [])).toEqual([]);
    expect(checkModifierSelection([], ["a"]).map((problem) => problem.code)).toEqual(["not_offered"]);
  });
});

describe("computeOrderTotals", () => {
  it.each<[string, OrderTotalsInput, ReturnType<typeof computeOrderTotals>]>([
    [
      "lines, 8.75% tax, 15% tip, delivery",
      { lines: [{ unitCents: 1475, quantity: 2 }, { unitCents: 350, quantity: 1 }], taxRateBps: 875, tip: { tip_percentage: 15, instructions: "" }, deliveryFeeCents: 499 },
      { subtotalCents: 3300, taxCents: 289, tipCents: 495, deliveryFeeCents: 499, totalCents: 4583 },
    ],
    [
      "a known subtotal, amount tip, no delivery",
      { subtotalCents: 1000, taxRateBps: 1000, tip: { tip: 250, instructions: "" } },
      { subtotalCents: 1000, taxCents: 100, tipCents: 250, deliveryFeeCents: 0, totalCents: 1350 },
    ],
    [
      "tax rounds half up (1150 × 6.5% = 74.75)",
      { subtotalCents: 1150, taxRateBps: 650 },
      { subtotalCents: 1150, taxCents: 75, tipCents: 0, deliveryFeeCents: 0, totalCents: 1225 },
    ],
    [
      "exact half cent rounds up (100 × 0.5% = 0.5)",
      { subtotalCents: 100, taxRateBps: 50 },
      { subtotalCents: 100, taxCents: 1, tipCents: 0, deliveryFeeCents: 0, totalCents: 101 },
    ],
    [
      "no tax, no tip",
      { lines: [], taxRateBps: 0, tip: null },
      { subtotalCents: 0, taxCents: 0, tipCents: 0, deliveryFeeCents: 0, totalCents: 0 },
    ],
    [
      "the tip percentage applies to the subtotal, not the tax or fee",
      { subtotalCents: 2000, taxRateBps: 875, tip: { tip_percentage: 20, instructions: "" }, deliveryFeeCents: 500 },
      { subtotalCents: 2000, taxCents: 175, tipCents: 400, deliveryFeeCents: 500, totalCents: 3075 },
    ],
  ])("%s", (_name, input, expected) => {
    expect(computeOrderTotals(input)).toEqual(expected);
  });

  it.each<[string, OrderTotalsInput, string]>([
    ["neither lines nor subtotal", { taxRateBps: 0 }, "computeOrderTotals: expected lines or subtotalCents, got neither"],
    ["fractional tax rate", { subtotalCents: 100, taxRateBps: 8.75 }, "taxRateBps: expected whole basis points >= 0 (875 = 8.75%), got 8.75"],
    ["a bad line", { lines: [{ unitCents: 100, quantity: 0 }], taxRateBps: 0 }, "computeOrderTotals: lines[0].quantity: expected a whole quantity >= 1, got 0"],
    ["a negative delivery fee", { subtotalCents: 100, taxRateBps: 0, deliveryFeeCents: -1 }, "computeOrderTotals: deliveryFeeCents: expected a whole number of cents >= 0, got -1"],
  ])("refuses %s", (_name, input, message) => {
    expect(() => computeOrderTotals(input)).toThrow(message);
  });
});
