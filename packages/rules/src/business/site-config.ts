import path from "node:path";
import fs from "node:fs";
import { z } from "zod";
import { RECIPES, type Recipe } from "./schema";

/**
 * Build-time configuration of one site. Read once, from the environment, validated here;
 * gatsby-config, gatsby-node, the build script and the README table all come from this schema.
 */
export { RECIPES, type Recipe };

export const BRAND_CODES = { main: "FISH", secondary: "GLAM" } as const;

const hexColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, { message: "expected a hex colour like #000000" });

export const SiteConfigEnvSchema = z.object({
  SITE_DATA: z
    .string()
    .default("data/salon/business.json")
    .describe("Business data file (or its folder) the site is built from."),
  SITE_RECIPE: z
    .enum(RECIPES)
    .optional()
    .describe("Recipe (theme) to build with; overrides the data file's `recipe`. Default: the data file's, else hibiscus."),
  SITE_URL: z
    .string()
    .url({ message: "expected an absolute http(s) URL like https://example.com" })
    .optional()
    .describe("Public URL of the site, used for canonical links and structured data. Default: the business's primary domain, else http://localhost:8000."),
  GATSBY_API_BASE: z
    .string()
    .default("/api/")
    .describe("Base URL of the API service the site calls (ends with a slash)."),
  GATSBY_GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, { message: "expected a tag-manager container id like GTM-ABC123" })
    .optional()
    .describe("Google Tag Manager container id. Unset: no tag manager is loaded."),
  GATSBY_SEARCH_API_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, { message: "expected the search service's public key: 8 to 200 visible characters" })
    .optional()
    .describe(
      "Public key the address search at checkout sends (x-api-key, SPEC §6): the API service's SEARCH_API_KEY. Unset: the delivery address is typed in full, without suggestions.",
    ),
  PROVIDER_BRAND: z
    .enum(["main", "secondary"])
    .default("main")
    .describe("Provider brand shown in the 'Powered by' banner: main (FISH) or secondary (GLAM)."),
  BANNER_COLOR: hexColor.default("#000000").describe("Background colour of the 'Powered by' banner."),
  SITE_REVISION: z.coerce
    .number({ message: "expected a revision number like 3" })
    .int({ message: "expected a whole revision number" })
    .min(1, { message: "expected a revision number of at least 1" })
    .optional()
    .describe("The revision of the business data the build is made from (set by the publish worker; docs/publishing.md). Unset for a build from a file: the site's live facts then answer with no revision either."),
});


export interface SiteConfig {
  dataFile: string;
  dataDir: string;
  recipe?: Recipe;
  siteUrl?: string;
  apiBase: string;
  gtmId?: string;
  providerBrand: "main" | "secondary";
  brandCode: (typeof BRAND_CODES)[keyof typeof BRAND_CODES];
  bannerColor: string;
  /** The revision the data file is (a publish's build), else null. */
  dataRevision: number | null;
}

export class SiteConfigError extends Error {}

/** Turns environment variables into a site configuration, with one line per problem. */
export function readSiteConfig(env: Record<string, string | undefined>, cwd: string = process.cwd()): SiteConfig {
  const picked = Object.fromEntries(
    Object.keys(SiteConfigEnvSchema.shape).map((key) => [key, env[key] === "" ? undefined : env[key]]),
  );
  const parsed = SiteConfigEnvSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}, got ${JSON.stringify(picked[String(issue.path[0])])}`,
    );
    throw new SiteConfigError(lines.join("\n"));
  }
  const values = parsed.data;
  let dataFile = path.resolve(cwd, values.SITE_DATA);
  if (fs.existsSync(dataFile) && fs.statSync(dataFile).isDirectory()) dataFile = path.join(dataFile, "business.json");
  return {
    dataFile,
    dataDir: path.dirname(dataFile),
    recipe: values.SITE_RECIPE,
    siteUrl: values.SITE_URL?.replace(/\/+$/, ""),
    apiBase: values.GATSBY_API_BASE.endsWith("/") ? values.GATSBY_API_BASE : `${values.GATSBY_API_BASE}/`,
    gtmId: values.GATSBY_GTM_ID,
    providerBrand: values.PROVIDER_BRAND,
    brandCode: BRAND_CODES[values.PROVIDER_BRAND],
    bannerColor: values.BANNER_COLOR,
    dataRevision: values.SITE_REVISION ?? null,
  };
}

/** The data file path as the user wrote it, for messages. */
export function displayPath(file: string, cwd: string = process.cwd()): string {
  const relative = path.relative(cwd, file);
  return relative.startsWith("..") ? file : relative;
}
