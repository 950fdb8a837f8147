import type { Compiler } from "webpack";
import { isFrameworkChunk } from "../gatsby-internals";

/**
 * Gatsby's framework chunk (React, ReactDOM, the scheduler, prop-types) only defines its modules when its
 * script runs; they are evaluated when the app chunk's entry requires them. Whichever of the two scripts
 * comes in last would therefore run the whole start-up in one task: the framework's own script, then ReactDOM's
 * module body, then every module of the app chunk, the page's largest blocking task on a phone. The page's
 * scripts run in order (html-output.ts), and this plugin ends the framework script with a run of its own
 * modules, so React is evaluated in the framework's task and the app's task only evaluates the app: two
 * tasks of about half the length each.
 *
 * Evaluating these modules early changes nothing a visitor can see: the app's entry requires all of them
 * before it does anything else, and they are libraries without side effects on the page. Only Gatsby's
 * framework chunk is run, for that reason; other shared chunks are evaluated when first required.
 */

/** The id of the pseudo-chunk whose push runs the framework's modules (never a real chunk: webpack's are numbers or names without it). */
export const FRAMEWORK_RUN_ID = "framework:run";

/**
 * A JSONP chunk push with no modules and a runtime callback that requires each module id. Webpack calls a
 * push's callback with its `require` once the push is processed: right away when the runtime script ran
 * first (it does: the scripts run in order), or when the runtime loads and reads the queued pushes.
 */
export function frameworkRun(globalObject: string, chunkLoadingGlobal: string, moduleIds: readonly (string | number)[]): string {
  const queue = `${globalObject}[${JSON.stringify(chunkLoadingGlobal)}]`;
  return `\n(${queue}=${queue}||[]).push([[${JSON.stringify(FRAMEWORK_RUN_ID)}],{},function(r){${JSON.stringify(moduleIds)}.forEach(r)}]);`;
}

const NAME = "MainstreetFrameworkFirst";

/** Appends `frameworkRun` to the framework chunk's script, after minification and before source maps (which it does not shift). */
export class FrameworkFirstPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        const { chunkGraph, moduleGraph, outputOptions } = compilation;
        for (const chunk of compilation.chunks) {
          if (!isFrameworkChunk(chunk)) continue;
          const modules = new Set(chunkGraph.getChunkModulesIterableBySourceType(chunk, "javascript") ?? []);
          // Only the modules nothing else in the chunk requires (react-dom/client, react/jsx-runtime, prop-types):
          // requiring them evaluates the rest, and every byte here counts against every page's budget.
          const roots = [...modules].filter(
            (module) => ![...moduleGraph.getIncomingConnections(module)].some((connection) => connection.originModule !== module && connection.originModule !== null && modules.has(connection.originModule)),
          );
          const ids = (roots.length > 0 ? roots : [...modules])
            .map((module) => chunkGraph.getModuleId(module))
            .filter((id): id is string | number => id !== null && id !== undefined)
            .sort((a, b) => String(a).localeCompare(String(b), "en", { numeric: true }));
          if (ids.length === 0) continue;
          const run = frameworkRun(outputOptions.globalObject ?? "self", outputOptions.chunkLoadingGlobal || "webpackChunk", ids);
          for (const file of chunk.files) {
            if (file.endsWith(".js")) compilation.updateAsset(file, (source) => new sources.ConcatSource(source, run));
          }
        }
      });
    });
  }
}
