import { GATSBY_CHUNK_FILENAME, addCacheBuildDependency, nameSharedChunksByTheirUsers, shareSmallModules, shortenChunkHashes, type CachedConfig, type SharedChunk } from "../shared-chunks";

const SITE = "/site";

/** A chunk as webpack's split-chunks step sees it: a name, or none for one loaded with import(). */
function chunk(name: string | null, origins: [from: string, request: string][] = []): SharedChunk {
  return { name, groupsIterable: [{ origins: origins.map(([from, request]) => ({ request, module: { nameForCondition: () => `${SITE}/${from}` } })) }] };
}

function sharedName(): (module: unknown, chunks: SharedChunk[]) => string {
  const shared: { name?: unknown } = { name: () => "gatsby's" };
  nameSharedChunksByTheirUsers({ context: SITE, optimization: { splitChunks: { cacheGroups: { shared } } } });
  return shared.name as (module: unknown, chunks: SharedChunk[]) => string;
}

const footer = chunk(null, [["src/components/footer.tsx", "./footer-body"]]);
const modal = chunk(null, [["src/components/modal.tsx", "./modal-layer"]]);
const tray = chunk(null, [["src/components/header.tsx", "./tray-layer"]]);
const cart = chunk(null, [["src/ordering/cart-button.tsx", "./cart-button-body"]]);
const home = chunk("component---home");
const about = chunk("component---about");

describe("shared chunks are named after the parts that use them", () => {
  const name = sharedName();

  it.each([
    ["the same unnamed chunks, in any order", [footer, modal], [modal, footer], true],
    ["as many unnamed chunks, but other ones (Gatsby's own name made these one chunk)", [footer, cart], [modal, tray], false],
    ["one chunk more", [footer, modal], [footer, modal, tray], false],
    ["the same named chunks", [home, about], [about, home], true],
    ["named chunks differ", [home, footer], [about, footer], false],
  ])("%s", (_case, first, second, same) => {
    expect(name(null, first) === name(null, second)).toBe(same);
  });

  it("gives a hex name that does not depend on where the site is on disk", () => {
    const elsewhere: { name?: unknown } = {};
    nameSharedChunksByTheirUsers({ context: "/elsewhere", optimization: { splitChunks: { cacheGroups: { shared: elsewhere } } } });
    const movedFooter: SharedChunk = { name: null, groupsIterable: [{ origins: [{ request: "./footer-body", module: { nameForCondition: () => "/elsewhere/src/components/footer.tsx" } }] }] };
    const movedName = (elsewhere.name as typeof name)(null, [movedFooter]);
    expect(name(null, [footer])).toMatch(/^[0-9a-f]{40}$/);
    expect(movedName).toBe(name(null, [footer]));
  });

  it("leaves a config without split chunks as it is", () => {
    const config = { optimization: { splitChunks: false as const } };
    nameSharedChunksByTheirUsers(config);
    expect(config).toEqual({ optimization: { splitChunks: false } });
  });
});

describe("the API's read helpers get one chunk of their own", () => {
  type Group = { test: (module: { nameForCondition: () => string | null }) => boolean; name: string; minSize: number; chunks: string; priority: number };
  const module = (file: string) => ({ nameForCondition: () => file });

  it.each([
    ["/site/plugins/gatsby-theme-mainstreet-core/src/runtime/api-read.ts", true],
    ["/site/packages/rules/src/api-error.ts", true],
    ["/site/plugins/gatsby-theme-mainstreet-core/src/runtime/api-client.ts", false],
    ["/site/packages/rules/src/api-errors.ts", false],
    ["/site/node_modules/some-lib/src/api-read.ts", false],
  ])("%s: %s", (file, taken) => {
    const config = { optimization: { splitChunks: { cacheGroups: { shared: {} } as Record<string, unknown> } } };
    shareSmallModules(config);
    expect((config.optimization.splitChunks.cacheGroups.apiRead as Group).test(module(file))).toBe(taken);
  });

  it("however small, above Gatsby's shared group, keeping Gatsby's groups", () => {
    const shared = { priority: 10 };
    const config = { optimization: { splitChunks: { cacheGroups: { shared } as Record<string, unknown> } } };
    shareSmallModules(config);
    const group = config.optimization.splitChunks.cacheGroups.apiRead as Group;
    expect(config.optimization.splitChunks.cacheGroups.shared).toBe(shared);
    expect(group).toMatchObject({ name: "api-read", minSize: 0, chunks: "async" });
    expect(group.priority).toBeGreaterThan(shared.priority);
  });

  it("leaves a config without split chunks as it is", () => {
    const config = { optimization: { splitChunks: false as const } };
    shareSmallModules(config);
    expect(config).toEqual({ optimization: { splitChunks: false } });
  });
});

describe("chunk files named with 16 hex digits of their content's hash", () => {
  it.each<[string, unknown, unknown]>([
    ["Gatsby's name", GATSBY_CHUNK_FILENAME, "[name]-[contenthash:16].js"],
    ["another name, left as it is", "[id].js", "[id].js"],
    ["no name", undefined, undefined],
  ])("%s", (_case, before, after) => {
    const config = { output: { chunkFilename: before } };
    shortenChunkHashes(config);
    expect(config.output.chunkFilename).toBe(after);
  });
});

describe("the theme's node folder is a build dependency of webpack's persistent cache", () => {
  const FOLDER = "/site/plugins/gatsby-theme-mainstreet-core/src/node/";

  it("adds the folder to Gatsby's own dependencies (each plugin's gatsby-node), keeping them", () => {
    const config: CachedConfig = { cache: { type: "filesystem", buildDependencies: { config: ["/gatsby/webpack.config.js", "/site/plugins/core/gatsby-node.js"] } } };
    addCacheBuildDependency(config, FOLDER);
    expect(config.cache).toEqual({ type: "filesystem", buildDependencies: { config: ["/gatsby/webpack.config.js", "/site/plugins/core/gatsby-node.js", FOLDER] } });
  });

  it("starts the list when Gatsby gave none", () => {
    const config: CachedConfig = { cache: { type: "filesystem" } };
    addCacheBuildDependency(config, FOLDER);
    expect(config.cache).toEqual({ type: "filesystem", buildDependencies: { config: [FOLDER] } });
  });

  it.each<[string, CachedConfig["cache"]]>([
    ["no cache", undefined],
    ["the cache switched off", false],
    ["the memory cache", { type: "memory" }],
  ])("leaves %s as it is", (_case, cache) => {
    const config: CachedConfig = { cache };
    addCacheBuildDependency(config, FOLDER);
    expect(config.cache).toEqual(cache);
  });
});
