import { businessTypePath, cleanDomainLabel, isValidEmail } from "../validation";

describe("isValidEmail (SPEC §5: non-empty, an @, a dot after it, no spaces)", () => {
  it.each<[string, boolean]>([
    ["ana@glow.example", true],
    ["Ana.Lopez+book@glow.co.uk", true],
    ["  ana@glow.example  ", true],
    ["a@b.c", true],
    ["", false],
    ["   ", false],
    ["ana.glow.example", false],
    ["ana@glow", false],
    ["ana@.example", false],
    ["ana@glow.", false],
    ["@glow.example", false],
    ["ana lopez@glow.example", false],
    ["ana@glow .example", false],
    ["ana@@glow.example", false],
    ["ana@glow@example.com", false],
  ])("%p → %p", (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });
});

describe("businessTypePath (SPEC §5)", () => {
  it.each<[string | null | undefined, string]>([
    ["restaurant", "restaurants"],
    ["restaurants", "restaurants"],
    ["merchants", "merchants"],
    ["merchant", "merchants"],
    ["generic", "generics"],
    [" Restaurants ", "restaurants"],
    ["", "restaurants"],
    ["   ", "restaurants"],
    [null, "restaurants"],
    [undefined, "restaurants"],
  ])("%p → %p", (type, expected) => {
    expect(businessTypePath(type)).toBe(expected);
  });
});

describe("cleanDomainLabel (SPEC §5)", () => {
  it.each<[string, string]>([
    ["Glow Salon", "glowsalon"],
    ["glow-salon", "glow-salon"],
    ["--glow--salon--", "glow-salon"],
    ["Joe's Pizza & Grill", "joespizzagrill"],
    ["café-lumière", "caf-lumire"],
    ["a---b", "a-b"],
    ["-!-a-!-", "a"],
    ["UPPER-case-123", "upper-case-123"],
    ["---", ""],
    ["", ""],
    [`${"a".repeat(62)}-bcd`, "a".repeat(62)],
    ["a".repeat(80), "a".repeat(63)],
  ])("%p → %p", (label, expected) => {
    expect(cleanDomainLabel(label)).toBe(expected);
  });
});

