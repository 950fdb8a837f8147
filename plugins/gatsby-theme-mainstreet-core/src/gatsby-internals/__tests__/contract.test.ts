/**
 * The contract between the core and the Gatsby installed here: every name and shape gatsby-internals relies
 * on, checked against Gatsby's real production webpack configuration (made by Gatsby's own
 * utils/webpack.config.js, without a build) and against the files that write the app's script tags. A failure
 * names what changed; docs/architecture.md ("Upgrading Gatsby") says what to do then.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  APP_CHUNK,
  BROWSER_PLUGINS_LIST,
  CHUNK_MAP_FILE,
  FRAMEWORK_CHUNK,
  GATSBY_CHUNK_FILENAME,
  isTemplateChunk,
  MANIFEST_BROWSER_ENTRY,
  PARTYTOWN_BROWSER_ENTRY,
  globalCssOf,
  persistentCache,
  SHARED_CACHE_GROUP,
  SHARED_GROUP_PRIORITY,
  sharedCacheGroup,
  takeAppScripts,
  WEBPACK_RUNTIME_CHUNK,
  type CachedConfig,
  type SplitChunksConfig,
} from "..";
import { GATSBY_FOCUS_WRAPPER_ID, GATSBY_ROOT_ID } from "../dom";
import { addCacheBuildDependency, keepTemplateModulesInTemplates, nameSharedChunksByTheirUsers, shareSmallModules, shortenChunkHashes } from "../../node/shared-chunks";
import { templatePath } from "../../node/template-path";
import { REPO_ROOT } from "../../__tests__/recipes";

const GATSBY_DIR = path.dirname(require.resolve("gatsby/package.json", { paths: [REPO_ROOT] }));
const GATSBY_VERSION = (JSON.parse(fs.readFileSync(path.join(GATSBY_DIR, "package.json"), "utf8")) as { version: string }).version;
const gatsbyFile = (file: string) => path.join(GATSBY_DIR, file);
/** Gatsby's own modules, as Gatsby requires them (they are not its public API, so not imported by name). */
const gatsbyRequire = createRequire(gatsbyFile("package.json"));

/** Fails with what changed in this Gatsby and where the core relies on it. */
function contract(holds: boolean, changed: string, reliedOnBy: string): void {
  if (holds) return;
  throw new Error(
    `Gatsby ${GATSBY_VERSION} no longer matches the core's gatsby-internals: ${changed}. ${reliedOnBy} relies on it. ` +
      `Update plugins/gatsby-theme-mainstreet-core/src/gatsby-internals/ (see docs/architecture.md, "Upgrading Gatsby").`,
  );
}

type CacheGroup = { name?: unknown; test?: unknown; priority?: unknown };
type GatsbyWebpackConfig = SplitChunksConfig &
  CachedConfig & {
    entry?: Record<string, unknown>;
    output?: { chunkFilename?: unknown };
    optimization?: { runtimeChunk?: { name?: string }; splitChunks?: false | { cacheGroups?: Record<string, unknown> } };
  };

type WebpackConfigModule = (program: object, directory: string, stage: string, port: null, options: object) => Promise<GatsbyWebpackConfig>;

/**
 * Gatsby's webpack configuration for `gatsby build`'s browser bundle, from Gatsby's own code: the redux store
 * given the program and site config a build would give it, no plugins (so none of ours changes it).
 */
async function gatsbyProductionConfig(): Promise<GatsbyWebpackConfig> {
  const { store } = gatsbyRequire("./dist/redux") as { store: { dispatch: (action: { type: string; payload: object }) => void } };
  const program = { directory: REPO_ROOT, extensions: [".mjs", ".js", ".jsx", ".wasm", ".json", ".tsx", ".ts"], browserslist: ["defaults"], prefixPaths: false, noUglify: false, profile: false };
  store.dispatch({ type: "SET_PROGRAM", payload: program });
  store.dispatch({ type: "SET_SITE_CONFIG", payload: { pathPrefix: "", assetPrefix: "", trailingSlash: "always", polyfill: true, jsxRuntime: "classic" } });
  const webpackConfig = gatsbyRequire("./dist/utils/webpack.config.js") as WebpackConfigModule;
  return webpackConfig(program, REPO_ROOT, "build-javascript", null, {});
}

