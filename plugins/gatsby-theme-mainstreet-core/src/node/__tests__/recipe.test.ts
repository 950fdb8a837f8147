import fs from "node:fs";
import path from "node:path";
import { builtRecipes, checkRecipe, recipePlugin, RecipeError } from "../recipe";
import { parseThemeOptions } from "../theme-options";
import { templatePath } from "../template-path";
import { RECIPES_HERE, REPO_ROOT, recipeDir } from "../../__tests__/recipes";

const ROOT = REPO_ROOT;
const PLUGINS = path.join(ROOT, "plugins");

describe("which recipe builds the site", () => {
  it("finds the recipe themes in the repository", () => {
    expect(builtRecipes(ROOT)).toEqual(expect.arrayContaining(["default", "hibiscus"]));
  });

  it.each<[string, Record<string, string>, string]>([
    ["the data file's recipe", { SITE_DATA: "data/salon/business.json" }, "gatsby-theme-hibiscus"],
    ["SITE_RECIPE over the data file's", { SITE_DATA: "data/salon/business.json", SITE_RECIPE: "default" }, "gatsby-theme-default"],
  ])("%s", (_name, env, expected) => {
    expect(recipePlugin(env, ROOT).resolve).toBe(expected);
  });

  it.each<[string, string]>([
    ["bogus", 'recipe: expected one of default, cutilier, muse, hibiscus, calendula, got "bogus"'],
    ["Hibiscus", 'recipe: expected one of default, cutilier, muse, hibiscus, calendula, got "Hibiscus"'],
  ])("an unknown name (%s) is refused with the five names, not Gatsby's 'Cannot find module'", (recipe, message) => {
    expect(() => checkRecipe(recipe, ROOT)).toThrow(RecipeError);
    expect(() => checkRecipe(recipe, ROOT)).toThrow(message);
  });

  it("one of the five whose theme is missing says so and names the recipes that build", () => {
    const missing = ["default", "cutilier", "muse", "hibiscus", "calendula"].find((recipe) => !builtRecipes(ROOT).includes(recipe as never));
    if (!missing) return expect(builtRecipes(ROOT)).toHaveLength(5);
    expect(() => checkRecipe(missing, ROOT)).toThrow(`"${missing}" is one of the five recipes`);
    expect(() => checkRecipe(missing, ROOT)).toThrow(`recipes you can build now: ${builtRecipes(ROOT).join(", ")}`);
  });
});

describe("recipes are look only", () => {
  it.each(RECIPES_HERE)("%s hands the core valid options: its name, whose tokens the core reads", (recipe) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const config = require(path.join(recipeDir(recipe), "gatsby-config.js"));
    const [core] = config.plugins;
    expect(core.resolve).toBe("gatsby-theme-mainstreet-core");
    expect(core.options).toEqual({ recipe });
    const options = parseThemeOptions(core.options);
    expect(options.recipe).toBe(recipe);
    // Its own tokens, read from its package.
    expect(options.tokens.fonts.body.package.length).toBeGreaterThan(0);
    expect(Object.keys(options.tokens.colors)).toEqual(expect.arrayContaining(["brand", "ground", "ink"]));
  });

  it.each(RECIPES_HERE)("%s shadows no query template and nothing outside the core's components", (recipe) => {
    const shadows = path.join(recipeDir(recipe), "src/gatsby-theme-mainstreet-core");
    const files = fs.existsSync(shadows) ? (fs.readdirSync(shadows, { recursive: true }) as string[]).filter((file) => /\.[jt]sx?$/.test(file)) : [];
    for (const file of files) expect(file.split(path.sep)[0]).toBe("components");
  });

  it("every page is created from the core's own query template", () => {
    for (const template of ["home", "services", "service-item", "checkout", "404"] as const) {
      const file = templatePath(template);
      expect(path.relative(PLUGINS, file)).toBe(path.join("gatsby-theme-mainstreet-core", "src", "templates", `${template}-query.tsx`));
      expect(fs.existsSync(file)).toBe(true);
    }
  });
});
