import fs from "node:fs";
import path from "node:path";
import type { Compiler } from "webpack";
import { PART_CODE_ATTRIBUTE, PART_CODE_PREFIX } from "../data/page-start";

/**
 * The files of the parts' code, for the page watcher to prefetch (runtime/page-watch.ts). A touch part names its
 * code after the file its `import()` loads (`code: "part-like-button-body"` for `import("./like-button-body")`),
 * which its server HTML carries (`data-part-code`); so may a part that loads when visible, and either may add the
 * code its own loads on the first touch (Add: `"part-add-to-cart-button-body part-item-modal"`, the item dialog).
 * The plugin writes, beside the build's scripts, every lazily loaded module's files by that name (its own chunk and
 * the shared chunks it needs); the build keeps those a page names. Nothing is added to webpack's runtime (a `webpackChunkName` per part would
 * list every name in it, on every page).
 */
export const PART_CODE_FILE = "part-code.json";

const NAME = "MainstreetPartCode";

/** The chunk groups of a compilation, as the plugin reads them. */
export interface LazyChunkGroup {
  isInitial(): boolean;
  origins: { request?: string | null }[];
  chunks: { files: Iterable<string> }[];
}

/** "part-" and the file each lazily loaded module's request names, with the scripts that load it, as URLs. */
export function lazyModuleFiles(groups: Iterable<LazyChunkGroup>): Record<string, string[]> {
  const files: Record<string, string[]> = {};
  for (const group of groups) {
    if (group.isInitial()) continue;
    const scripts = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith(".js")).map((file) => `/${file}`));
    if (scripts.length === 0) continue;
    for (const { request } of group.origins) {
      if (!request || !/^\.\.?\//.test(request)) continue;
      const code = `${PART_CODE_PREFIX}${path.basename(request).replace(/\.[jt]sx?$/, "")}`;
      files[code] = [...new Set([...(files[code] ?? []), ...scripts])];
    }
  }
  return files;
}

export class PartCodePlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        compilation.emitAsset(PART_CODE_FILE, new sources.RawSource(JSON.stringify(lazyModuleFiles(compilation.chunkGroups))));
      });
    });
  }
}

/**
 * The files of the code the built pages name (`data-part-code`, one or more names), from what the plugin wrote:
 * the page watcher's `partCode`. Empty when the file is missing or unreadable (the watcher then prefetches nothing, and the
 * parts load as they did).
 */
export function partCodeFiles(publicDir: string): Record<string, string[]> {
  let written: Record<string, string[]>;
  try {
    written = JSON.parse(fs.readFileSync(path.join(publicDir, PART_CODE_FILE), "utf8")) as Record<string, string[]>;
  } catch {
    return {};
  }
  const named = new Set<string>();
  const attribute = new RegExp(`${PART_CODE_ATTRIBUTE}="([^"]+)"`, "g");
  for (const entry of fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    for (const [, codes] of fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8").matchAll(attribute)) for (const code of codes.split(" ")) named.add(code);
  }
  const files: Record<string, string[]> = {};
  for (const code of [...named].sort()) if (Array.isArray(written[code])) files[code] = written[code];
  return files;
}
