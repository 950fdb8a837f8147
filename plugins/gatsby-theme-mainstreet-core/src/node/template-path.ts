import path from "node:path";
import type { PageSpec } from "@mainstreet/rules/site/page-plan";

/**
 * Every planned page uses the core's own query template, whatever the recipe: a page query must live in
 * the file handed to createPage, so recipes shadow the page bodies these import, never the templates.
 */
export function templatePath(template: PageSpec["template"] | "offline"): string {
  return path.resolve(__dirname, "..", "templates", `${template}-query.tsx`);
}
