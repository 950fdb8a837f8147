import crypto from "node:crypto";
import path from "node:path";
import {
  addCacheGroup,
  GATSBY_CHUNK_FILENAME,
  isTemplateChunk,
  persistentCache,
  sharedCacheGroup,
  SHARED_GROUP_PRIORITY,
  type CachedConfig,
  type SplitChunksConfig,
} from "../gatsby-internals";

/** Hex digits of a shared chunk's name, and of a chunk file's content hash. */
const SHARED_NAME_DIGITS = 12;
const CONTENT_HASH_DIGITS = 12;

export type SharedChunk = { name?: string | null; groupsIterable: Iterable<{ origins: { request?: string; module?: { nameForCondition?: () => string | null } | null }[] }> };

/**
 * Gatsby's `shared` split-chunk group names a chunk after the names of the chunks that use its modules.
 * A chunk loaded with `import()` has no name, so every module shared by the same NUMBER of such chunks
 * would land in one chunk: the footer's body (hours, the open-status badge) would pull framer-motion and the
 * cart with it, code no footer needs. Here an unnamed chunk is named after the import()s that load it
 * (the requesting file, relative to the site, and the request), so modules go together only when the same
 * parts use them.
 */
export function nameSharedChunksByTheirUsers(config: SplitChunksConfig & { context?: string }): void {
  const shared = sharedCacheGroup(config);
  if (!shared) return;
  const context = config.context ?? process.cwd();
  const chunkKey = (chunk: SharedChunk): string => {
    if (chunk.name) return chunk.name;
    const origins: string[] = [];
    for (const group of chunk.groupsIterable) {
      for (const origin of group.origins) {
        const from = origin.module?.nameForCondition?.() ?? "";
        origins.push(`${from ? path.relative(context, from) : ""}>${origin.request ?? ""}`);
      }
    }
    return origins.sort().join(",");
  };
  // 12 hex digits (48 bits) tell a build's few dozen shared chunks apart; every page's webpack runtime lists each
  // name, and hex does not compress: the whole sha1 cost 28 more digits per name there.
  shared.name = (_module: unknown, chunks: SharedChunk[]) =>
    crypto.createHash("sha1").update(chunks.map(chunkKey).sort().join("|")).digest("hex").slice(0, SHARED_NAME_DIGITS);
}

type ChunkGraphLike = { getModuleChunksIterable: (module: never) => Iterable<{ name?: string | null }> };
type SharedTest = (module: never, context: { chunkGraph: ChunkGraphLike }) => boolean;

/**
 * A module only page templates share stays in each template's chunk. Gatsby's `shared` group splits such
 * modules into a chunk of their own (the salon's home, services and category pages share listing code), so a
 * first load would request two chunks for its template, both from the task that handles the page data: under
 * Lighthouse's tracing, starting each request adds to that task, the more on its slowed-down simulated phone.
 * The page loads the same bytes in one request; a later visit to another of those templates loads them again.
 * A module a part loaded with import() shares is still split by Gatsby's group.
 */
export function keepTemplateModulesInTemplates(config: SplitChunksConfig): void {
  const shared = sharedCacheGroup(config);
  if (!shared) return;
  const gatsbyTest = typeof shared.test === "function" ? (shared.test as SharedTest) : () => true;
  shared.test = ((module, context) => {
    if (!gatsbyTest(module, context)) return false;
    for (const chunk of context.chunkGraph.getModuleChunksIterable(module)) if (!isTemplateChunk(chunk.name)) return true;
    return false;
  }) satisfies SharedTest;
}

/** Modules that get a chunk of their own however small (`test` matches a module's file). */
const SMALL_SHARED_MODULES = /[\\/](runtime[\\/]api-read|rules[\\/]src[\\/]api[\\/]api-error)\.ts$/;

/**
 * The API's read helpers (runtime/api-read.ts, and the rules' api/api-error.ts it uses) serve most parts that load
 * after the page: reviews, what is sold out, the forms, the cart, checkout. Under the shared group's 20 kB
 * minimum, webpack would copy them into each part's chunk, and an item page would load them twice (its Add
 * button's chunk and its reviews'). They get one small chunk, loaded once by whichever part comes first.
 */
export function shareSmallModules(config: SplitChunksConfig): void {
  addCacheGroup(config, "apiRead", {
    test: (module: { nameForCondition?: () => string | null }) => SMALL_SHARED_MODULES.test(module.nameForCondition?.() ?? ""),
    name: "api-read",
    chunks: "async",
    minChunks: 2,
    minSize: 0,
    // Above Gatsby's `shared` group, which would otherwise take them with a part's other modules.
    priority: SHARED_GROUP_PRIORITY + 5,
    reuseExistingChunk: true,
  });
}

/**
 * The webpack runtime, on every page, lists the file of every chunk the site can load: dozens of hashes of
 * 20 hex digits each, which gzip cannot shrink. 12 digits (48 bits: a file changed by a deploy keeps its name
 * with a chance of one in 280 trillion) do the cache-busting as well, in about 0.5 KiB fewer on every page. A
 * chunk name other than Gatsby's is left as it is.
 */
export function shortenChunkHashes(config: { output?: { chunkFilename?: unknown } }): void {
  if (config.output?.chunkFilename === GATSBY_CHUNK_FILENAME) config.output.chunkFilename = `[name]-[contenthash:${CONTENT_HASH_DIGITS}].js`;
}

/**
 * Gatsby keys webpack's persistent cache (`.cache/webpack`) on each plugin's gatsby-node file, and webpack does
 * not follow the TypeScript ours loads. A change to how this folder shapes the build (the compile hint, the
 * chunk splitting) would go unseen: the next build would reuse chunks made the old way, under the same hashed
 * names, and webpack does not rewrite a file whose hashed name is already on disk. `folder` (with its trailing
 * separator, webpack's form for a directory) becomes a build dependency of the cache.
 */
export function addCacheBuildDependency(config: CachedConfig, folder: string): void {
  const cache = persistentCache(config);
  if (!cache) return;
  const dependencies = cache.buildDependencies ?? {};
  cache.buildDependencies = { ...dependencies, config: [...(dependencies.config ?? []), folder] };
}
