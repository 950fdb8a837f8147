/**
 * Everything the core assumes about Gatsby's internals: the names Gatsby's production webpack configuration
 * gives chunks and split-chunk groups, where in that configuration they sit, the browser entry files of its
 * plugins, and the tags it writes for the app's scripts. None of this is Gatsby's public API, so it lives
 * here alone; the build's webpack plugins and HTML rewrites call only this module. The contract test beside
 * it (__tests__/contract.test.ts) loads Gatsby's real configuration and source and names what changed;
 * docs/architecture.md ("Upgrading Gatsby") says what to do then.
 */

/** The chunk Gatsby splits React, ReactDOM, the scheduler and prop-types into (cache group `framework`). */
export const FRAMEWORK_CHUNK = "framework";

/** The file Gatsby writes in public/ mapping each template to its chunks; it changes with every build of new code. */
export const CHUNK_MAP_FILE = "chunk-map.json";

/** Gatsby's entry: the app chunk every page loads. */
export const APP_CHUNK = "app";

/** The chunk of webpack's runtime (Gatsby's `optimization.runtimeChunk`). */
export const WEBPACK_RUNTIME_CHUNK = "webpack-runtime";

/** What the build's plugins ask of a webpack chunk. */
export interface ChunkLike {
  name?: string | null;
  canBeInitial(): boolean;
  hasRuntime(): boolean;
}

/**
 * A script every page loads at start, other than webpack's runtime (Gatsby gives the runtime a chunk of its
 * own): Gatsby's framework and app chunks, and `commons` when a module is in every template.
 */
export const isStartupChunk = (chunk: ChunkLike): boolean => chunk.canBeInitial() && !chunk.hasRuntime();

/** Gatsby's framework chunk, as the page loads it at start. */
export const isFrameworkChunk = (chunk: ChunkLike): boolean => chunk.name === FRAMEWORK_CHUNK && isStartupChunk(chunk);

/** Gatsby names a page template's chunk `component---` and the template's path, kebab-cased. */
const TEMPLATE_CHUNK_PREFIX = "component---";

export const isTemplateChunk = (name: string | null | undefined): boolean => (name ?? "").startsWith(TEMPLATE_CHUNK_PREFIX);

/** The split-chunk group that takes modules two or more lazily loaded chunks share. */
export const SHARED_CACHE_GROUP = "shared";

/** That group's priority: a group of ours that must take modules before it ranks above. */
export const SHARED_GROUP_PRIORITY = 10;

/** Gatsby's name for a chunk loaded after the app (a page template, a part loaded with import()). */
export const GATSBY_CHUNK_FILENAME = "[name]-[contenthash].js";

/** Browser halves of Gatsby's plugins no Mainstreet page runs, as webpack resolves their files. */
export const PARTYTOWN_BROWSER_ENTRY = /internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/;
export const MANIFEST_BROWSER_ENTRY = /gatsby-plugin-manifest[\\/]gatsby-browser\.js$/;

/** The module Gatsby generates that lists each plugin's browser half with its options. */
export const BROWSER_PLUGINS_LIST = /[\\/]\.cache[\\/]api-runner-browser-plugins\.js$/;

/** The part of webpack's config the split-chunk changes read and write. */
export type SplitChunksConfig = { optimization?: { splitChunks?: false | { cacheGroups?: Record<string, unknown> } } };

/** Gatsby's `shared` group as the core rewrites it: its chunk name and its module test. */
type SharedGroup = { name?: unknown; test?: unknown; priority?: unknown };

/** Gatsby's `shared` split-chunk group, when the config has one (a develop build or a test's config may not). */
export function sharedCacheGroup(config: SplitChunksConfig): SharedGroup | undefined {
  const splitChunks = config.optimization?.splitChunks;
  return splitChunks ? (splitChunks.cacheGroups?.[SHARED_CACHE_GROUP] as SharedGroup | undefined) : undefined;
}

/** Adds a split-chunk group beside Gatsby's; nothing when the config splits no chunks. */
export function addCacheGroup(config: SplitChunksConfig, name: string, group: Record<string, unknown>): void {
  const splitChunks = config.optimization?.splitChunks;
  if (!splitChunks) return;
  splitChunks.cacheGroups = { ...splitChunks.cacheGroups, [name]: group };
}

export type CachedConfig = { cache?: boolean | { type?: string; buildDependencies?: Record<string, string[]> } };

/**
 * Gatsby's persistent webpack cache (`.cache/webpack`, type `filesystem`), whose `buildDependencies.config`
 * lists Gatsby's webpack config and each plugin's gatsby-node; none in a config without it.
 */
export function persistentCache(config: CachedConfig): { buildDependencies?: Record<string, string[]> } | undefined {
  const cache = config.cache;
  return cache && typeof cache === "object" && cache.type === "filesystem" ? cache : undefined;
}

/**
 * Gatsby's tags for the app's scripts, as its `_gatsby-scripts` slice (static-entry.js) writes them at the
 * end of the body: `<script src={…} async />`, which React renders `async=""` and some serialisers `async`.
 */
const APP_SCRIPT_TAG = /<script src="([^"]+\.js)" async=""><\/script>|<script src="([^"]+\.js)" async><\/script>/g;

/** The page without Gatsby's app script tags: their sources in order, and where the first one stood (-1: none). */
export function takeAppScripts(html: string): { sources: string[]; rest: string; at: number } {
  const sources: string[] = [];
  let at = -1;
  const rest = html.replace(APP_SCRIPT_TAG, (_tag, quoted: string | undefined, bare: string | undefined, offset: number) => {
    if (at === -1) at = offset;
    sources.push((quoted ?? bare) as string);
    return "";
  });
  return { sources, rest, at };
}

/**
 * The site's stylesheet as Gatsby inlines it in every page's head (static-entry.js): `<style data-href="/styles.<hash>.css"
 * data-identity="gatsby-global-css">` with the whole file's text, which it also writes to public/ under that name.
 */
const GLOBAL_CSS_STYLE = /(<style data-href="([^"]+\.css)" data-identity="gatsby-global-css">)([\s\S]*?)(<\/style>)/;

/** The inlined stylesheet's file (its URL) and its text, and the page with other text in its place; null: none. */
export function globalCssOf(html: string): { href: string; css: string; replace: (css: string) => string } | null {
  const match = GLOBAL_CSS_STYLE.exec(html);
  if (!match) return null;
  const [whole, open, href, css, close] = match;
  return { href, css, replace: (next) => html.slice(0, match.index) + open + next + close + html.slice(match.index + whole.length) };
}
