/**
 * Validates the configured business data file before Gatsby starts, so a bad file stops the
 * build with one line per problem and nothing in public/ is touched. It loads the data the way the
 * build does (`loadSite`: read, validated and planned), so what passes here is what Gatsby gets.
 */
import { SiteConfigError } from "@mainstreet/rules/business/site-config";
import { BusinessDataError, loadSite } from "@mainstreet/rules/business/load-site";
import { checkRecipe, RecipeError } from "gatsby-theme-mainstreet-core/recipe";

function main(): number {
  try {
    const { business, recipe: named } = loadSite(process.env);
    const recipe = checkRecipe(named);
    process.stdout.write(`Business data OK: ${business.name} (${business.type}), recipe ${recipe}\n`);
    return 0;
  } catch (error) {
    if (error instanceof BusinessDataError || error instanceof SiteConfigError || error instanceof RecipeError) {
      process.stderr.write(`${error.message}\n`);
      process.stderr.write("The site was not built; public/ is unchanged.\n");
      return 1;
    }
    throw error;
  }
}

process.exitCode = main();
