import fs from "node:fs";
import path from "node:path";
import { builtRecipes, recipePackage } from "../node/recipe";

/** The repository, and the recipes in it: the same list the build's recipe check and scripts/e2e.mjs use. */
export const REPO_ROOT = path.resolve(__dirname, "../../../..");
export const CORE_DIR = path.join(REPO_ROOT, "plugins", "gatsby-theme-mainstreet-core");
export const RECIPES_HERE = builtRecipes(REPO_ROOT);

export const recipeDir = (recipe: string) => path.join(REPO_ROOT, "plugins", recipePackage(recipe));

/** A recipe's tokens, read and checked as the build does. */
export { recipeTokens } from "../node/theme-options";

/** The core's stylesheets, in the order a page loads them; a recipe's come after. */
export const CORE_STYLESHEETS = ["styles/base.css", "forms/forms.css", "ordering/ordering.css", "runtime/runtime.css", "booking/booking.css"].map((file) => path.join(CORE_DIR, "src", file));

export function recipeStylesheets(recipe: string): string[] {
  const dir = path.join(recipeDir(recipe), "src", "styles");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith(".css")).map((file) => path.join(dir, file)) : [];
}
