import path from "node:path";
import type { GatsbyNode, Reporter } from "gatsby";
import { RECIPES } from "@mainstreet/rules/business/site-config";
import { OFFLINE_PAGE_PATH } from "@mainstreet/rules/site/service-worker";
import { BusinessDataError, loadSite, type SiteBuild } from "@mainstreet/rules/business/load-site";
import type { Navigation } from "@mainstreet/rules/site/navigation";
import { paletteBase, tokenStylesheet } from "@mainstreet/rules/site/recipe-tokens";
import { brandPalette } from "@mainstreet/rules/site/color";
import { businessNodes, typeDefs } from "./gatsby-nodes";
import { compactPublishedIcons, writeAppIcon } from "./app-icon";
import { parseThemeOptions, type ThemeOptions } from "./theme-options";
import { templatePath } from "./template-path";
import { finishBuiltHtml, repairBuiltHtml } from "./html-output";
import { writePageWatch } from "./page-watch-bundle";
import { PartCodePlugin, partCodeFiles } from "./part-code";
import type { BusinessNode, LocationNode } from "../data/node-shapes";
import { builtAvailability } from "@mainstreet/rules/orders/live-availability";
import { precompressDir } from "./precompress";
import { interfaceTexts, publishFonts } from "./fonts";
import { businessTexts } from "@mainstreet/rules/site/font-subset";
import { writeServiceWorker } from "../service-worker/build";
import { CompileHintsPlugin } from "./compile-hints";
import { FrameworkFirstPlugin } from "./framework-first";
import { BROWSER_PLUGINS_LIST, MANIFEST_BROWSER_ENTRY, PARTYTOWN_BROWSER_ENTRY } from "../gatsby-internals";
import { addCacheBuildDependency, keepTemplateModulesInTemplates, nameSharedChunksByTheirUsers, shareSmallModules, shortenChunkHashes } from "./shared-chunks";

export { createResolvers } from "./structured-data-resolvers";

/**
 * The core theme's gatsby-node only orchestrates: the data is validated by the shared schema, pages are
 * planned by the pure page plan, node shapes come from gatsby-nodes.ts, and every page is created from
 * this theme's own `*-query` templates, whatever the recipe. The business is read, validated and planned
 * once per process (`loadSite`); each API below receives that one result.
 */
function siteOrPanic(reporter: Reporter): SiteBuild {
  try {
    return loadSite(process.env);
  } catch (error) {
    if (error instanceof BusinessDataError) {
      return reporter.panic(`The business data file is invalid:\n${error.problems.join("\n")}`);
    }
    throw error;
  }
}

/** Where the interface's labels are written: this theme, the recipe and the rules (hours, menus, navigation). */
function interfaceSourceDirs(recipe: string): string[] {
  const packageSrc = (name: string) => path.join(path.dirname(require.resolve(`${name}/package.json`)), "src");
  return [path.join(__dirname, ".."), packageSrc(`gatsby-theme-${recipe}`), packageSrc("@mainstreet/rules")];
}

function optionsOrPanic(value: unknown, reporter: Reporter): ThemeOptions {
  try {
    return parseThemeOptions(value);
  } catch (error) {
    return reporter.panic(error instanceof Error ? error.message : String(error));
  }
}

export const pluginOptionsSchema: GatsbyNode["pluginOptionsSchema"] = ({ Joi }) =>
  Joi.object({
    recipe: Joi.string()
      .valid(...RECIPES)
      .required()
      .description(`The recipe (child theme) building the site, whose src/tokens.ts holds its design tokens: ${RECIPES.join(", ")}.`),
  });

export const onPreInit: GatsbyNode["onPreInit"] = async ({ reporter }, pluginOptions) => {
  const { published: business, config } = siteOrPanic(reporter);
  const { tokens } = optionsOrPanic(pluginOptions, reporter);
  const { dataDir } = config;
  await writeAppIcon({
    name: business.name,
    logoFile: business.logo ? path.join(dataDir, business.logo.file) : undefined,
    // The palette's shade: white initials on it are AA, whatever the business's colour.
    brandColor: brandPalette(business.brandIdentity?.primaryColor, paletteBase(tokens)).brand,
  });
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(typeDefs);
};

