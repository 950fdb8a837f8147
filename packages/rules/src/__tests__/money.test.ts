import { formatCents, formatPriceRange, parsePriceToCents } from "../money";

describe("parsePriceToCents", () => {
  it.each<[unknown, number | null]>([
    [12, 1200],
    [12.5, 1250],
    [19.99, 1999],
    // Numbers follow the text rule: at most two decimals, never rounded (issue 16).
    [12.345, null],
    [0.005, null],
    [0.05, 5],
    [1e21, null],
    [12345678, null],
    [1234567.89, 123456789],
    // A computed float is not a price anyone wrote.
    [0.1 + 0.2, null],
    [0, 0],
    ["12", 1200],
    ["12.5", 1250],
    ["$12.50", 1250],
    [" $ 7.05 ", 705],
    ["1,250.00", 125000],
    ["12.505", null],
    ["abc", null],
    ["", null],
    [-1, null],
    [Number.NaN, null],
    [null, null],
    [undefined, null],
    [{}, null],
  ])("%p → %p", (input, expected) => {
    expect(parsePriceToCents(input)).toBe(expected);
  });
});

describe("formatCents", () => {
  it.each<[number, string]>([
    [1250, "$12.50"],
    [1200, "$12"],
    [5, "$0.05"],
    [123456, "$1,234.56"],
  ])("%p → %p", (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it("can always show cents", () => {
    expect(formatCents(1200, { alwaysShowCents: true })).toBe("$12.00");
  });
});

describe("formatPriceRange", () => {
  it.each<[number[], string]>([
    [[], ""],
    [[3000], "$30"],
    [[3000, 3000], "$30"],
    [[5500, 3000, 4250], "$30 – $55"],
  ])("%p → %p", (prices, expected) => {
    expect(formatPriceRange(prices)).toBe(expected);
  });
});
