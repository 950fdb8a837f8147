import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import webpack from "webpack";
import { addCacheBuildDependency, keepTemplateModulesInTemplates, nameSharedChunksByTheirUsers, shareSmallModules, shortenChunkHashes, type SharedChunk } from "../shared-chunks";
import { GATSBY_CHUNK_FILENAME, type CachedConfig } from "../../gatsby-internals";

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
    expect(name(null, [footer])).toMatch(/^[0-9a-f]{12}$/);
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
    ["/site/packages/rules/src/api/api-error.ts", true],
    ["/site/plugins/gatsby-theme-mainstreet-core/src/runtime/api-client.ts", false],
    ["/site/packages/rules/src/api/api-errors.ts", false],
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

/**
 * A real webpack build with Gatsby's `shared` group as Gatsby 5 writes it: two page templates (chunks named
 * `component---…`) share a listing module; one of them and a part loaded with import() share a helper.
 * Returns, for each module, the names (or ids) of the chunks holding it.
 */
async function chunksOfModules(keep: boolean): Promise<Record<string, string[]>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shared-chunks-"));
  try {
    const files: Record<string, string> = {
      "app.js": 'import(/* webpackChunkName: "component---home" */ "./home");\nimport(/* webpackChunkName: "component---services" */ "./services");\nimport("./part");\n',
      "home.js": 'import { list } from "./listing";\nexport default () => list(["home"]);\n',
      "services.js": 'import { list } from "./listing";\nimport { helper } from "./helper";\nexport default () => list(["services"]) + helper();\n',
      "part.js": 'import { helper } from "./helper";\nexport default () => helper();\n',
      "listing.js": 'export function list(items) {\n  return items.map((item) => "<li>" + item + "</li>").join("");\n}\n',
      "helper.js": 'export function helper() {\n  return "help";\n}\n',
    };
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    type Chunk = { canBeInitial: () => boolean };
    const config = {
      mode: "production" as const,
      context: dir,
      entry: { app: "./app.js" },
      output: { path: path.join(dir, "out") },
      optimization: {
        splitChunks: {
          chunks: "all" as const,
          minSize: 0,
          cacheGroups: {
            default: false as const,
            defaultVendors: false as const,
            shared: {
              test(_module: unknown, { chunkGraph }: { chunkGraph: { getModuleChunksIterable: (module: unknown) => Iterable<Chunk> } }) {
                for (const chunk of chunkGraph.getModuleChunksIterable(_module)) if (chunk.canBeInitial()) return false;
                return true;
              },
              name: (_module: unknown, chunks: { name?: string | null; id?: unknown }[]) => `shared-${chunks.map((chunk) => chunk.name ?? chunk.id).join("+")}`,
              priority: 10,
              minChunks: 2,
              reuseExistingChunk: true,
            },
          },
        },
      },
    };
    if (keep) keepTemplateModulesInTemplates(config);
    const stats = await new Promise<webpack.Stats>((resolve, reject) => {
      const compiler = webpack(config as webpack.Configuration);
      compiler.run((error, result) => {
        compiler.close(() => undefined);
        if (error || !result) reject(error ?? new Error("webpack gave no stats"));
        else if (result.hasErrors()) reject(new Error(result.toString("errors-only")));
        else resolve(result);
      });
    });
    const holders: Record<string, string[]> = {};
    for (const chunk of stats.toJson({ chunks: true, chunkModules: true }).chunks ?? []) {
      const chunkName = chunk.names?.[0] ?? "(part)";
      for (const module of chunk.modules ?? []) {
        const file = path.basename(String(module.name ?? ""));
        (holders[file] ??= []).push(chunkName);
      }
    }
    for (const list of Object.values(holders)) list.sort();
    return holders;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("a module only page templates share stays in each template's chunk", () => {
  let gatsby: Record<string, string[]>;
  let ours: Record<string, string[]>;
  beforeAll(async () => {
    [gatsby, ours] = await Promise.all([chunksOfModules(false), chunksOfModules(true)]);
  }, 60_000);

  it("Gatsby's group alone splits the templates' listing into a chunk of its own (the control)", () => {
    expect(gatsby["listing.js"]).toEqual(["shared-component---home+component---services"]);
  });

  it("kept in both templates' chunks: a first load requests one chunk for its template", () => {
    expect(ours["listing.js"]).toEqual(["component---home", "component---services"]);
  });

  it("a module a part loaded with import() shares is still split into a chunk of its own", () => {
    expect(ours["helper.js"]).toHaveLength(1);
    expect(ours["helper.js"][0]).toMatch(/^shared-/);
    expect(ours["helper.js"]).toEqual(gatsby["helper.js"]);
  });

  it("leaves a config without Gatsby's shared group as it is", () => {
    const config = { optimization: { splitChunks: { cacheGroups: {} } } };
    keepTemplateModulesInTemplates(config);
    expect(config).toEqual({ optimization: { splitChunks: { cacheGroups: {} } } });
  });
});

describe("chunk files named with 12 hex digits of their content's hash", () => {
  it.each<[string, unknown, unknown]>([
    ["Gatsby's name", GATSBY_CHUNK_FILENAME, "[name]-[contenthash:12].js"],
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