describe(`Gatsby's production webpack configuration (gatsby ${GATSBY_VERSION})`, () => {
  let config: GatsbyWebpackConfig;

  beforeAll(async () => {
    config = await gatsbyProductionConfig();
  }, 60_000);

  const cacheGroups = () => (config.optimization?.splitChunks ? (config.optimization.splitChunks.cacheGroups ?? {}) : {});

  it("has the app entry, the framework chunk and webpack's runtime in a chunk of its own", () => {
    contract(Object.keys(config.entry ?? {}).includes(APP_CHUNK), `its entry is no longer named "${APP_CHUNK}" (entries: ${Object.keys(config.entry ?? {}).join(", ")})`, "the app chunk compile-hints.ts and html-output.ts treat as a start-up script");
    const framework = cacheGroups()[FRAMEWORK_CHUNK] as CacheGroup | undefined;
    contract(framework?.name === FRAMEWORK_CHUNK, `no split-chunk group names a chunk "${FRAMEWORK_CHUNK}" (groups: ${Object.keys(cacheGroups()).join(", ")})`, "framework-first.ts, which runs React's modules in the framework script's own task,");
    contract(config.optimization?.runtimeChunk?.name === WEBPACK_RUNTIME_CHUNK, `webpack's runtime is not in a chunk of its own named "${WEBPACK_RUNTIME_CHUNK}" (runtimeChunk: ${JSON.stringify(config.optimization?.runtimeChunk)})`, "isStartupChunk, which leaves the runtime out of the start-up scripts,");
  });

  it(`has the "${SHARED_CACHE_GROUP}" split-chunk group, its name and test functions, at priority ${SHARED_GROUP_PRIORITY}`, () => {
    const shared = sharedCacheGroup(config);
    contract(shared !== undefined, `the split-chunk group "${SHARED_CACHE_GROUP}" is gone (groups: ${Object.keys(cacheGroups()).join(", ")})`, "shared-chunks.ts (chunks named by their users, template modules kept in templates)");
    contract(typeof shared?.name === "function" && typeof shared?.test === "function", `the "${SHARED_CACHE_GROUP}" group's name or test is no longer a function`, "shared-chunks.ts, which wraps Gatsby's test and replaces its name,");
    contract(shared?.priority === SHARED_GROUP_PRIORITY, `the "${SHARED_CACHE_GROUP}" group's priority is ${String(shared?.priority)}, not ${SHARED_GROUP_PRIORITY}`, "shareSmallModules (its api-read group must rank above it)");
  });

  it(`names chunks loaded later "${GATSBY_CHUNK_FILENAME}" and keeps a filesystem cache with build dependencies`, () => {
    contract(config.output?.chunkFilename === GATSBY_CHUNK_FILENAME, `output.chunkFilename is ${JSON.stringify(config.output?.chunkFilename)}`, "shortenChunkHashes");
    const cache = persistentCache(config);
    contract(Array.isArray(cache?.buildDependencies?.config), `the persistent cache is not a filesystem cache with buildDependencies.config (cache: ${JSON.stringify(config.cache)})`, "addCacheBuildDependency");
  });

  it("takes every change the core's onCreateWebpackConfig makes", () => {
    const shared = sharedCacheGroup(config) as CacheGroup;
    const [gatsbyName, gatsbyTest] = [shared.name, shared.test];
    nameSharedChunksByTheirUsers(config);
    keepTemplateModulesInTemplates(config);
    shareSmallModules(config);
    shortenChunkHashes(config);
    addCacheBuildDependency(config, `${path.join(REPO_ROOT, "plugins")}${path.sep}`);
    expect(shared.name).not.toBe(gatsbyName);
    expect(shared.test).not.toBe(gatsbyTest);
    expect(cacheGroups().apiRead).toEqual(expect.objectContaining({ name: "api-read", priority: SHARED_GROUP_PRIORITY + 5 }));
    expect(config.output?.chunkFilename).toBe("[name]-[contenthash:12].js");
    expect(persistentCache(config)?.buildDependencies?.config).toContain(`${path.join(REPO_ROOT, "plugins")}${path.sep}`);
  });
});

