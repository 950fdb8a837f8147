import type { KnipConfig } from "knip";

/**
 * Unused files, exports, types and dependencies, checked by `npm run lint` twice: `knip` with the tests,
 * then `knip --production --workspace packages/rules` without them, which finds a rule that only tests
 * use. A pattern ending in `!` is production code: everything the build, the API service, the workspace
 * and the repository's scripts run. An export tagged `@internal` is a test oracle shared across packages.
 *
 * Knip's Gatsby plugin executes gatsby-config and gatsby-node to read plugin names, which would load and
 * validate the business; here the Gatsby files are plain entries instead, so a check reads no data.
 */
const RECIPES = ["default", "cutilier", "muse", "hibiscus", "calendula"];

const recipeWorkspace = {
  entry: ["gatsby-{browser,ssr,config}.js!", "src/tokens.ts!"],
  project: ["*.js!", "src/**/*.ts!"],
  // Each font package is named in the recipe's tokens; the core copies its files at build.
  ignoreDependencies: ["@fontsource-variable/*"],
};

const config: KnipConfig = {
  gatsby: false,
  workspaces: {
    ".": {
      entry: [
        "gatsby-{browser,ssr,config,node}.{ts,tsx}!",
        "jest/*.{js,ts}",
        "__mocks__/**/*.{js,ts}",
        // Scripts started by path from other scripts (spawned with node or tsx), not from package.json.
        "scripts/*.{mjs,ts}!",
        "scripts/*/{run,build}.mjs!",
        "scripts/*/main.ts!",
        "scripts/audit/{build-snapshot,measure-page}.mjs!",
        "scripts/bench/{timed-build,timed-command,web-lighthouse}.mjs!",
        "e2e/ordering-db.ts",
        // The bare Gatsby site the build bench compares against.
        "bench/gatsby-{config,node}.js!",
        "bench/src/templates/*.js!",
      ],
      project: ["*.{ts,tsx,js,mjs}!", "{scripts,bench}/**/*.{ts,tsx,js,mjs}!", "{e2e,jest,__mocks__}/**/*.{ts,tsx,js,mjs}"],
      ignoreDependencies: [
        // The recipe theme is chosen at build time by name (gatsby-theme-mainstreet-core/recipe).
        "gatsby-theme-*",
        // Named in the core theme's plugin list, resolved by Gatsby from the site root.
        "gatsby-plugin-google-tagmanager",
        // Babel presets named as strings in jest-preprocess.js.
        "babel-preset-gatsby",
        "@babel/preset-typescript",
        // Jest reads its TypeScript config (jest.config.ts) through ts-node.
        "ts-node",
      ],
      // vnu-jar's validator runs on java (scripts/audit/html-check.ts).
      ignoreBinaries: ["java"],
    },
    "packages/rules": {
      // The exports map makes every file public: an export counts as used only when something imports it.
      includeEntryExports: true,
      ignoreExportsUsedInFile: true,
      entry: ["src/**/__tests__/**/*.test.ts"],
      project: ["src/**/*.ts!"],
      // Font metrics are required by the font's name, read from a recipe's tokens (recipe-fonts.ts).
      ignoreDependencies: ["@capsizecss/metrics"],
    },
    "plugins/gatsby-theme-mainstreet-core": {
      entry: [
        "gatsby-{browser,ssr,config,node}.js!",
        "recipe.js!",
        // Loaded by path: by gatsby-*.js and recipe.js through load-ts.js, the templates by createPage, the
        // service worker and the page watcher by esbuild, no-browser-apis.js by webpack's module replacement, and
        // the graphql fragments by Gatsby's query extraction.
        "src/**/{node-apis,site-gatsby-config,recipe}.ts!",
        "src/templates/*-query.tsx!",
        "src/**/sw.ts!",
        "src/runtime/page-watch-entry.ts!",
        "src/**/no-browser-apis.js!",
        "src/**/fragments.ts!",
        "src/**/__tests__/**/*.test.{ts,tsx}",
      ],
      project: ["*.js!", "src/**/*.{ts,tsx,js,mjs}!"],
    },
    ...Object.fromEntries(RECIPES.map((recipe) => [`plugins/gatsby-theme-${recipe}`, recipeWorkspace])),
    "apps/manage": {
      entry: ["src/main.tsx!", "src/**/__tests__/**/*.{ts,tsx}"],
      project: ["*.ts!", "src/**/*.{ts,tsx}!"],
    },
    server: {
      // Test fixtures that tests start as processes of their own, by path.
      entry: ["scripts/*.{ts,mjs}!", "test/**/*.test.ts", "test/fixtures/*.ts"],
      project: ["src/**/*.ts!", "scripts/**/*.{ts,mjs}!", "test/**/*.ts"],
      // The merchant CLI's test drives it in a terminal made by util-linux's `script`; publish builds on one
      // checkout take turns under util-linux's `flock` (scripts/build-version.mjs).
      ignoreBinaries: ["script", "flock"],
    },
  },
};

export default config;
