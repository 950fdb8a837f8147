import { deliveryMinimumNote, deliveryShortfallCents } from "../delivery-minimum";

describe("deliveryShortfallCents", () => {
  it.each<[number, number, number]>([
    [1885, 2500, 615],
    [2499, 2500, 1],
    [2500, 2500, 0],
    [3000, 2500, 0],
    [0, 0, 0],
  ])("subtotal %i against minimum %i is %i short", (subtotal, minimum, short) => {
    expect(deliveryShortfallCents(subtotal, minimum)).toBe(short);
  });
});

describe("deliveryMinimumNote", () => {
  it.each<[string, Parameters<typeof deliveryMinimumNote>, string | null]>([
    ["below the minimum", [1885, 2500], "Add $6.15 more for delivery (minimum $25.00)."],
    ["a whole shortfall still shows cents", [1500, 2500], "Add $10.00 more for delivery (minimum $25.00)."],
    ["shipping", [1885, 2500, {}, true], "Add $6.15 more for shipping (minimum $25.00)."],
    ["another currency and locale", [1885, 2500, { currency: "EUR", locale: "de-DE" }], "Add 6,15\u00a0€ more for delivery (minimum 25,00\u00a0€)."],
    ["a currency without minor units", [1800, 2500, { currency: "JPY", locale: "en-US" }], "Add ¥700 more for delivery (minimum ¥2,500)."],
    ["the minimum met", [2500, 2500], null],
    ["no minimum", [0, 0], null],
  ])("%s", (_label, input, note) => {
    expect(deliveryMinimumNote(...input)).toBe(note);
  });
});
