import type { GatsbyConfig } from "gatsby";
import { readSiteConfig } from "./src/config/site-config";
import { loadSiteBusiness } from "./src/config/load-site";
import { APP_ICON_PATH } from "./src/config/app-icon";
import { MANIFEST, PAGE_DATA } from "./src/lib/constants";

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
      resolve: "gatsby-plugin-manifest",
      options: {
        name: business.name,
        short_name: business.name.length > 12 ? business.name.split(/\s+/)[0] : business.name,
        description: business.description,
        start_url: "/",
        display: MANIFEST.display,
        background_color: MANIFEST.backgroundColor,
        theme_color: MANIFEST.themeColor,
        // Written by gatsby-node's onPreInit from the business logo (or a monogram) before the plugin reads it.
        icon: APP_ICON_PATH,
        icons: [{ src: "icons/icon-512x512.png", sizes: "512x512", type: "image/png" }],
        include_favicon: true,
        cache_busting_mode: "none",
      },
    },
    {
      resolve: `gatsby-theme-${recipe}`,
      options: {},
    },
    // After the manifest plugin, as gatsby-plugin-offline requires; registers /sw.js.
    "gatsby-plugin-offline",
    ...tagManager(config.gtmId),
  ],
};

/** Google Tag Manager only when an id is configured: no id, nothing loaded (SPEC §7, §9). */
function tagManager(id: string | undefined): GatsbyConfig["plugins"] & unknown[] {
  if (!id) return [];
  return [
    {
      resolve: "gatsby-plugin-google-tagmanager",
      options: {
        id,
        includeInDevelopment: false,
        // The plugin pushes this event 50 ms after each route change (SPEC §9 route-change delay).
        routeChangeEventName: "gatsby-route-change",
        enableWebVitalsTracking: PAGE_DATA.webVitalsReporting,
      },
    },
  ];
}

export default gatsbyConfig;
