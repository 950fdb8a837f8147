import { createRequire } from "node:module";
import { z } from "zod";
import { RECIPES, type Recipe } from "@mainstreet/rules/business/site-config";
import { parseRecipeTokens, type RecipeTokens } from "@mainstreet/rules/site/recipe-tokens";
import { recipePackage } from "./recipe";

/** What a recipe theme hands the core: its name (see docs/recipes.md). */
export interface ThemeOptions {
  recipe: Recipe;
  /** The recipe's design tokens, its `src/tokens.ts`. */
  tokens: RecipeTokens;
}

const ThemeOptionsSchema = z.object({ recipe: z.enum(RECIPES) });

/**
 * The recipe's tokens, read from its package at build. Not passed as an option: Gatsby writes the options of
 * every plugin with a browser half into the app bundle, and the tokens are only ever used at build (JavaScript
 * on every page for nothing).
 */
export function recipeTokens(recipe: string): RecipeTokens {
  const load = createRequire(__filename);
  const module = load(`${recipePackage(recipe)}/src/tokens.ts`) as { tokens?: unknown };
  return parseRecipeTokens(recipe, module.tokens);
}

export function parseThemeOptions(value: unknown): ThemeOptions {
  const parsed = ThemeOptionsSchema.safeParse(value);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `gatsby-theme-mainstreet-core options: ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(lines.join("\n"));
  }
  return { recipe: parsed.data.recipe, tokens: recipeTokens(parsed.data.recipe) };
}
