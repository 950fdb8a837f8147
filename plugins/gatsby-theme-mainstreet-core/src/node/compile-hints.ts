import type { Compiler } from "webpack";
import { isStartupChunk, type ChunkLike } from "../gatsby-internals";

/**
 * V8 compiles a function the first time it runs, on the main thread. The app's start-up runs the modules of
 * the scripts every page loads first (React's framework chunk and Gatsby's app chunk, Gatsby's runtime and
 * ours) in one task, and lazy compilation makes up much of that task, a long task the no-JS copy of the page
 * does not have. The magic comment below (Chrome 136+) asks V8 to compile every function of the file eagerly,
 * while the script streams in on a background thread. Engines that do not know it read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

const NAME = "MainstreetCompileHints";

/** What the plugin asks of a webpack chunk. */
export interface HintedChunk extends ChunkLike {
  files: Iterable<string>;
}

/**
 * The scripts to hint: those every page loads at start, except webpack's own runtime (tiny, and all of it
 * runs anyway). Chunks loaded later (a page's template, a part near the viewport) are small and run a few
 * of their functions: eager compilation would spend more than it saves, and the hint's bytes count against
 * every page's JavaScript budget.
 */
export function hintedScripts(chunks: Iterable<HintedChunk>): string[] {
  const files: string[] = [];
  for (const chunk of chunks) {
    if (!isStartupChunk(chunk)) continue;
    for (const file of chunk.files) if (file.endsWith(".js")) files.push(file);
  }
  return files;
}

/**
 * Puts the hint at the top of those scripts after minification (which would drop a comment) and before the
 * source maps are written, so webpack's sources shift each map by the line the hint takes.
 */
export class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const file of hintedScripts(compilation.chunks)) {
          compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
        }
      });
    });
  }
}
