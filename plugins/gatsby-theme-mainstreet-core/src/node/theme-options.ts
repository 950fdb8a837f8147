import { z } from "zod";
import { RECIPES, type Recipe } from "@mainstreet/rules/site-config";
import { parseRecipeTokens, type RecipeTokens } from "@mainstreet/rules/recipe-tokens";

/** What a recipe theme hands the core: its name and its design tokens (see docs/recipes.md). */
export interface ThemeOptions {
  recipe: Recipe;
  tokens: RecipeTokens;
}

const ThemeOptionsSchema = z.object({ recipe: z.enum(RECIPES), tokens: z.unknown() });

export function parseThemeOptions(value: unknown): ThemeOptions {
  const parsed = ThemeOptionsSchema.safeParse(value);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `gatsby-theme-mainstreet-core options: ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(lines.join("\n"));
  }
  return { recipe: parsed.data.recipe, tokens: parseRecipeTokens(parsed.data.recipe, parsed.data.tokens) };
}
