import { createRequire } from "node:module";
import path from "node:path";
import type { GatsbyNode, Reporter } from "gatsby";
import { readSiteConfig } from "./src/config/site-config";
import { BusinessDataError, loadSiteBusiness, type SiteBusiness } from "./src/config/load-site";
import { planPages, type PageSpec } from "./src/lib/page-plan";
import { businessNodes, typeDefs } from "./src/config/gatsby-nodes";
import { writeAppIcon } from "./src/config/app-icon";

/**
 * gatsby-node only orchestrates: the data is validated by the shared schema, pages are planned by
 * the pure page plan, and node shapes come from src/config/gatsby-nodes.ts.
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

export const onPreInit: GatsbyNode["onPreInit"] = async ({ reporter }) => {
  const { business } = loadOrPanic(reporter);
  const { dataDir } = readSiteConfig(process.env);
  await writeAppIcon({
    name: business.name,
    logoFile: business.logo ? path.join(dataDir, business.logo.file) : undefined,
    brandColor: business.brandIdentity?.primaryColor,
  });
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(typeDefs);
};

export const sourceNodes: GatsbyNode["sourceNodes"] = ({ actions, createNodeId, createContentDigest, reporter }) => {
  const { business, siteUrl, recipe } = loadOrPanic(reporter);
  const config = readSiteConfig(process.env);
  const { pages } = planPages(business);
  for (const node of businessNodes({ business, siteUrl, recipe, config, pages, buildTime: Date.now() })) {
    actions.createNode({
      ...node.fields,
      id: createNodeId(`${node.type}:${node.key}`),
      internal: { type: node.type, contentDigest: createContentDigest(node.fields) },
    });
  }
};

// gatsby-node is bundled by Gatsby before it runs, so the bundle's own `require.resolve` is unusable:
// resolve recipe templates from the site root like any installed package.
const siteRequire = createRequire(path.join(process.cwd(), "package.json"));

function templatePath(recipe: string, template: PageSpec["template"]): string {
  return siteRequire.resolve(`gatsby-theme-${recipe}/src/templates/${template}.tsx`);
}

export const createPages: GatsbyNode["createPages"] = ({ actions, reporter }) => {
  const { business, recipe } = loadOrPanic(reporter);
  const { pages, warnings } = planPages(business);
  warnings.forEach((warning) => reporter.warn(warning));
  for (const page of pages) {
    actions.createPage({
      path: page.path,
      component: templatePath(recipe, page.template),
      context: { ...page.context, template: page.template },
    });
  }
  reporter.info(`Planned ${pages.length} pages for ${business.name} with the ${recipe} recipe`);
};
