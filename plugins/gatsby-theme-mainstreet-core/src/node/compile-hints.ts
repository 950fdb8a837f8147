import type { Compiler } from "webpack";

/**
 * V8 compiles a function the first time it runs, on the main thread. Every script of ours is run as soon as it
 * arrives (the app's modules at load, a part's when it renders), so half of the app's start-up task was
 * that lazy compilation: 74 of 151 ms on a salon item page at 4× CPU throttling, one long task that the
 * no-JS copy of the page does not have (issue 18's blocking time). The magic comment below (Chrome 136+)
 * asks V8 to compile every function of the file eagerly, while the script streams in on a background
 * thread; the same task then took 46 ms. Engines that do not know the comment read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

const NAME = "MainstreetCompileHints";

/** Whether a file is a script the browser runs (not a source map, not a license text). */
export function isScriptAsset(file: string): boolean {
  return file.endsWith(".js");
}

/**
 * Puts the hint at the top of every script, after minification (which would drop a comment) and before
 * the source maps are written, so webpack's sources shift each map by the line the hint takes.
 */
export class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, (assets) => {
        for (const file of Object.keys(assets)) {
          if (isScriptAsset(file)) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
        }
      });
    });
  }
}
