import type { Business } from "./business/schema";
import { loadBusinessFile } from "./business/load";
import { displayPath, type Recipe, type SiteConfig } from "./site-config";

export interface SiteBusiness {
  business: Business;
  recipe: Recipe;
  siteUrl: string;
}

export class BusinessDataError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "BusinessDataError";
  }
}

const LOCAL_SITE_URL = "http://localhost:8000";

/** Loads and validates the configured business, and settles what depends on both config and data. */
export function loadSiteBusiness(config: SiteConfig): SiteBusiness {
  const result = loadBusinessFile(displayPath(config.dataFile));
  if (!result.ok) throw new BusinessDataError(result.problems);
  const { business } = result;
  const primaryDomain = business.domains.find((domain) => domain.primaryDomain) ?? business.domains[0];
  return {
    business,
    recipe: config.recipe ?? business.recipe,
    siteUrl: config.siteUrl ?? primaryDomain?.url.replace(/\/+$/, "") ?? LOCAL_SITE_URL,
  };
}
