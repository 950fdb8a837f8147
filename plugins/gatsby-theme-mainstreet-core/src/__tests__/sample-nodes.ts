import { loadBusinessFile } from "@mainstreet/rules/business/load";
import { readSiteConfig } from "@mainstreet/rules/business/site-config";
import { planPages } from "@mainstreet/rules/site/page-plan";
import { businessNodes } from "../node/gatsby-nodes";

export type SampleName = "salon" | "restaurant" | "merchant";

/** A sample business's data file, loaded and validated as the build loads it. */
export function loadSample(name: SampleName) {
  const result = loadBusinessFile(`data/${name}/business.json`);
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.business;
}

/**
 * The pages and nodes a build at `buildTime` makes of a sample business (the hibiscus recipe, on
 * https://example.test), after `edit` has changed its data.
 */
export function sampleNodes(name: SampleName, buildTime: number, edit: (business: ReturnType<typeof loadSample>) => void = () => undefined) {
  const business = loadSample(name);
  edit(business);
  const { pages } = planPages(business);
  const config = readSiteConfig({ SITE_DATA: `data/${name}/business.json` });
  const nodes = businessNodes({ business, siteUrl: "https://example.test", recipe: "hibiscus", recipeStyle: ":root{}", recipeFonts: [], config, pages, buildTime });
  return { business, pages, nodes };
}
