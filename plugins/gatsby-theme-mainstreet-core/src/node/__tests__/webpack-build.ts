import fs from "node:fs";
import path from "node:path";
import webpack from "webpack";

/**
 * A production build shaped as Gatsby makes one, for the tests of our webpack plugins: minified, comments
 * extracted, source maps written, webpack's runtime in a chunk of its own, a framework chunk split from the
 * app (two modules, one requiring the other), and a part loaded with import(). The framework's modules and the app note in `globalThis.order` when their
 * modules are evaluated.
 */
export function buildLikeGatsby(dir: string, plugins: webpack.WebpackPluginInstance[]): Promise<webpack.Stats> {
  fs.mkdirSync(path.join(dir, "framework"));
  fs.writeFileSync(
    path.join(dir, "framework", "index.js"),
    '/*! @license framework */\nimport { tag } from "./tag";\n(globalThis.order = globalThis.order || []).push("framework");\nexport function render(text) {\n  return "<p>" + tag(text) + "</p>";\n}\n',
  );
  fs.writeFileSync(path.join(dir, "framework", "tag.js"), '(globalThis.order = globalThis.order || []).push("framework:tag");\nexport function tag(text) {\n  return String(text).trim();\n}\n');
  fs.writeFileSync(
    path.join(dir, "app.js"),
    'import { render } from "./framework";\nglobalThis.order.push("app");\nimport("./part").then((part) => part.greet(render("visitor")));\n',
  );
  fs.writeFileSync(path.join(dir, "part.js"), 'export function greet(name) {\n  throw new Error("hello " + name);\n}\n');
  const compiler = webpack({
    mode: "production",
    context: dir,
    entry: { app: "./app.js" },
    devtool: "source-map",
    output: { path: path.join(dir, "out"), publicPath: "/", filename: "[name]-[contenthash].js", chunkFilename: "[name]-[contenthash].js", chunkLoadingGlobal: "webpackChunktest" },
    optimization: {
      runtimeChunk: { name: "webpack-runtime" },
      splitChunks: { chunks: "all", cacheGroups: { framework: { name: "framework", test: /[\\/]framework[\\/]/, chunks: "all", enforce: true } } },
    },
    plugins,
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
