import fs from "node:fs";
import type { Business } from "./schema";
import { loadBusinessFile, type LoadResult } from "./load";
import { publishedBusiness } from "./published";
import { planPages, type PagePlan } from "../site/page-plan";
import { displayPath, readSiteConfig, type Recipe, type SiteConfig } from "./site-config";

export interface SiteBusiness {
  business: Business;
  recipe: Recipe;
  siteUrl: string;
}

/** Everything a build needs from the configuration and the data file, read, validated and planned once. */
export interface SiteBuild extends SiteBusiness {
  config: SiteConfig;
  /**
   * The business as the public site may show it (hidden records removed): what enters Gatsby's data layer,
   * because Gatsby publishes query results as JSON.
   */
  published: Business;
  /** The page plan over the published business. */
  plan: PagePlan;
}

export class BusinessDataError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "BusinessDataError";
  }
}

const LOCAL_SITE_URL = "http://localhost:8000";

/** What depends on both the configuration and the data: the recipe and the public URL. */
function settle(config: SiteConfig, business: Business): SiteBusiness {
  const primaryDomain = business.domains.find((domain) => domain.primaryDomain) ?? business.domains[0];
  return {
    business,
    recipe: config.recipe ?? business.recipe,
    siteUrl: config.siteUrl ?? primaryDomain?.url.replace(/\/+$/, "") ?? LOCAL_SITE_URL,
  };
}

function loaded(result: LoadResult): Business {
  if (!result.ok) throw new BusinessDataError(result.problems);
  return result.business;
}

/** A data file as every build reads it: the business, what the public site may show of it, and its page plan. */
export interface SiteFile {
  business: Business;
  published: Business;
  plan: PagePlan;
}

/**
 * Reads, validates and plans one data file the way the build does. Scripts and tests that need a sample's
 * pages call this, so they plan the published business exactly as the site is planned.
 */
export function readSiteFile(file: string, load: (file: string) => LoadResult = loadBusinessFile): SiteFile {
  const business = loaded(load(file));
  const published = publishedBusiness(business);
  return { business, published, plan: planPages(published) };
}

type SiteLoader = (env: Record<string, string | undefined>, cwd?: string) => SiteBuild;

/** The data file's identity on disk: a build that edits it between two reads sees the new text. */
function fileStamp(file: string): string | undefined {
  try {
    const stat = fs.statSync(file);
    return `${file}\0${stat.mtimeMs}\0${stat.size}`;
  } catch {
    return undefined;
  }
}

/**
 * A loader that reads, validates and plans each data file once, however many parts of the process ask:
 * the data check, the site's gatsby-config (through the recipe), the core theme's gatsby-config and its
 * node APIs. `load` is the seam tests count reads through. A bad file is not remembered: every caller
 * gets its problems, and a fixed file is read afresh.
 */
export function siteLoader(load: (file: string) => LoadResult = loadBusinessFile): SiteLoader {
  let memo: (SiteFile & { stamp: string }) | undefined;
  return (env, cwd = process.cwd()) => {
    const config = readSiteConfig(env, cwd);
    const stamp = fileStamp(config.dataFile);
    if (!memo || stamp === undefined || memo.stamp !== stamp) {
      memo = { stamp: stamp ?? "", ...readSiteFile(displayPath(config.dataFile, cwd), load) };
    }
    return { ...settle(config, memo.business), config, published: memo.published, plan: memo.plan };
  };
}

const SHARED = Symbol.for("mainstreet.site-loader");
type WithLoader = typeof globalThis & { [SHARED]?: SiteLoader };

/**
 * The process's one loader. Kept on the global object: Gatsby requires the gatsby-config and gatsby-node
 * files of the site and of each theme by its own means, and a second copy of this module must not mean a
 * second read.
 */
export const loadSite: SiteLoader = ((globalThis as WithLoader)[SHARED] ??= siteLoader());
