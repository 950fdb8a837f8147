import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { SourceMapConsumer } from "source-map-js";
import type webpack from "webpack";
import { CompileHintsPlugin } from "../compile-hints";
import { FRAMEWORK_RUN_ID, FrameworkFirstPlugin, frameworkRun } from "../framework-first";
import { buildLikeGatsby } from "./webpack-build";

/**
 * A browser-like global for the built scripts: `self`, and a document whose script tags go nowhere (the part
 * loaded with import() is not needed). Its timers never run: webpack's chunk loading arms a two-minute one.
 */
function browserContext(): vm.Context & { order?: string[] } {
  const context = vm.createContext({
    document: { createElement: () => ({ setAttribute() {} }), head: { appendChild() {} }, getElementsByTagName: () => [] },
    setTimeout: () => 0,
    clearTimeout: () => undefined,
  });
  vm.runInContext("var self = globalThis;", context);
  return context;
}

describe("the framework's modules are evaluated in the framework script's own task", () => {
  const dirs: string[] = [];
  const out = async (plugins: webpack.WebpackPluginInstance[]) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "framework-first-"));
    dirs.push(dir);
    await buildLikeGatsby(dir, plugins);
    const folder = path.join(dir, "out");
    const file = (prefix: string) => fs.readdirSync(folder).find((name) => name.startsWith(`${prefix}-`) && name.endsWith(".js")) as string;
    const read = (name: string) => fs.readFileSync(path.join(folder, name), "utf8");
    return { file, read, script: (prefix: string) => new vm.Script(read(file(prefix)), { filename: file(prefix) }) };
  };
  let withPlugin: Awaited<ReturnType<typeof out>>;
  let without: Awaited<ReturnType<typeof out>>;

  beforeAll(async () => {
    // As Gatsby's config has it: the compile hint at the top, the run at the end.
    withPlugin = await out([new CompileHintsPlugin(), new FrameworkFirstPlugin()]);
    without = await out([new CompileHintsPlugin()]);
  }, 60_000);

  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it("runs them when the framework script runs, before the app's script has arrived; the app then runs its own modules once", () => {
    const context = browserContext();
    withPlugin.script("webpack-runtime").runInContext(context);
    withPlugin.script("framework").runInContext(context);
    expect(vm.runInContext("globalThis.order", context)).toEqual(["framework:tag", "framework"]);
    withPlugin.script("app").runInContext(context);
    expect(vm.runInContext("globalThis.order", context)).toEqual(["framework:tag", "framework", "app"]);
  });

  it("without the plugin the framework's modules waited for the app's script (the one long start-up task)", () => {
    const context = browserContext();
    without.script("webpack-runtime").runInContext(context);
    without.script("framework").runInContext(context);
    expect(vm.runInContext("globalThis.order", context)).toBeUndefined();
    without.script("app").runInContext(context);
    expect(vm.runInContext("globalThis.order", context)).toEqual(["framework:tag", "framework", "app"]);
  });

  it("still works when the framework script runs before webpack's runtime: the queued run goes with it", () => {
    const context = browserContext();
    withPlugin.script("framework").runInContext(context);
    expect(vm.runInContext("globalThis.order", context)).toBeUndefined();
    withPlugin.script("webpack-runtime").runInContext(context);
    expect(vm.runInContext("globalThis.order", context)).toEqual(["framework:tag", "framework"]);
    withPlugin.script("app").runInContext(context);
    expect(vm.runInContext("globalThis.order", context)).toEqual(["framework:tag", "framework", "app"]);
  });

  it("touches only the framework's script, keeps the compile hint first and the source map right", () => {
    expect(withPlugin.read(withPlugin.file("app"))).toBe(without.read(without.file("app")).replace(without.file("framework"), withPlugin.file("framework")));
    const code = withPlugin.read(withPlugin.file("framework"));
    expect(code.startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
    expect(code).toContain(JSON.stringify(FRAMEWORK_RUN_ID));
    // Only the module nothing else in the chunk requires: requiring it evaluates the other.
    expect(/function\(r\)\{\[([^\]]*)\]\.forEach\(r\)\}/.exec(code)?.[1].split(",")).toHaveLength(1);
    const lines = code.split("\n");
    const line = lines.findIndex((content) => content.includes('"<p>"'));
    const map = new SourceMapConsumer(JSON.parse(withPlugin.read(`${withPlugin.file("framework")}.map`)));
    const original = map.originalPositionFor({ line: line + 1, column: lines[line].indexOf('"<p>"') });
    expect(original.source).toMatch(/framework\/index\.js$/);
    expect(original.line).toBe(5);
  });
});

describe("frameworkRun", () => {
  it.each([
    ["numeric ids", ["self", "webpackChunkmainstreet", [961, 5338]], '(self["webpackChunkmainstreet"]=self["webpackChunkmainstreet"]||[]).push([["framework:run"],{},function(r){[961,5338].forEach(r)}]);'],
    ["named ids and another global", ["globalThis", "webpackChunk", ["./node_modules/react/index.js"]], '(globalThis["webpackChunk"]=globalThis["webpackChunk"]||[]).push([["framework:run"],{},function(r){["./node_modules/react/index.js"].forEach(r)}]);'],
  ] as const)("%s", (_case, [global, queue, ids], expected) => {
    expect(frameworkRun(global, queue, ids)).toBe(`\n${expected}`);
  });
});
