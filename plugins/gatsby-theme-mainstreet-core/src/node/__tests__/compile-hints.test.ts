import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";
import type webpack from "webpack";
import { COMPILE_HINT, CompileHintsPlugin, hintedScripts, type HintedChunk } from "../compile-hints";
import { buildLikeGatsby } from "./webpack-build";

describe("the scripts every page loads first start with V8's compile hint", () => {
  let dir: string;
  let stats: webpack.Stats;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
    stats = await buildLikeGatsby(dir, [new CompileHintsPlugin()]);
  }, 60_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const files = () => fs.readdirSync(path.join(dir, "out"));
  const read = (file: string) => fs.readFileSync(path.join(dir, "out", file), "utf8");
  const script = (prefix: string) => {
    const found = files().filter((file) => file.startsWith(`${prefix}-`) && file.endsWith(".js"));
    expect(found).toHaveLength(1);
    return found[0];
  };

  it("hints the app and the framework chunk, once, at the very top (after minification kept the license note)", () => {
    for (const file of [script("app"), script("framework")]) {
      expect(read(file).startsWith(COMPILE_HINT)).toBe(true);
      expect(read(file).split(COMPILE_HINT)).toHaveLength(2);
    }
    expect(read(script("framework"))).toContain("For license information");
  });

  it("leaves webpack's runtime and the part loaded with import() as they were", () => {
    const part = files().find((file) => file.endsWith(".js") && read(file).includes("hello "));
    expect(part).toBeDefined();
    for (const file of [script("webpack-runtime"), part!]) expect(read(file)).not.toContain("allFunctionsCalledOnLoad");
  });

  it("leaves source maps and license texts without it", () => {
    const others = files().filter((file) => !file.endsWith(".js"));
    expect(others.some((file) => file.endsWith(".js.map"))).toBe(true);
    for (const file of others) expect(read(file)).not.toContain("allFunctionsCalledOnLoad");
  });

  it("keeps the source map right: the framework's code still maps to its own line", () => {
    const file = script("framework");
    const lines = read(file).split("\n");
    const line = lines.findIndex((content) => content.includes('"<p>"'));
    expect(line).toBeGreaterThan(0);
    const map = new SourceMapConsumer(JSON.parse(read(`${file}.map`)));
    const original = map.originalPositionFor({ line: line + 1, column: lines[line].indexOf('"<p>"') });
    expect(original.source).toMatch(/framework\/index\.js$/);
    expect(original.line).toBe(5);
  });

  it("names the same files in webpack's stats as on disk (the hashes follow the new content)", () => {
    const assets = stats.toJson({ assets: true }).assets?.map((asset) => asset.name).filter((name) => name.endsWith(".js")) ?? [];
    expect(assets.sort()).toEqual(files().filter((file) => file.endsWith(".js")).sort());
  });
});

describe("hintedScripts", () => {
  const chunk = (files: string[], initial: boolean, runtime: boolean): HintedChunk => ({ files, canBeInitial: () => initial, hasRuntime: () => runtime });

  it.each([
    ["an initial chunk's script", chunk(["app-0123.js"], true, false), ["app-0123.js"]],
    ["not its source map or license text", chunk(["app-0123.js", "app-0123.js.map", "app-0123.js.LICENSE.txt"], true, false), ["app-0123.js"]],
    ["not the runtime chunk", chunk(["webpack-runtime-0123.js"], true, true), []],
    ["not a chunk loaded later", chunk(["component---home-0123.js"], false, false), []],
    ["not a stylesheet", chunk(["styles.css"], true, false), []],
  ])("%s", (_case, given, expected) => {
    expect(hintedScripts([given])).toEqual(expected);
  });
});