describe(`Gatsby's names and markup (gatsby ${GATSBY_VERSION})`, () => {
  it("names a page template's chunk with the template prefix", () => {
    const { generateComponentChunkName } = gatsbyRequire("./dist/utils/js-chunk-names.js") as { generateComponentChunkName: (file: string) => string };
    const name = generateComponentChunkName(templatePath("home"));
    contract(isTemplateChunk(name), `a page template's chunk is now named ${JSON.stringify(name)}`, "keepTemplateModulesInTemplates");
  });

  it("writes the app's scripts as tags takeAppScripts finds, in the scripts slice and in a page rendered without slices", () => {
    const slice = fs.readFileSync(gatsbyFile("dist/utils/gatsby-webpack-stats-extractor.js"), "utf8");
    const sliceTag = "`<script src=\"${this.publicPath}/${asset}\" async></script>`";
    contract(slice.includes(sliceTag) && slice.includes("`app` in assets"), `the scripts slice (dist/utils/gatsby-webpack-stats-extractor.js) no longer writes ${sliceTag} for the app's assets`, "html-output.ts, which moves those tags to after load,");
    const staticEntry = fs.readFileSync(gatsbyFile("cache-dir/static-entry.js"), "utf8");
    const elementTag = "<script key={scriptPath} src={scriptPath} async />";
    contract(staticEntry.includes(elementTag), `cache-dir/static-entry.js no longer renders the app's scripts as ${elementTag}`, "html-output.ts");

    const written = [`<script src="/app-1a.js" async></script>`, renderToStaticMarkup(React.createElement("script", { src: "/framework-2b.js", async: true }))];
    const { sources, rest } = takeAppScripts(`<body><p>page</p>${written.join("")}</body>`);
    expect(sources).toEqual(["/app-1a.js", "/framework-2b.js"]);
    expect(rest).toBe("<body><p>page</p></body>");
  });

  it("inlines the site's stylesheet in every page's head as globalCssOf finds it", () => {
    const staticEntry = fs.readFileSync(gatsbyFile("cache-dir/static-entry.js"), "utf8");
    const written = ["data-href={`${__PATH_PREFIX__}/${style.name}`}", "data-identity={`gatsby-global-css`}", "__html: style.content"];
    contract(written.every((part) => staticEntry.includes(part)), "cache-dir/static-entry.js no longer inlines the stylesheet as <style data-href data-identity=\"gatsby-global-css\">", "html-output.ts, which cuts it to each page's rules,");
    const rendered = renderToStaticMarkup(React.createElement("style", { "data-href": "/styles.1a.css", "data-identity": "gatsby-global-css", dangerouslySetInnerHTML: { __html: ".a{color:red}" } }));
    const found = globalCssOf(`<head>${rendered}</head>`);
    expect(found?.href).toBe("/styles.1a.css");
    expect(found?.css).toBe(".a{color:red}");
    expect(found?.replace(".b{}")).toBe('<head><style data-href="/styles.1a.css" data-identity="gatsby-global-css">.b{}</style></head>');
  });

  it("keeps the browser halves the core replaces with nothing where their patterns find them", () => {
    const partytown = gatsbyFile("dist/internal-plugins/partytown/gatsby-browser.js");
    contract(fs.existsSync(partytown) && PARTYTOWN_BROWSER_ENTRY.test(partytown), `the Partytown plugin's browser half is no longer ${path.relative(GATSBY_DIR, partytown)}`, "onCreateWebpackConfig's module replacement");
    const manifest = require.resolve("gatsby-plugin-manifest/gatsby-browser.js", { paths: [REPO_ROOT] });
    contract(MANIFEST_BROWSER_ENTRY.test(manifest), `gatsby-plugin-manifest's browser half is now ${manifest}`, "onCreateWebpackConfig's module replacement");
  });

  it(`writes the browser plugins' list (${BROWSER_PLUGINS_LIST.source}) with each require on one line and its options as JSON on the next`, () => {
    const writer = fs.readFileSync(gatsbyFile("dist/services/initialize.js"), "utf8");
    contract(writer.includes("api-runner-browser-plugins.js"), "Gatsby no longer writes .cache/api-runner-browser-plugins.js from services/initialize.js", "node/browser-plugin-options-loader.js");
    contract(/plugin: require\('\$\{[^}]+\}'\),\n\s*options: \$\{JSON\.stringify\(plugin\.options\)\},/.test(writer), "the entries of the browser plugins' list are no longer `plugin: require('…'),` then `options: <JSON>,` on the next line", "node/browser-plugin-options-loader.js, which blanks the options of the halves replaced with nothing,");
  });

  it("mounts the app in the elements the browser code looks up, and writes the chunk map the service worker hashes", () => {
    const html = fs.readFileSync(gatsbyFile("cache-dir/default-html.js"), "utf8");
    contract(html.includes(`id="${GATSBY_ROOT_ID}"`), `cache-dir/default-html.js no longer gives the app's root the id "${GATSBY_ROOT_ID}"`, "modal-layer.tsx, which makes the page inert behind a modal,");
    const app = fs.readFileSync(gatsbyFile("cache-dir/production-app.js"), "utf8");
    contract(app.includes(`id="${GATSBY_FOCUS_WRAPPER_ID}"`), `cache-dir/production-app.js no longer renders the page inside id "${GATSBY_FOCUS_WRAPPER_ID}"`, "browser-api.ts, which hydrates only when that wrapper holds server HTML,");
    const stats = fs.readFileSync(gatsbyFile("dist/utils/gatsby-webpack-stats-extractor.js"), "utf8");
    contract(stats.includes(`\`${CHUNK_MAP_FILE}\``), `dist/utils/gatsby-webpack-stats-extractor.js no longer writes public/${CHUNK_MAP_FILE}`, "service-worker/build.ts, whose sw.js changes with it on every build of new code,");
  });
});
