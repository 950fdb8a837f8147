import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";
import webpack from "webpack";
import { COMPILE_HINT, CompileHintsPlugin, isScriptAsset } from "../compile-hints";

/** A production build as Gatsby makes one: minified, comments extracted, source maps written. */
function build(dir: string): Promise<webpack.Stats> {
  fs.writeFileSync(path.join(dir, "entry.js"), 'import("./part").then((part) => part.greet("visitor"));\n');
  fs.writeFileSync(path.join(dir, "part.js"), '/*! @license part */\nexport function greet(name) {\n  throw new Error("hello " + name);\n}\n');
  const compiler = webpack({
    mode: "production",
    context: dir,
    entry: "./entry.js",
    devtool: "source-map",
    output: { path: path.join(dir, "out"), filename: "[name]-[contenthash].js", chunkFilename: "[name]-[contenthash].js" },
    plugins: [new CompileHintsPlugin()],
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error ?? new Error("webpack gave no stats"));
      else if (stats.hasErrors()) reject(new Error(stats.toString("errors-only")));
      else resolve(stats);
    });
  });
}

describe("every script starts with V8's compile hint", () => {
  let dir: string;
  let stats: webpack.Stats;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
    stats = await build(dir);
  }, 60_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const scripts = () => fs.readdirSync(path.join(dir, "out")).filter((file) => file.endsWith(".js"));

  it("puts the hint first in the entry and in a chunk loaded with import(), after minification", () => {
    expect(scripts()).toHaveLength(2);
    for (const file of scripts()) {
      const text = fs.readFileSync(path.join(dir, "out", file), "utf8");
      expect(text.startsWith(COMPILE_HINT)).toBe(true);
      expect(text.split(COMPILE_HINT)).toHaveLength(2);
    }
  });

  it("leaves source maps and license texts without it", () => {
    const others = fs.readdirSync(path.join(dir, "out")).filter((file) => !file.endsWith(".js"));
    expect(others.some((file) => file.endsWith(".js.map"))).toBe(true);
    for (const file of others) expect(fs.readFileSync(path.join(dir, "out", file), "utf8")).not.toContain("allFunctionsCalledOnLoad");
  });

  it("keeps the source maps right: the part's code still maps to its own line", () => {
    const part = scripts().find((file) => fs.readFileSync(path.join(dir, "out", file), "utf8").includes("hello "));
    expect(part).toBeDefined();
    const text = fs.readFileSync(path.join(dir, "out", part!), "utf8");
    const lines = text.split("\n");
    const line = lines.findIndex((content) => content.includes('"hello "'));
    const column = lines[line].indexOf('"hello "');
    const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(dir, "out", `${part}.map`), "utf8")));
    const original = map.originalPositionFor({ line: line + 1, column });
    expect(original.source).toMatch(/part\.js$/);
    expect(original.line).toBe(3);
  });

  it("names the same files in webpack's stats as on disk (the hashes follow the new content)", () => {
    const assets = stats.toJson({ assets: true }).assets?.map((asset) => asset.name).filter(isScriptAsset) ?? [];
    expect(assets.sort()).toEqual(scripts().sort());
  });
});

describe("isScriptAsset", () => {
  it.each([
    ["app-0123456789abcdef.js", true],
    ["app-0123456789abcdef.js.map", false],
    ["framework-0123.js.LICENSE.txt", false],
    ["styles.css", false],
  ])("%s → %s", (file, script) => {
    expect(isScriptAsset(file)).toBe(script);
  });
});
