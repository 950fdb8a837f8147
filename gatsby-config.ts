import type { GatsbyConfig } from "gatsby";
import { recipePlugin } from "gatsby-theme-mainstreet-core/recipe";

/**
 * The site is one recipe theme (SITE_RECIPE, else the data file's `recipe`), which brings the core theme
 * and every plugin the site needs with it. An unknown recipe stops here with the names that would work.
 */
const config: GatsbyConfig = {
  plugins: [recipePlugin(process.env)],
};

export default config;
