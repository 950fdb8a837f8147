import { currencyDigits, decimalAmount, formatCents, formatPriceRange, isCurrencyCode, itemPriceText, majorUnits, parsePriceToCents, variationPriceText } from "../money";

/** Intl separates with no-break and narrow no-break spaces; the tables write plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("parsePriceToCents", () => {
  it.each<[unknown, number | null]>([
    [12, 1200],
    [12.5, 1250],
    [19.99, 1999],
    // Numbers follow the text rule: at most two decimals, never rounded.
    [12.345, null],
    [0.005, null],
    [0.05, 5],
    [1e21, null],
    [12345678, null],
    [1234567.89, 123456789],
    [9999999.99, 999999999],
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
    [[0], "Free"],
    [[0, 0], "Free"],
    [[0, 1500], "Free or $15"],
    [[1500, 0, 1500], "Free or $15"],
    [[0, 1500, 4000], "Free, or $15 – $40"],
  ])("%p → %p", (prices, expected) => {
    expect(formatPriceRange(prices)).toBe(expected);
  });

  it.each<[number[], string]>([
    [[18000, 24000], "from $180"],
    [[0, 18000, 24000], "Free, or from $180"],
    [[0], "Free"],
  ])("where the prices start: %p → %p", (prices, expected) => {
    expect(formatPriceRange(prices, { from: true })).toBe(expected);
  });
});

describe("itemPriceText: an item's price as its card reads it", () => {
  it.each<[string, { priceCents: number; priceDisplay?: string }[], string]>([
    ["a free variation beside a paid one (the salon's Fringe Trim)", [{ priceCents: 0, priceDisplay: "Free" }, { priceCents: 1500 }], "Free or $15"],
    ["a free variation without wording", [{ priceCents: 0 }, { priceCents: 1500 }], "Free or $15"],
    ["one free price", [{ priceCents: 0 }], "Free"],
    ["minimums written by the merchant (Balayage)", [{ priceCents: 18000, priceDisplay: "from $180" }, { priceCents: 24000, priceDisplay: "from $240" }], "from $180"],
    ["plain sizes", [{ priceCents: 1400 }, { priceCents: 1800 }], "$14 – $18"],
    ["the merchant's wording on a single price", [{ priceCents: 0, priceDisplay: "Ask us" }], "Ask us"],
  ])("%s", (_name, variations, expected) => {
    expect(itemPriceText(variations)).toBe(expected);
  });

  it("a variation of nothing reads Free", () => {
    expect(variationPriceText({ priceCents: 0 })).toBe("Free");
  });
});

describe("currencies other than the dollar", () => {
  it.each<[string, number]>([
    ["USD", 2],
    ["EUR", 2],
    ["GBP", 2],
    ["CHF", 2],
    ["HUF", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["CLP", 0],
    ["KWD", 3],
    ["BHD", 3],
    ["jpy", 0],
  ])("%s has %i minor digits (ISO 4217)", (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });

  it.each<[unknown, boolean]>([
    ["USD", true],
    ["JPY", true],
    ["KWD", true],
    ["CHF", true],
    ["XYZ", false],
    ["usd", false],
    ["US", false],
    ["XAU", false],
    [840, false],
  ])("%p is a currency code in circulation: %p", (code, expected) => {
    expect(isCurrencyCode(code)).toBe(expected);
  });

  it.each<[unknown, string, number | null]>([
    [1200, "JPY", 1200],
    ["¥1,200", "JPY", 1200],
    ["1200", "JPY", 1200],
    [1200.5, "JPY", null],
    ["1200.00", "JPY", null],
    [999999999, "JPY", 999999999],
    [1000000000, "JPY", null],
    ["1.250", "KWD", 1250],
    [0.5, "KWD", 500],
    ["1.2345", "KWD", null],
    ["€12.50", "EUR", 1250],
    ["49.9", "CHF", 4990],
    ["£0.99", "GBP", 99],
    [12.345, "EUR", null],
  ])("%p in %s → %p minor units", (input, currency, expected) => {
    expect(parsePriceToCents(input, currency)).toBe(expected);
  });

  it.each<[number, string, string, number]>([
    [1250, "USD", "12.50", 12.5],
    [5, "USD", "0.05", 0.05],
    [1200, "JPY", "1200", 1200],
    [1250, "KWD", "1.250", 1.25],
    [7, "KWD", "0.007", 0.007],
    [4990, "CHF", "49.90", 49.9],
    [0, "JPY", "0", 0],
  ])("%p %s is %p as a decimal and %p whole units", (cents, currency, decimal, major) => {
    expect(decimalAmount(cents, currency)).toBe(decimal);
    expect(majorUnits(cents, currency)).toBeCloseTo(major, 10);
  });

  it.each([-1, 1.5, Number.NaN])("decimalAmount refuses %p", (cents) => {
    expect(() => decimalAmount(cents, "USD")).toThrow(RangeError);
  });

  // Prices in each currency as each locale writes them: the amount 1234.50 (in the currency's units,
  // so 1234500 fils and ¥1,235 do not arise: JPY gets 1200) and a whole 1200.
  it.each<[string, string, number, string, string]>([
    ["USD", "en-US", 123450, "$1,234.50", "$1,200"],
    ["USD", "en-GB", 123450, "US$1,234.50", "US$1,200"],
    ["USD", "de-DE", 123450, "1.234,50 $", "1.200 $"],
    ["EUR", "en-US", 123450, "€1,234.50", "€1,200"],
    ["EUR", "de-DE", 123450, "1.234,50 €", "1.200 €"],
    ["EUR", "fr-FR", 123450, "1 234,50 €", "1 200 €"],
    ["GBP", "en-GB", 123450, "£1,234.50", "£1,200"],
    ["GBP", "fr-FR", 123450, "1 234,50 £GB", "1 200 £GB"],
    ["CHF", "de-DE", 123450, "1.234,50 CHF", "1.200 CHF"],
    ["CHF", "fr-FR", 123450, "1 234,50 CHF", "1 200 CHF"],
    ["JPY", "en-US", 1234, "¥1,234", "¥1,200"],
    ["JPY", "ja-JP", 1234, "￥1,234", "￥1,200"],
    ["JPY", "de-DE", 1234, "1.234 ¥", "1.200 ¥"],
    ["KWD", "en-US", 1234500, "KWD 1,234.500", "KWD 1,200"],
    ["KWD", "ja-JP", 1234500, "KWD 1,234.500", "KWD 1,200"],
  ])("%s in %s: %p minor units → %p; a whole 1200 → %p", (currency, locale, cents, expected, whole) => {
    expect(plain(formatCents(cents, { currency, locale }))).toBe(expected);
    expect(plain(formatCents(1200 * 10 ** currencyDigits(currency), { currency, locale }))).toBe(whole);
  });

  it.each<[string, string, number, string]>([
    ["USD", "en-US", 1200, "$12.00"],
    ["JPY", "ja-JP", 1200, "￥1,200"],
    ["KWD", "en-US", 1000, "KWD 1.000"],
    ["EUR", "de-DE", 500, "5,00 €"],
  ])("%s in %s with its minor digits always shown: %p → %p", (currency, locale, cents, expected) => {
    expect(plain(formatCents(cents, { currency, locale, alwaysShowCents: true }))).toBe(expected);
  });

  it("a range in a currency and locale", () => {
    expect(plain(formatPriceRange([4500, 12000], { currency: "EUR", locale: "de-DE" }))).toBe("45 € – 120 €");
    expect(plain(formatPriceRange([3000, 5500], { currency: "JPY", locale: "ja-JP" }))).toBe("￥3,000 – ￥5,500");
  });
});

describe("an item's price as its card and page write it, worked out at build", () => {
  const NBSP = /[\u00a0\u202f]/g;
  const plain = (text: string) => text.replace(NBSP, " ");
  it.each<[string | undefined, string | undefined, number[], string, string[]]>([
    [undefined, undefined, [1200, 1550], "$12 – $15.50", ["$12", "$15.50"]],
    ["en-US", "USD", [1200, 1550], "$12 – $15.50", ["$12", "$15.50"]],
    ["ja-JP", "JPY", [1200, 1550], "￥1,200 – ￥1,550", ["￥1,200", "￥1,550"]],
    ["en-US", "JPY", [1200, 1550], "¥1,200 – ¥1,550", ["¥1,200", "¥1,550"]],
    ["de-DE", "EUR", [1200, 1550], "12 € – 15,50 €", ["12 €", "15,50 €"]],
    ["fr-FR", "CHF", [1200, 1550], "12 CHF – 15,50 CHF", ["12 CHF", "15,50 CHF"]],
    ["en-GB", "GBP", [1200, 1550], "£12 – £15.50", ["£12", "£15.50"]],
    ["en-US", "KWD", [1250, 2500], "KWD 1.250 – KWD 2.500", ["KWD 1.250", "KWD 2.500"]],
    ["en-US", "USD", [1400, 1400], "$14", ["$14", "$14"]],
  ])("%s %s: the card reads %p and the price list %p", (locale, currency, prices, range, each) => {
    const variations = prices.map((priceCents) => ({ priceCents }));
    expect(plain(itemPriceText(variations, { locale, currency }))).toBe(range);
    expect(variations.map((variation) => plain(variationPriceText(variation, { locale, currency })))).toEqual(each);
  });

  it("the merchant's own wording wins for a single price and for each variation", () => {
    expect(itemPriceText([{ priceCents: 4500, priceDisplay: "from $45" }])).toBe("from $45");
    expect(itemPriceText([{ priceCents: 4500, priceDisplay: "from $45" }, { priceCents: 6000 }])).toBe("from $45");
    expect(variationPriceText({ priceCents: 4500, priceDisplay: "from $45" })).toBe("from $45");
  });
});
