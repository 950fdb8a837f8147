import { createRequire } from "node:module";
import path from "node:path";
import { RECIPES, type Recipe } from "@mainstreet/rules/business/site-config";
import { loadSite } from "@mainstreet/rules/business/load-site";

/**
 * Which recipe theme a site builds with: SITE_RECIPE, else the data file's `recipe`, else the default.
 * A recipe is an npm workspace named gatsby-theme-<recipe>; a name that is not one of the five, or one
 * whose theme is not in the repository, stops the build here with the names that would work, instead of
 * Gatsby's "Cannot find module".
 */
export class RecipeError extends Error {}

export const recipePackage = (recipe: string) => `gatsby-theme-${recipe}`;

/** The recipes whose theme package can be resolved from `cwd` (the site root). */
export function builtRecipes(cwd: string = process.cwd()): Recipe[] {
  const siteRequire = createRequire(path.join(cwd, "package.json"));
  return RECIPES.filter((recipe) => {
    try {
      siteRequire.resolve(`${recipePackage(recipe)}/package.json`);
      return true;
    } catch {
      return false;
    }
  });
}

export function checkRecipe(recipe: string, cwd: string = process.cwd()): Recipe {
  const known = (RECIPES as readonly string[]).includes(recipe);
  const built = builtRecipes(cwd);
  if (!known) {
    throw new RecipeError(`recipe: expected one of ${RECIPES.join(", ")}, got ${JSON.stringify(recipe)}`);
  }
  if (!(built as string[]).includes(recipe)) {
    throw new RecipeError(
      `recipe: "${recipe}" is one of the five recipes (${RECIPES.join(", ")}) but its theme, plugins/${recipePackage(recipe)}, ` +
        `is not in this repository yet; recipes you can build now: ${built.join(", ")}`,
    );
  }
  return recipe as Recipe;
}

/** The recipe this environment builds with, checked. */
export function resolveRecipe(env: Record<string, string | undefined>, cwd: string = process.cwd()): Recipe {
  return checkRecipe(loadSite(env, cwd).recipe, cwd);
}

/** The site's one plugin entry: the recipe theme, which brings the core theme with it. */
export function recipePlugin(env: Record<string, string | undefined>, cwd: string = process.cwd()): { resolve: string; options: Record<string, never> } {
  return { resolve: recipePackage(resolveRecipe(env, cwd)), options: {} };
}
