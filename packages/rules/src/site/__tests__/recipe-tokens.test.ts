import { fontFaceCss, packageUnicodeRange } from "../recipe-fonts";
import { parseRecipeTokens, RecipeTokensError, recipeWebFonts, tokenStylesheet, type RecipeTokens } from "../recipe-tokens";
import { TOKENS } from "./recipe-fixtures";

describe("parseRecipeTokens", () => {
  it("accepts complete tokens", () => {
    expect(parseRecipeTokens("default", TOKENS)).toEqual(TOKENS);
  });

  it.each<[string, (tokens: RecipeTokens) => unknown, string]>([
    ["a colour that is not six-digit hex", (t) => ({ ...t, colors: { ...t.colors, ink: "black" } }), "recipe muse: tokens.colors.ink: expected a six-digit hex colour like #a3154a"],
    ["a value that could close the rule", (t) => ({ ...t, shadows: { ...t.shadows, card: "none;} body{display:none" } }), "recipe muse: tokens.shadows.card: expected one CSS value (no ;, braces or angle brackets)"],
    ["a font family that could close the rule", (t) => ({ ...t, fonts: { ...t.fonts, body: { ...t.fonts.body, family: 'Inter"; } x {' } } }), "recipe muse: tokens.fonts.body.family: expected a font family name (letters, digits, spaces)"],
    ["a font file that is not the latin weight-axis file", (t) => ({ ...t, fonts: { ...t.fonts, body: { ...t.fonts.body, file: "inter-cyrillic-wght-normal.woff2" } } }), "recipe muse: tokens.fonts.body.file: expected the package's latin weight-axis file"],
    ["a fallback without metrics", (t) => ({ ...t, fonts: { ...t.fonts, display: { ...t.fonts.display, fallback: "comicSans" } } }), 'recipe muse: tokens.fonts.display.fallback: expected "arial", "timesNewRoman" or "georgia"'],
    ["markup in a value", (t) => ({ ...t, layout: { container: "</style><script>" } }), "recipe muse: tokens.layout.container: expected one CSS value (no ;, braces or angle brackets)"],
    ["a display weight the fonts are not published with", (t) => ({ ...t, fonts: { ...t.fonts, displayWeight: 800 } }), "recipe muse: tokens.fonts.displayWeight: expected a whole weight from 400 to 700"],
    ["a missing spacing step", (t) => ({ ...t, space: t.space.slice(0, 5) }), "recipe muse: tokens.space"],
    ["an unknown token", (t) => ({ ...t, colors: { ...t.colors, chartreuse: "#7fff00" } }), "recipe muse: tokens.colors"],
  ])("refuses %s, naming the recipe and the field", (_name, spoil, message) => {
    expect(() => parseRecipeTokens("muse", spoil(TOKENS))).toThrow(RecipeTokensError);
    expect(() => parseRecipeTokens("muse", spoil(TOKENS))).toThrow(message);
  });
});

describe("tokenStylesheet", () => {
  it("is one :root rule with the brand palette worked in", () => {
    const css = tokenStylesheet(TOKENS, "#a8321f");
    expect(css).toMatch(/^:root\{[^{}]+\}$/);
    expect(css).toContain("--color-brand:#a8321f");
    expect(css).toContain('--font-display:"Fraunces Variable", "Fraunces Variable Fallback", serif');
    expect(css).toContain('--font-body:"Inter Variable", "Inter Variable Fallback", sans-serif');
    expect(css).toContain("--space-6:6rem");
  });

  it.each([[undefined], ["not-a-colour"]])("falls back to the recipe's own accent for %s", (primary) => {
    expect(tokenStylesheet(TOKENS, primary)).toContain("--color-brand:#2b5d8c");
  });
});

describe("recipeWebFonts", () => {
  it("lists each font file once, display first", () => {
    expect(recipeWebFonts(TOKENS).map((font) => font.file)).toEqual(["fraunces-latin-wght-normal.woff2", "inter-latin-wght-normal.woff2"]);
    const oneFamily = { ...TOKENS, fonts: { ...TOKENS.fonts, display: TOKENS.fonts.body } };
    expect(recipeWebFonts(oneFamily).map((font) => font.file)).toEqual(["inter-latin-wght-normal.woff2"]);
  });
});

describe("fontFaceCss", () => {
  const css = fontFaceCss(TOKENS, (font) => ({ url: `/fonts/${font.file}`, unicodeRange: font.family.startsWith("Inter") ? "U+0020-007E,U+2019" : "U+0041-005A" }));
  const faces = css.split("@font-face").filter(Boolean);

  it("declares each web font once, swapping, over the published weights, from its published URL", () => {
    expect(css).toContain('font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:400 700;src:url(/fonts/inter-latin-wght-normal.woff2) format("woff2")');
    expect(css).toContain('font-family:"Fraunces Variable"');
  });

  it("limits each face to the characters its published file carries", () => {
    expect(css).toContain("unicode-range:U+0020-007E,U+2019}");
    expect(css).toContain("unicode-range:U+0041-005A}");
  });

  it("reads the latin range each package declares for its file", () => {
    expect(packageUnicodeRange(TOKENS.fonts.body)).toMatch(/^U\+0000-00FF,U\+0131,/);
  });

  it("gives each web font a metric-matched local fallback (Capsize), named as the font stack names it", () => {
    expect(faces).toHaveLength(4);
    const interFallback = faces.find((face) => face.includes('"Inter Variable Fallback"')) ?? "";
    expect(interFallback).toContain("local('Arial')");
    // Inter is wider than Arial: Arial is scaled up, with the ascent and descent that keep Inter's line box.
    expect(Number(/size-adjust: ?([\d.]+)%/.exec(interFallback)?.[1])).toBeGreaterThan(100);
    expect(interFallback).toMatch(/ascent-override: ?[\d.]+%/);
    expect(interFallback).toMatch(/descent-override: ?[\d.]+%/);
    expect(faces.find((face) => face.includes('"Fraunces Variable Fallback"'))).toContain("local('Georgia')");
  });

  it("closes every rule it opens (one block per face, nothing for the page to break on)", () => {
    expect(css.split("{").length).toBe(css.split("}").length);
    expect(css).not.toMatch(/<|>/);
  });
});
