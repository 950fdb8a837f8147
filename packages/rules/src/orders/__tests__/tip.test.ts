import { type TipAttributes, type TipInput, divideRoundHalfUp, tipAttributes, tipCents } from "../tip";

describe("tipAttributes (SPEC §5 Tip)", () => {
  it.each<[string, TipInput, TipAttributes]>([
    ["an amount is used", { tip: 500, instructions: "Ring twice" }, { tip: 500, instructions: "Ring twice" }],
    ["an amount wins over a percentage", { tip: 300, tipPercentage: 20 }, { tip: 300, instructions: "" }],
    ["a zero amount is still an amount", { tip: 0, tipPercentage: 15 }, { tip: 0, instructions: "" }],
    ["else the percentage", { tipPercentage: 15, instructions: "No onions" }, { tip_percentage: 15, instructions: "No onions" }],
    ["a null amount falls through to the percentage", { tip: null, tipPercentage: 18 }, { tip_percentage: 18, instructions: "" }],
    ["otherwise tip_percentage 0", {}, { tip_percentage: 0, instructions: "" }],
    ["nulls everywhere", { tip: null, tipPercentage: null, instructions: null }, { tip_percentage: 0, instructions: "" }],
    ["NaN counts as not given", { tip: Number.NaN }, { tip_percentage: 0, instructions: "" }],
    ["blank instructions are sent as an empty string", { tipPercentage: 10, instructions: "   " }, { tip_percentage: 10, instructions: "" }],
    ["instructions are trimmed", { tip: 100, instructions: "  Leave at door \n" }, { tip: 100, instructions: "Leave at door" }],
  ])("%s", (_name, input, expected) => {
    expect(tipAttributes(input)).toEqual(expected);
  });

  it.each<[string, TipInput, string]>([
    ["a negative amount", { tip: -1 }, "tip: expected a whole number of cents >= 0, got -1"],
    ["a fractional amount", { tip: 2.5 }, "tip: expected a whole number of cents >= 0, got 2.5"],
    ["a percentage over 100", { tipPercentage: 150 }, "tipPercentage: expected a percentage from 0 to 100, got 150"],
    ["a negative percentage", { tipPercentage: -5 }, "tipPercentage: expected a percentage from 0 to 100, got -5"],
    ["an infinite percentage", { tipPercentage: Number.POSITIVE_INFINITY }, "tipPercentage: expected a percentage from 0 to 100, got Infinity"],
  ])("refuses %s", (_name, input, message) => {
    expect(() => tipAttributes(input)).toThrow(message);
  });
});

describe("tipCents (round half up of subtotal × pct / 100)", () => {
  it.each<[number, TipAttributes, number]>([
    [2000, { tip_percentage: 15, instructions: "" }, 300],
    [1999, { tip_percentage: 15, instructions: "" }, 300],
    [10, { tip_percentage: 15, instructions: "" }, 2],
    [30, { tip_percentage: 15, instructions: "" }, 5],
    [3330, { tip_percentage: 15, instructions: "" }, 500],
    [1005, { tip_percentage: 10, instructions: "" }, 101],
    [1004, { tip_percentage: 10, instructions: "" }, 100],
    [4321, { tip_percentage: 17.5, instructions: "" }, 756],
    [2000, { tip_percentage: 0, instructions: "" }, 0],
    [0, { tip_percentage: 20, instructions: "" }, 0],
    [2000, { tip: 725, instructions: "" }, 725],
  ])("subtotal %p, %j → %p", (subtotal, attrs, expected) => {
    expect(tipCents(subtotal, attrs)).toBe(expected);
  });

  it.each([-1, 10.5])("refuses subtotal %p", (subtotal) => {
    expect(() => tipCents(subtotal, { tip_percentage: 10, instructions: "" })).toThrow("subtotalCents: expected a whole number of cents >= 0");
  });

  it.each<[number, number, number]>([
    [5, 10, 1],
    [4, 10, 0],
    [15, 10, 2],
    [14999, 10000, 1],
    [15000, 10000, 2],
    [0, 7, 0],
  ])("divideRoundHalfUp(%p, %p) → %p", (numerator, denominator, expected) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(expected);
  });
});
