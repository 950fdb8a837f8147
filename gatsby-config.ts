import type { GatsbyConfig } from "gatsby";
import { readSiteConfig } from "./src/config/site-config";
import { loadSiteBusiness } from "./src/config/load-site";

const config = readSiteConfig(process.env);
const { business, recipe, siteUrl } = loadSiteBusiness(config);

const gatsbyConfig: GatsbyConfig = {
  siteMetadata: {
    title: business.name,
    description: business.description ?? "",
    siteUrl,
  },
  graphqlTypegen: false,
  trailingSlash: "always",
  plugins: [
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "business", path: config.dataDir, ignore: ["**/*.json"] },
    },
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      options: { defaults: { formats: ["auto", "webp"], quality: 72, placeholder: "blurred" } },
    },
    "gatsby-transformer-sharp",
    {
      resolve: `gatsby-theme-${recipe}`,
      options: {},
    },
  ],
};

export default gatsbyConfig;
