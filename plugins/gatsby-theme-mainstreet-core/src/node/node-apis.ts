import path from "node:path";
import type { GatsbyNode, Reporter } from "gatsby";
import { RECIPES, readSiteConfig } from "@mainstreet/rules/site-config";
import { BusinessDataError, loadSiteBusiness, type SiteBusiness } from "@mainstreet/rules/load-site";
import { planPages } from "@mainstreet/rules/page-plan";
import { paletteBase, tokenStylesheet } from "@mainstreet/rules/recipe-tokens";
import { brandPalette } from "@mainstreet/rules/color";
import { businessNodes, typeDefs } from "./gatsby-nodes";
import { writeAppIcon } from "./app-icon";
import { parseThemeOptions, type ThemeOptions } from "./theme-options";
import { templatePath } from "./template-path";

/**
 * The core theme's gatsby-node only orchestrates: the data is validated by the shared schema, pages are
 * planned by the pure page plan, node shapes come from gatsby-nodes.ts, and every page is created from
 * this theme's own `*-query` templates, whatever the recipe.
 */
let site: SiteBusiness | undefined;

function loadOrPanic(reporter: Reporter): SiteBusiness {
  if (site) return site;
  try {
    site = loadSiteBusiness(readSiteConfig(process.env));
    return site;
  } catch (error) {
    if (error instanceof BusinessDataError) {
      return reporter.panic(`The business data file is invalid:\n${error.problems.join("\n")}`);
    }
    throw error;
  }
}

function optionsOrPanic(value: unknown, reporter: Reporter): ThemeOptions {
  try {
    return parseThemeOptions(value);
  } catch (error) {
    return reporter.panic(error instanceof Error ? error.message : String(error));
  }
}

export const pluginOptionsSchema: GatsbyNode["pluginOptionsSchema"] = ({ Joi }) =>
  Joi.object({
    recipe: Joi.string()
      .valid(...RECIPES)
      .required()
      .description(`The recipe (child theme) building the site: ${RECIPES.join(", ")}.`),
    tokens: Joi.object().unknown(true).required().description("The recipe's design tokens (RecipeTokens in @mainstreet/rules/recipe-tokens)."),
  });

export const onPreInit: GatsbyNode["onPreInit"] = async ({ reporter }, pluginOptions) => {
  const { business } = loadOrPanic(reporter);
  const { tokens } = optionsOrPanic(pluginOptions, reporter);
  const { dataDir } = readSiteConfig(process.env);
  await writeAppIcon({
    name: business.name,
    logoFile: business.logo ? path.join(dataDir, business.logo.file) : undefined,
    // The palette's shade: white initials on it are AA, whatever the business's colour.
    brandColor: brandPalette(business.brandIdentity?.primaryColor, paletteBase(tokens)).brand,
  });
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(typeDefs);
};

export const sourceNodes: GatsbyNode["sourceNodes"] = ({ actions, createNodeId, createContentDigest, reporter }, pluginOptions) => {
  const { business, siteUrl } = loadOrPanic(reporter);
  const { recipe, tokens } = optionsOrPanic(pluginOptions, reporter);
  const config = readSiteConfig(process.env);
  const { pages } = planPages(business);
  const recipeStyle = tokenStylesheet(tokens, business.brandIdentity?.primaryColor);
  for (const node of businessNodes({ business, siteUrl, recipe, recipeStyle, config, pages, buildTime: Date.now() })) {
    actions.createNode({
      ...node.fields,
      id: createNodeId(`${node.type}:${node.key}`),
      internal: { type: node.type, contentDigest: createContentDigest(node.fields) },
    });
  }
};

export const createPages: GatsbyNode["createPages"] = ({ actions, reporter }, pluginOptions) => {
  const { business } = loadOrPanic(reporter);
  const { recipe } = optionsOrPanic(pluginOptions, reporter);
  const { pages, warnings } = planPages(business);
  warnings.forEach((warning) => reporter.warn(warning));
  for (const page of pages) {
    actions.createPage({
      path: page.path,
      component: templatePath(page.template),
      context: { ...page.context, template: page.template },
    });
  }
  reporter.info(`Planned ${pages.length} pages for ${business.name} with the ${recipe} recipe`);
};
