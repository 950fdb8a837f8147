import { defineRecipeTokens, webFont, type OwnRecipeTokens } from "../recipe-defaults";
import { parseRecipeTokens, SHARED_COLORS } from "../recipe-tokens";
import { TOKENS } from "./recipe-fixtures";

describe("webFont: a family named once, the rest as its package and @capsizecss/metrics spell it", () => {
  it.each<[string, "serif" | "sans-serif", string, string, "arial" | "georgia"]>([
    ["Inter", "sans-serif", "inter", "inter", "arial"],
    ["DM Sans", "sans-serif", "dm-sans", "dMSans", "arial"],
    ["Playfair Display", "serif", "playfair-display", "playfairDisplay", "georgia"],
    ["Bricolage Grotesque", "sans-serif", "bricolage-grotesque", "bricolageGrotesque", "arial"],
  ])("%s (%s)", (family, generic, slug, metrics, fallback) => {
    expect(webFont(family, generic)).toEqual({
      family: `${family} Variable`,
      package: `@fontsource-variable/${slug}`,
      file: `${slug}-latin-wght-normal.woff2`,
      metrics,
      fallback,
      generic,
    });
  });
});

describe("defineRecipeTokens", () => {
  const { focus, success, warning, danger, darkText, lightText, ...ownColors } = TOKENS.colors;
  const own: OwnRecipeTokens = { ...TOKENS, colors: ownColors, radii: { base: TOKENS.radii.base, large: TOKENS.radii.large } };

  it("completes a recipe's own tokens into the full, valid set: shared colours first, then the recipe's, and a pill radius", () => {
    expect([focus, success, warning, danger, darkText, lightText]).toEqual(Object.values(SHARED_COLORS));
    const tokens = defineRecipeTokens(own);
    expect(tokens).toEqual(TOKENS);
    expect(parseRecipeTokens("default", tokens)).toEqual(tokens);
    expect(Object.keys(tokens.colors)).toEqual([...Object.keys(SHARED_COLORS), ...Object.keys(ownColors)]);
    expect(tokens.radii.pill).toBe("999px");
  });

  it("lets a recipe name a shared colour or the pill radius of its own", () => {
    const tokens = defineRecipeTokens({ ...own, colors: { ...own.colors, focus: "#0000ff" }, radii: { ...own.radii, pill: "2rem" } });
    expect(tokens.colors.focus).toBe("#0000ff");
    expect(tokens.colors.danger).toBe(SHARED_COLORS.danger);
    expect(tokens.radii.pill).toBe("2rem");
  });
});
