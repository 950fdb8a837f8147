import { AA_TEXT_CONTRAST, brandPalette, contrastRatio } from "@mainstreet/rules/site/color";
import { fontStack, paletteBase, tokenVariables, type RecipeTokens } from "@mainstreet/rules/site/recipe-tokens";
import { RECIPES_HERE, recipeTokens } from "./recipes";

/**
 * Every recipe in the repository: its tokens are valid, every text pairing the core stylesheet uses meets
 * WCAG 2.2 AA, and the brand palette stays AA for the sample businesses' colours and for none.
 */
const recipes: [string, RecipeTokens][] = RECIPES_HERE.map((recipe) => [recipe, recipeTokens(recipe)]);
const NON_TEXT_CONTRAST = 3;

it("finds the recipes", () => {
  expect(recipes.map(([recipe]) => recipe)).toEqual(expect.arrayContaining(["default", "hibiscus"]));
});

describe.each(recipes)("%s tokens", (_recipe, tokens) => {
  const { colors } = tokens;

  it.each<[string, string, string[]]>([
    ["body text", colors.ink, [colors.ground, colors.surface, colors.footer]],
    ["secondary text", colors.muted, [colors.ground, colors.surface, colors.footer]],
    ["error text", colors.danger, [colors.surface, colors.ground]],
    ["warning text", colors.warning, [colors.surface, colors.ground]],
    ["success text", colors.success, [colors.surface, colors.ground]],
    ["dark text on light fills", colors.darkText, [colors.surface]],
  ])("%s is AA on every ground it is used on", (_use, text, grounds) => {
    for (const ground of grounds) expect(contrastRatio(text, ground)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it("the focus ring stands out from the page (non-text contrast)", () => {
    for (const ground of [colors.ground, colors.surface]) expect(contrastRatio(colors.focus, ground)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
  });

  it.each([["#b4235a"], ["#a8321f"], ["#c2703d"], ["#fff3b0"], [undefined]])("brand colour %s gives an AA palette", (primary) => {
    const palette = brandPalette(primary, paletteBase(tokens));
    expect(contrastRatio(palette.brand, palette.onBrand)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    for (const ground of [colors.ground, colors.surface]) expect(contrastRatio(palette.brandDark, ground)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(palette.brandSoft, colors.ink)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it("becomes one variable per token, the palette included", () => {
    const variables = tokenVariables(tokens, "#a8321f");
    expect(variables["--color-brand"]).toBe(brandPalette("#a8321f", paletteBase(tokens)).brand);
    expect(variables["--font-display"]).toBe(fontStack(tokens.fonts.display));
    expect(Object.keys(variables)).toEqual(expect.arrayContaining(["--color-ink", "--step-4", "--space-6", "--radius-pill", "--shadow-card", "--ease-out"]));
  });
});
