import type { GatsbyConfig } from "gatsby";
import { recipePlugin } from "gatsby-theme-mainstreet-core/recipe";

/**
 * The site is one recipe theme (SITE_RECIPE, else the data file's `recipe`), which brings the core theme
 * and every plugin the site needs with it. An unknown recipe stops here with the names that would work.
 */
const config: GatsbyConfig = {
  plugins: [recipePlugin(process.env)],
  // `npm run develop` (scripts/develop.mjs) runs the API service beside gatsby develop and forwards /api/ to it.
  ...(process.env.DEVELOP_API_ORIGIN ? { proxy: [{ prefix: "/api", url: process.env.DEVELOP_API_ORIGIN }] } : {}),
};

export default config;
