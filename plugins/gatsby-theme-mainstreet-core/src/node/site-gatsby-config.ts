import type { GatsbyConfig } from "gatsby";
import { MANIFEST, PAGE_DATA } from "@mainstreet/rules/business/constants";
import { loadSite } from "@mainstreet/rules/business/load-site";
import { APP_ICON_PATH } from "./app-icon";
import { parseThemeOptions } from "./theme-options";

/**
 * The core theme's gatsby-config: site metadata and the plugins every Mainstreet site runs, in the order
 * they need. The service worker is the core theme's own (src/service-worker/). The recipe theme passes its
 * name and tokens.
 */
export function siteGatsbyConfig(themeOptions: unknown, env: Record<string, string | undefined>): GatsbyConfig {
  // Checked here too, so a recipe with a broken token stops the build before any plugin runs.
  parseThemeOptions(themeOptions);
  // The process's one load: the site's gatsby-config read it already to pick the recipe.
  const { business, siteUrl, config } = loadSite(env);
  return {
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
        // The blurred placeholder, inlined in the page as a data URI, as WebP: the same 20 px image, a fifth of the
        // JPEG's bytes (its tables alone are most of a 600-byte JPEG), some 5 KB less HTML on the salon's home.
        options: { defaults: { formats: ["auto", "webp"], quality: 72, placeholder: "blurred", blurredOptions: { toFormat: "webp" } } },
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
      ...tagManager(config.gtmId),
    ],
  };
}

/** Google Tag Manager only when an id is configured: no id, nothing loaded (SPEC §7, §9). */
function tagManager(id: string | undefined): NonNullable<GatsbyConfig["plugins"]> {
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