export const sourceNodes: GatsbyNode["sourceNodes"] = async ({ actions, createNodeId, createContentDigest, reporter, store }, pluginOptions) => {
  const { published: business, siteUrl, config, plan } = siteOrPanic(reporter);
  const { recipe, tokens } = optionsOrPanic(pluginOptions, reporter);
  const { pages } = plan;
  const texts = [...businessTexts(business), ...interfaceTexts(interfaceSourceDirs(recipe))];
  const fonts = await publishFonts(tokens, path.join(store.getState().program.directory, "public"), texts);
  const recipeStyle = fonts.css + tokenStylesheet(tokens, business.brandIdentity?.primaryColor);
  for (const node of businessNodes({ business, siteUrl, recipe, recipeStyle, recipeFonts: fonts.faces, config, pages, buildTime: Date.now() })) {
    if (node.type === "MainstreetBusiness") (node.fields.navigation as Navigation).warnings.forEach((warning) => reporter.warn(`Navigation: ${warning}`));
    actions.createNode({
      ...node.fields,
      id: createNodeId(`${node.type}:${node.key}`),
      internal: { type: node.type, contentDigest: createContentDigest(node.fields) },
    });
  }
};

export const createPages: GatsbyNode["createPages"] = ({ actions, reporter }, pluginOptions) => {
  const { published: business, plan } = siteOrPanic(reporter);
  const { recipe } = optionsOrPanic(pluginOptions, reporter);
  const { pages, warnings } = plan;
  warnings.forEach((warning) => reporter.warn(warning));
  for (const page of pages) {
    actions.createPage({
      path: page.path,
      component: templatePath(page.template),
      context: { ...page.context, template: page.template },
    });
  }
  // What the service worker shows a visitor without a connection on a page they never opened; not a page
  // of the business, so it is not in the plan (no navigation, no sitemap) and is kept out of search.
  actions.createPage({
    path: OFFLINE_PAGE_PATH,
    component: templatePath("offline"),
    context: { id: "offline", title: "You are offline", canonicalPath: OFFLINE_PAGE_PATH, template: "offline" },
  });
  reporter.info(`Planned ${pages.length} pages for ${business.name} with the ${recipe} recipe`);
};

/**
 * Babel writes `a?.b` and `a ?? b` for the browsers that lack them (the supported list includes some) as
 * `null === a || void 0 === a ? …`, which only `document.all` (an object that equals undefined) needs; no code
 * here reads it. With Babel's `noDocumentAll` assumption each becomes `null == a ? …`, shorter at every use.
 */
export const onCreateBabelConfig: GatsbyNode["onCreateBabelConfig"] = ({ actions }) => {
  actions.setBabelOptions({ options: { assumptions: { noDocumentAll: true } } });
};

