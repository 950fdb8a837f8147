/**
 * The committed visual baselines (e2e/visual/, written by e2e/visual.e2e.ts) show five designs, not one
 * design in five colours: any two recipes' laptop home screens differ in at least 12 % of their pixels,
 * counted as `npm run showcase:distance` counts them, and every recipe has a baseline for every page type
 * and width the spec photographs.
 */
import fs from "node:fs";
import path from "node:path";
import { differentShare, readRgba, MIN_RECIPE_DISTANCE } from "../showcase/recipe-distance-measure";

const DIR = path.resolve(__dirname, "../../e2e/visual");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const recipes = (require("gatsby-theme-mainstreet-core/recipe.js") as { builtRecipes(root: string): string[] }).builtRecipes(path.resolve(__dirname, "../.."));

describe("visual baselines", () => {
  it.each(recipes)("%s has a baseline for home, services, an item and contact at 375 and 1280 px", (recipe) => {
    const expected = ["home", "services", "service-item", "contact"].flatMap((template) => [375, 1280].map((width) => `${recipe}-${template}-${width}.png`));
    expect(expected.filter((file) => !fs.existsSync(path.join(DIR, file)))).toEqual([]);
  });

  const pairs = recipes.flatMap((a, index) => recipes.slice(index + 1).map((b) => [a, b] as const));
  it.each(pairs)("the 1280 px home pages of %s and %s differ in at least 12 %% of their pixels", async (a, b) => {
    const [left, right] = await Promise.all([readRgba(path.join(DIR, `${a}-home-1280.png`)), readRgba(path.join(DIR, `${b}-home-1280.png`))]);
    expect(differentShare(left, right)).toBeGreaterThanOrEqual(MIN_RECIPE_DISTANCE);
  });
});
