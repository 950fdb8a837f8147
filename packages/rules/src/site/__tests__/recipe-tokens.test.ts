import { fallbackFaceCss, packageUnicodeRange, webFontFaceCss, webFontFaces } from "../recipe-fonts";
import { parseRecipeTokens, RecipeTokensError, fontStack, recipeWebFonts, tokenStylesheet, type RecipeTokens } from "../recipe-tokens";
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
    expect(css).toContain(`--font-display:${fontStack(TOKENS.fonts.display)}`);
    expect(css).toContain(`--font-body:${fontStack(TOKENS.fonts.body)}`);
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

describe("the web fonts' faces", () => {
  const faces = webFontFaces(TOKENS, (font) => ({ url: `/fonts/${font.file}`, unicodeRange: font.family.startsWith("Inter") ? "U+0020-007E,U+2019" : "U+0041-005A" }));
  const css = webFontFaceCss(faces);

  it("declares each web font once, swapping, over the published weights, from its published URL", () => {
    expect(faces.map((face) => face.family)).toEqual(["Fraunces Variable", "Inter Variable"]);
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

  it("closes every rule it opens (one block per face, nothing for the page to break on)", () => {
    expect(css.split("{").length).toBe(css.split("}").length);
    expect(css).not.toMatch(/<|>/);
  });
});

describe("fallbackFaceCss", () => {
  const css = fallbackFaceCss(TOKENS);
  const faces = css.split("@font-face").filter(Boolean);
  const face = (family: string) => faces.find((rule) => rule.includes(`font-family:"${family}";`)) ?? "";

  it("gives each web font a face per local stand-in, named as the font stack names them, in its order", () => {
    expect(fontStack(TOKENS.fonts.body)).toBe('"Inter Variable", "Inter Variable Fallback", "Inter Variable Fallback 2", sans-serif');
    expect(fontStack(TOKENS.fonts.display)).toBe('"Fraunces Variable", "Fraunces Variable Fallback", "Fraunces Variable Fallback 2", "Fraunces Variable Fallback 3", serif');
    expect(faces).toHaveLength(5);
    expect(face("Inter Variable Fallback")).toContain('src:local("Arial"),local("ArialMT"),local("Liberation Sans")');
    expect(face("Inter Variable Fallback 2")).toContain('src:local("Roboto")');
    expect(face("Fraunces Variable Fallback")).toContain('src:local("Georgia")');
    expect(face("Fraunces Variable Fallback 2")).toContain('local("Liberation Serif")');
    expect(face("Fraunces Variable Fallback 3")).toContain('src:local("Noto Serif")');
  });

  it("sizes each stand-in to its own metrics (Capsize), so the swap keeps the lines", () => {
    // Inter is wider than Arial: Arial is scaled up, with the ascent and descent that keep Inter's line box.
    const sizeAdjust = (family: string) => Number(/size-adjust:([\d.]+)%/.exec(face(family))?.[1]);
    expect(sizeAdjust("Inter Variable Fallback")).toBeGreaterThan(100);
    expect(face("Inter Variable Fallback")).toMatch(/ascent-override:[\d.]+%;descent-override:[\d.]+%/);
    // Times New Roman is narrower than Georgia: scaled up more to stand in for the same font.
    expect(sizeAdjust("Fraunces Variable Fallback 2")).toBeGreaterThan(sizeAdjust("Fraunces Variable Fallback"));
    expect(sizeAdjust("Inter Variable Fallback 2")).not.toBe(sizeAdjust("Inter Variable Fallback"));
  });

  it("closes every rule it opens and holds no markup", () => {
    expect(css.split("{").length).toBe(css.split("}").length);
    expect(css).not.toMatch(/<|>/);
  });
});
