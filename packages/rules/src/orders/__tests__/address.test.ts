import { addressLines, formatAddress, normalizePostalCode, postalCodeMatchesPrefixes, validatePostalCode } from "../address";

describe("validatePostalCode", () => {
  it.each<[string, string, boolean]>([
    ["US", "62701", true],
    ["US", "62701-1234", true],
    ["us", " 62701 ", true],
    ["US", "6270", false],
    ["US", "62701-12", false],
    ["US", "ABCDE", false],
    ["CA", "K1A 0B1", true],
    ["CA", "k1a0b1", true],
    ["CA", "D1A 0B1", false],
    ["CA", "K1A 0B", false],
    ["GB", "SW1A 1AA", true],
    ["GB", "M1 1AE", true],
    ["GB", "B33 8TH", true],
    ["GB", "CR2 6XH", true],
    ["GB", "DN55 1PT", true],
    ["GB", "EC1A1BB", true],
    ["GB", "GIR 0AA", true],
    ["GB", "SW1A 1A", false],
    ["GB", "12345", false],
    ["AU", "2000", true],
    ["DE", "10115", true],
    ["IN", "110001", true],
    ["NL", "1012 AB", true],
    ["NZ", "6011", true],
    ["ZZ", "anything", true],
    ["ZZ", "  ", false],
    ["US", "", false],
  ])("%s %p → %p", (country, code, expected) => {
    expect(validatePostalCode(country, code)).toBe(expected);
  });
});

describe("postalCodeMatchesPrefixes (delivery areas)", () => {
  it.each<[string, string[], boolean]>([
    ["62701", [], true],
    ["62701", ["627"], true],
    ["62701", ["626", "627"], true],
    ["62801", ["627"], false],
    ["SW1A 1AA", ["sw1a"], true],
    ["sw1a1aa", ["SW1A 1"], true],
    ["62701-1234", ["627011"], true],
    ["", ["627"], false],
    ["62701", ["", " "], true],
  ])("%p in %j → %p", (code, prefixes, expected) => {
    expect(postalCodeMatchesPrefixes(code, prefixes)).toBe(expected);
  });

  it("normalizes case, spaces and hyphens", () => {
    expect(normalizePostalCode(" sw1a 1aa ")).toBe("SW1A1AA");
  });
});

describe("addressLines / formatAddress", () => {
  it.each<[string, Parameters<typeof addressLines>[0], string[], string]>([
    ["full", { street: "12 Main St", city: "Springfield", state: "IL", zip: "62701" }, ["12 Main St", "Springfield, IL 62701"], "12 Main St, Springfield, IL 62701"],
    ["no street", { city: "Springfield", state: "IL" }, ["Springfield, IL"], "Springfield, IL"],
    ["only a zip", { zip: "62701" }, ["62701"], "62701"],
    ["blank parts dropped", { street: "  ", city: "Reno", state: null, zip: "" }, ["Reno"], "Reno"],
    ["nothing", {}, [], ""],
  ])("%s", (_name, address, lines, oneLine) => {
    expect(addressLines(address)).toEqual(lines);
    expect(formatAddress(address)).toBe(oneLine);
  });
});
