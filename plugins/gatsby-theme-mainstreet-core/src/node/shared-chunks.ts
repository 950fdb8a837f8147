import crypto from "node:crypto";
import path from "node:path";

export type SharedChunk = { name?: string | null; groupsIterable: Iterable<{ origins: { request?: string; module?: { nameForCondition?: () => string | null } | null }[] }> };

/**
 * Gatsby's `shared` split-chunk group names a chunk after the names of the chunks that use its modules.
 * A chunk loaded with `import()` has no name, so every module shared by the same NUMBER of such chunks
 * landed in one chunk: the footer's body (hours, the open-status badge) pulled framer-motion and the cart
 * with it, 27 KiB gzip no footer needs. Here an unnamed chunk is named after the import()s that load it
 * (the requesting file, relative to the site, and the request), so modules go together only when the same
 * parts use them.
 */
export function nameSharedChunksByTheirUsers(config: { context?: string; optimization?: { splitChunks?: false | { cacheGroups?: Record<string, unknown> } } }): void {
  const splitChunks = config.optimization?.splitChunks;
  const shared = splitChunks ? (splitChunks.cacheGroups?.shared as { name?: unknown } | undefined) : undefined;
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
  shared.name = (_module: unknown, chunks: SharedChunk[]) => crypto.createHash("sha1").update(chunks.map(chunkKey).sort().join("|")).digest("hex");
}
