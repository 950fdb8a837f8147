import { readFileSync } from "node:fs";
import { validateBusiness } from "../../business/load";
import { businessTexts, formatUnicodeRange, parseUnicodeRange, subsetCodePoints } from "../font-subset";

const salonDocument = () => JSON.parse(readFileSync("data/salon/business.json", "utf8")) as Record<string, unknown>;
const business = (document: Record<string, unknown>) => {
  const checked = validateBusiness(document, "business.json");
  if (!checked.ok) throw new Error(checked.problems.join("\n"));
  return checked.business;
};
const LATIN = parseUnicodeRange("U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD");
const has = (codePoints: number[], text: string) => [...text].every((character) => codePoints.includes(character.codePointAt(0) as number));

describe("parseUnicodeRange", () => {
  it.each<[string, Array<[number, number]>]>([
    ["U+0000-00FF", [[0, 255]]],
    ["U+0131", [[0x131, 0x131]]],
    ["U+0000-00FF, U+2000-206F,U+20AC", [[0, 255], [0x2000, 0x206f], [0x20ac, 0x20ac]]],
    ["u+00e9", [[0xe9, 0xe9]]],
  ])("%s", (range, expected) => {
    expect(parseUnicodeRange(range)).toEqual(expected);
  });

  it.each([["U+00FF-0000", "ends before it starts"], ["0041", "expected U+hex"], ["U+0041-", "expected U+hex"], ["", "expected U+hex"]])("refuses %j", (range, message) => {
    expect(() => parseUnicodeRange(range)).toThrow(message);
  });
});

describe("formatUnicodeRange", () => {
  it.each<[number[], string]>([
    [[0x41], "U+0041"],
    [[0x41, 0x42, 0x43], "U+0041-0043"],
    [[0x43, 0x41, 0x42, 0x42], "U+0041-0043"],
    [[0x20, 0x21, 0xe9, 0x2019, 0x201c, 0x201d], "U+0020-0021,U+00E9,U+2019,U+201C-201D"],
    [[0x1f600], "U+1F600"],
  ])("%j → %s", (codePoints, range) => {
    expect(formatUnicodeRange(codePoints)).toBe(range);
    expect(parseUnicodeRange(range).flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, index) => first + index))).toEqual([...new Set(codePoints)].sort((a, b) => a - b));
  });

  it("refuses an empty set (a face must carry something)", () => {
    expect(() => formatUnicodeRange([])).toThrow("no code points");
  });
});

describe("subsetCodePoints", () => {
  it("always carries printable ASCII and the spaces Intl writes, in order, once", () => {
    const codePoints = subsetCodePoints([], LATIN);
    expect(codePoints).toHaveLength(95 + 3);
    expect(has(codePoints, " ~Az09@\u00a0\u202f\u2009")).toBe(true);
    expect(codePoints).toEqual([...codePoints].sort((a, b) => a - b));
    expect(subsetCodePoints(["aaa", "zzz"], LATIN)).toEqual(codePoints);
  });

  it("adds the texts' characters the font covers and leaves the rest to other faces", () => {
    const codePoints = subsetCodePoints(["Crème brûlée — “daily”", "東京 Ğ 😀"], LATIN);
    expect(has(codePoints, "èûé—“”")).toBe(true);
    for (const elsewhere of "東京Ğ😀") expect(codePoints).not.toContain(elsewhere.codePointAt(0));
  });
});

describe("businessTexts", () => {
  it("holds every string of the business's data", () => {
    const salon = business(salonDocument());
    const texts = businessTexts(salon).join("\n");
    expect(texts).toContain(salon.name);
    expect(texts).toContain(salon.locations[0].street);
  });

  it.each<[string, string, string[]]>([
    ["en-US", "USD", ["January", "Wednesday", "PM", "$"]],
    ["fr-FR", "EUR", ["août", "décembre", "mercredi", "€"]],
    ["de-DE", "EUR", ["März", "Sonntag", "€"]],
    ["en-GB", "GBP", ["£", "September"]],
  ])("holds what %s writes for dates, times and %s prices", (locale, currency, expected) => {
    const document = salonDocument();
    const ordering = (document.ordering ?? {}) as Record<string, unknown>;
    const texts = businessTexts(business({ ...document, locale, ordering: { ...ordering, currency } })).join("\n");
    for (const word of expected) expect(texts).toContain(word);
  });

  it("names each location's time zone as the locale does", () => {
    const document = salonDocument();
    const locations = (document.locations as Array<Record<string, unknown>>).map((location) => ({ ...location, timezone: "Europe/Paris" }));
    const texts = businessTexts(business({ ...document, locale: "fr-FR", locations })).join("\n");
    expect(texts).toContain("heure normale d’Europe centrale");
  });
});
