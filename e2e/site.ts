import path from "node:path";
import type { Locator } from "@playwright/test";
import type { PageSpec } from "@mainstreet/rules/site/page-plan";
import type { Business } from "@mainstreet/rules/business/schema";
import { loadSite, readSiteFile } from "@mainstreet/rules/business/load-site";
import { paletteBase, parseRecipeTokens, type RecipeTokens } from "@mainstreet/rules/site/recipe-tokens";
import { brandPalette, cssRgb } from "@mainstreet/rules/site/color";

/** The sample business under test and its page plan, read the same way the build reads them. */
export function siteUnderTest(): { site: string; business: Business; pages: PageSpec[] } {
  const site = process.env.E2E_SITE ?? "salon";
  const file = process.env.SITE_DATA ?? path.join("data", site, "business.json");
  const { business, plan } = readSiteFile(file);
  return { site, business, pages: plan.pages };
}

/** The recipe the build under test used (SITE_RECIPE, else the data file's, as the build decides), and its tokens. */
export function recipeUnderTest(): { recipe: string; tokens: RecipeTokens } {
  const { recipe } = loadSite(process.env);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { tokens } = require(path.resolve("plugins", `gatsby-theme-${recipe}`, "src", "tokens.ts"));
  return { recipe, tokens: parseRecipeTokens(recipe, tokens) };
}

/** The brand colour the site must paint its buttons with, as Chromium reports it ("rgb(r, g, b)"). */
export function expectedBrandRgb(business: Business, tokens: RecipeTokens): { business: string; recipeDefault: string } {
  return {
    business: cssRgb(brandPalette(business.brandIdentity?.primaryColor, paletteBase(tokens)).brand),
    recipeDefault: cssRgb(brandPalette(undefined, paletteBase(tokens)).brand),
  };
}

/** One page per template: the first planned page of each kind. */
export function onePagePerTemplate(pages: PageSpec[]): PageSpec[] {
  const seen = new Set<string>();
  return pages.filter((page) => (seen.has(page.template) ? false : (seen.add(page.template), true)));
}

/** Per run of scripts/e2e.mjs: the sample, or the sample and recipe of an extra recipe run. */
export const artifactsDir = (site: string) => path.join("e2e", "artifacts", process.env.E2E_RUN ?? site);

/** Whether React has attached itself to the element yet (it keeps its props on hydrated nodes). */
export const hydrated = (locator: Locator) => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps")));
