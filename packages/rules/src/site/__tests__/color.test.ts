import {
  AA_TEXT_CONTRAST,
  brandPalette,
  cssRgb,
  contrastRatio,
  darkenToContrast,
  mixColors,
  parseHexColor,
  readableTextColor,
  relativeLuminance,
} from "../color";

describe("parseHexColor", () => {
  it.each([
    ["#a3154a", { r: 163, g: 21, b: 74 }],
    ["a3154a", { r: 163, g: 21, b: 74 }],
    ["#fff", { r: 255, g: 255, b: 255 }],
    [" #000000 ", { r: 0, g: 0, b: 0 }],
  ])("%s", (hex, expected) => {
    expect(parseHexColor(hex)).toEqual(expected);
  });

  it.each(["", "#12345", "red", "#ggg"])("rejects %j with the expected form in the message", (hex) => {
    expect(() => parseHexColor(hex)).toThrow(/expected a hex colour like "#a3154a"/);
  });
});

describe("cssRgb (a colour as Chromium reports it computed)", () => {
  it.each([
    ["#a8321f", "rgb(168, 50, 31)"],
    ["#fff", "rgb(255, 255, 255)"],
    ["000000", "rgb(0, 0, 0)"],
  ])("%s → %s", (hex, expected) => {
    expect(cssRgb(hex)).toBe(expected);
  });
});

describe("contrast (WCAG relative luminance)", () => {
  it.each([
    ["#000000", "#ffffff", 21],
    ["#ffffff", "#ffffff", 1],
    ["#777777", "#ffffff", 4.48],
    ["#a3154a", "#ffffff", 7.6],
  ])("%s on %s is %d:1", (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 1);
  });

  it.each([
    ["#000000", 0],
    ["#ffffff", 1],
  ])("luminance of %s is %d", (hex, expected) => {
    expect(relativeLuminance(hex)).toBeCloseTo(expected, 5);
  });
});

describe("readableTextColor", () => {
  it.each([
    ["#000000", "#ffffff"],
    ["#000", "#ffffff"],
    ["#dfdfdf", "#111111"],
    ["#a3154a", "#ffffff"],
    ["#ffffff", "#111111"],
    ["#c2703d", "#111111"],
  ])("%s → %s", (background, expected) => {
    expect(readableTextColor(background)).toBe(expected);
  });
});

describe("mixColors and darkenToContrast", () => {
  it.each([
    ["#ffffff", "#000000", 0, "#ffffff"],
    ["#ffffff", "#000000", 1, "#000000"],
    ["#ffffff", "#000000", 0.5, "#808080"],
    ["#ff0000", "#0000ff", 2, "#0000ff"],
  ])("mix %s with %s by %d", (from, to, amount, expected) => {
    expect(mixColors(from, to, amount)).toBe(expected);
  });

  it.each([
    ["a dark colour is kept", "#a3154a", ["#ffffff"], "#a3154a"],
    ["a light colour is darkened until it passes", "#f4a259", ["#ffffff"], undefined],
    ["white can only become dark enough", "#ffffff", ["#ffffff", "#fbf6f1"], undefined],
  ])("%s", (_name, color, backgrounds, exact) => {
    const result = darkenToContrast(color, backgrounds);
    if (exact) expect(result).toBe(exact);
    for (const background of backgrounds) expect(contrastRatio(result, background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});

// A recipe's colours (these are hibiscus's); every real recipe's tokens are checked in the core theme's tests.
const BASE = { brand: "#a3154a", ground: "#fbf6f1", surface: "#ffffff", ink: "#23191d", darkText: "#111111", lightText: "#ffffff" };

describe("brandPalette", () => {
  it.each([
    ["salon raspberry", "#b4235a"],
    ["restaurant red", "#a8321f"],
    ["merchant copper, too light for white text", "#c2703d"],
    ["a pale yellow", "#fff3b0"],
    ["no colour: the recipe's hibiscus", undefined],
    ["not a colour: the recipe's hibiscus", "tomato"],
  ])("%s gives AA pairings everywhere it is used", (_name, primary) => {
    const palette = brandPalette(primary, BASE);
    const { ground, surface, ink } = BASE;
    expect(contrastRatio(palette.brand, palette.onBrand)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(palette.brand, ground)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(palette.brand, surface)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(palette.brandDark, surface)).toBeGreaterThan(contrastRatio(palette.brand, surface));
    expect(contrastRatio(palette.brandSoft, ink)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(palette.brandSoft, palette.brandDark)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it("keeps a brand colour that already passes", () => {
    expect(brandPalette("#b4235a", BASE).brand).toBe("#b4235a");
    expect(brandPalette(undefined, BASE).brand).toBe(BASE.brand);
  });
});
