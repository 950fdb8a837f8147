import path from "node:path";
import { loadBusinessFile } from "@mainstreet/rules/business/load";
import { planPages, type PageSpec } from "@mainstreet/rules/page-plan";
import type { Business } from "@mainstreet/rules/business/schema";

/** The sample business under test and its page plan, read the same way the build reads them. */
export function siteUnderTest(): { site: string; business: Business; pages: PageSpec[] } {
  const site = process.env.E2E_SITE ?? "salon";
  const file = process.env.SITE_DATA ?? path.join("data", site, "business.json");
  const result = loadBusinessFile(file);
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return { site, business: result.business, pages: planPages(result.business).pages };
}

/** One page per template: the first planned page of each kind. */
export function onePagePerTemplate(pages: PageSpec[]): PageSpec[] {
  const seen = new Set<string>();
  return pages.filter((page) => (seen.has(page.template) ? false : (seen.add(page.template), true)));
}

export const artifactsDir = (site: string) => path.join("e2e", "artifacts", site);
