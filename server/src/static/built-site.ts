import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/**
 * The record a build leaves in the site's folder (scripts/lib.mjs writes it after `gatsby build`): the
 * business the pages were made for and the data file they came from. A site whose business the service
 * does not hold sends every order, form and review to a business the service answers as unknown, so the
 * service refuses to start on such a pair rather than serve broken pages.
 */
export const BUILT_SITE_FILE = ".mainstreet-build.json";

const BuiltSiteSchema = z.object({ businessId: z.string().min(1), dataFile: z.string().min(1) });
type BuiltSite = z.infer<typeof BuiltSiteSchema>;

export class BuiltSiteMismatchError extends Error {
  constructor(readonly built: BuiltSite, readonly siteData: readonly string[]) {
    super(
      `The site in PUBLIC_DIR was built for business "${built.businessId}" (${built.dataFile}), which SITE_DATA (${siteData.join(", ")}) does not hold: ` +
        `start the service with SITE_DATA=${built.dataFile} (\`npm run serve\` does), or build the site again from ${siteData.join(", ")}.`,
    );
    this.name = "BuiltSiteMismatchError";
  }
}

/** The build's record in `publicDir`, or null when the folder has none (built another way, or no site). */
function readBuiltSite(publicDir: string): BuiltSite | null {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(join(publicDir, BUILT_SITE_FILE), "utf8"));
  } catch {
    return null;
  }
  const parsed = BuiltSiteSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Throws BuiltSiteMismatchError when the site in `publicDir` was built for a business not among `businessIds`. */
export function assertBuiltSiteServed(publicDir: string, businessIds: readonly string[], siteData: readonly string[]): void {
  const built = readBuiltSite(publicDir);
  if (built && !businessIds.includes(built.businessId)) throw new BuiltSiteMismatchError(built, siteData);
}