/**
 * Browser code no Mainstreet page runs, resolved to nothing so it is not in every page's bundle:
 * - the browser half of Gatsby's internal Partytown plugin, for `<Script strategy="off-main-thread">`, which no
 *   page uses (the tag manager is gatsby-plugin-google-tagmanager's inline snippet, present only with an id);
 * - gatsby-plugin-manifest's, which only switches between localised manifests (a site has one). Its helper
 *   `require`s "gatsby" as a whole, so every export of Gatsby's browser entry would count as used and
 *   gatsby-script would stay in the app bundle although nothing calls it.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, plugins, getConfig, reporter }) => {
  if (stage === "build-html" || stage === "develop-html") {
    // The document's language, written by the server render (runtime/ssr-api.ts says why not by each page's head).
    actions.setWebpackConfig({ plugins: [plugins.define({ "process.env.MAINSTREET_LOCALE": JSON.stringify(siteOrPanic(reporter).published.locale) })] });
    return;
  }
  if (stage !== "build-javascript" && stage !== "develop") return;
  const nothing = path.join(__dirname, "no-browser-apis.js");
  const browserPlugins = [
    plugins.normalModuleReplacement(PARTYTOWN_BROWSER_ENTRY, nothing),
    plugins.normalModuleReplacement(MANIFEST_BROWSER_ENTRY, nothing),
    // The tag-manager id as a constant even when unset (Gatsby leaves an unset GATSBY_ variable to run time), so
    // webpack drops the code only a tag manager needs (runtime/browser-api.ts).
    plugins.define({ "process.env.GATSBY_GTM_ID": JSON.stringify(siteOrPanic(reporter).config.gtmId ?? "") }),
  ];
  // Their options, which Gatsby would write into the app bundle all the same.
  const unreadOptions = {
    test: BROWSER_PLUGINS_LIST,
    enforce: "pre",
    use: [{ loader: path.join(__dirname, "browser-plugin-options-loader.js"), options: { replaced: [PARTYTOWN_BROWSER_ENTRY.source, MANIFEST_BROWSER_ENTRY.source] } }],
  };
  if (stage === "develop") {
    actions.setWebpackConfig({ plugins: browserPlugins, module: { rules: [unreadOptions] } });
    return;
  }
  // One replaced config (a replace after a set would drop what the set added).
  const config = getConfig();
  config.plugins = [...(config.plugins ?? []), ...browserPlugins, new CompileHintsPlugin(), new FrameworkFirstPlugin(), new PartCodePlugin()];
  config.module = { ...config.module, rules: [...(config.module?.rules ?? []), unreadOptions] };
  nameSharedChunksByTheirUsers(config);
  keepTemplateModulesInTemplates(config);
  shareSmallModules(config);
  shortenChunkHashes(config);
  addCacheBuildDependency(config, `${__dirname}${path.sep}`);
  actions.replaceWebpackConfig(config);
};


/** Gatsby writes HTML with React 18's streaming renderer, which pads it with NUL bytes (html-output.ts). */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ store, reporter, getNodesByType }) => {
  const { config, published } = siteOrPanic(reporter);
  const publicDir = path.join(store.getState().program.directory, "public");
  const { files, repaired, nulBytes } = repairBuiltHtml(publicDir);
  reporter.info(`HTML output: ${files} files checked, NUL padding removed from ${repaired.length} (${nulBytes} bytes)`);
  // The schedules the pages were built with: the location nodes' own, which the layout's query reads.
  const schedules = getNodesByType("MainstreetLocation").map((node) => (node as unknown as Pick<LocationNode, "openSchedule">).openSchedule);
  const ordering = published.ordering.enabled ? builtAvailability(published) : null;
  const partCode = partCodeFiles(publicDir);
  const watch = await writePageWatch(publicDir, { siteId: published.id, builtRevision: config.dataRevision, locale: published.locale, apiBase: config.apiBase, schedules, ordering, partCode }, Boolean(config.gtmId));
  reporter.info(`Page watcher: public${watch.href}, ${watch.bytes} bytes; the code of ${Object.keys(partCode).length} touch parts to prefetch when on screen`);
  const business = getNodesByType("MainstreetBusiness")[0] as unknown as Pick<BusinessNode, "recipeFonts"> | undefined;
  const finished = finishBuiltHtml(publicDir, watch.href, business?.recipeFonts ?? []);
  const kib = (n: number) => Math.round(n / 1024);
  const average = (bytes: number) => (finished.cut ? (bytes / finished.cut / 1024).toFixed(1) : "0");
  reporter.info(`HTML output: the app started on demand on ${finished.deferred} pages; the inlined stylesheet cut to what each page uses on ${finished.cut} pages (${average(finished.cssBefore)} → ${average(finished.cssAfter)} KiB a page)`);
  const icons = await compactPublishedIcons(publicDir);
  reporter.info(`App icons: ${icons.before} → ${icons.after} bytes`);
  // After the repair: the offline page's revision is taken from its final bytes.
  const bytes = await writeServiceWorker(publicDir, config.apiBase);
  reporter.info(`Service worker: public/sw.js, ${bytes} bytes`);
  // Last: it compresses each text file as it now stands, so nothing may change a file after it (the HTML
  // rewrites and sw.js above come first).
  const started = Date.now();
  const packed = await precompressDir(publicDir);
  reporter.info(`Precompressed: ${packed.files} text files, ${kib(packed.originalBytes)} KiB → ${kib(packed.gzipBytes)} KiB gzip, ${kib(packed.brotliBytes)} KiB brotli (${packed.written} copies written, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
};
