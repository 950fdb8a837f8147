/**
 * Bundles the merchant workspace into build/: index.html (the one document, served at /manage/) and its
 * script and style under assets/ with their content hash in the name, so the service can cache them for a
 * year and revalidate only the HTML. `tsx apps/manage/bundle.ts` (npm start, npm test and CI run it).
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { MANAGE_API_BASE_META, MANAGE_API_BASE_PLACEHOLDER, MANAGE_ASSETS_DIR } from "@mainstreet/rules/workspace/workspace";

export const MANAGE_APP_ROOT = __dirname;
export const MANAGE_BUILD_DIR = path.join(MANAGE_APP_ROOT, "build");

export interface ManageBuild {
  outDir: string;
  /** Every file written, relative to outDir, with its size and gzip size in bytes. */
  files: { file: string; bytes: number; gzipBytes: number }[];
  /** The scripts a first load fetches: the entry and the chunks it imports statically (not those behind `import()`). */
  firstLoad: string[];
}

function htmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The document: no inline script or style (the service's CSP for it allows 'self' only). */
export function manageHtml(script: string, style: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<meta name="color-scheme" content="light">
<meta name="${MANAGE_API_BASE_META}" content="${MANAGE_API_BASE_PLACEHOLDER}">
<title>Workspace</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${htmlEscape(style)}">
<script type="module" src="${htmlEscape(script)}"></script>
</head>
<body>
<div id="root"></div>
<noscript><p>The workspace needs JavaScript. Turn it on in this browser and reload the page.</p></noscript>
</body>
</html>
`;
}

/**
 * V8's explicit compile hint (Chrome 136 on): a script starting with this comment has every function compiled as it
 * loads, off the main thread where the script is streamed, instead of on each function's first call.
 */
export const COMPILE_WHOLE_HINT = "//# allFunctionsCalledOnLoad";

export async function buildManageApp(outDir: string = MANAGE_BUILD_DIR): Promise<ManageBuild> {
  const assets = path.join(outDir, MANAGE_ASSETS_DIR);
  fs.rmSync(outDir, { recursive: true, force: true });
  const main = path.join(MANAGE_APP_ROOT, "src", "main.tsx");
  const result = await build({
    entryPoints: { app: main },
    bundle: true,
    minify: true,
    format: "esm",
    target: ["es2020", "chrome100", "safari15", "firefox100"],
    outdir: assets,
    // Screens opened by few visits (the Site screen) are loaded with import(), in chunks of their own.
    splitting: true,
    entryNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    jsx: "automatic",
    metafile: true,
    logLevel: "silent",
    legalComments: "none",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => path.relative(assets, path.resolve(file)));
  const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint !== undefined && path.resolve(output.entryPoint) === main);
  const script = entry ? path.relative(assets, path.resolve(entry[0])) : undefined;
  const style = outputs.find((file) => file.endsWith(".css"));
  if (!script || !style) throw new Error(`manage app build: expected a script and a style sheet, got ${outputs.join(", ") || "nothing"}`);
  // Relative to /manage/, so the app works under any mount path the service gives it.
  fs.writeFileSync(path.join(outDir, "index.html"), manageHtml(`${MANAGE_ASSETS_DIR}/${script}`, `${MANAGE_ASSETS_DIR}/${style}`));
  const firstLoad = new Set<string>();
  const visit = (output: string) => {
    if (firstLoad.has(output)) return;
    firstLoad.add(output);
    for (const imported of result.metafile.outputs[output]?.imports ?? []) if (imported.kind === "import-statement") visit(imported.path);
  };
  if (entry) visit(entry[0]);
  // A chunk outside the first load is fetched ahead at idle (the Site screen's): compiled whole then, its first
  // opening does not compile each function as it renders (measured at 4× CPU: the Site screen's first opening
  // 102 → 78 ms). The first load's chunks are left to compile lazily, as the page starts.
  for (const output of Object.keys(result.metafile.outputs)) {
    if (!output.endsWith(".js") || firstLoad.has(output)) continue;
    const file = path.resolve(output);
    fs.writeFileSync(file, `${COMPILE_WHOLE_HINT}\n${fs.readFileSync(file, "utf8")}`);
  }
  const files = ["index.html", ...outputs.map((file) => `${MANAGE_ASSETS_DIR}/${file}`)].map((file) => {
    const content = fs.readFileSync(path.join(outDir, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  return { outDir, files, firstLoad: [...firstLoad].map((file) => `${MANAGE_ASSETS_DIR}/${path.relative(assets, path.resolve(file))}`) };
}

if (require.main === module) {
  const started = Date.now();
  buildManageApp(process.argv[2] ? path.resolve(process.argv[2]) : MANAGE_BUILD_DIR)
    .then(({ outDir, files, firstLoad }) => {
      const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
      const list = files.map((entry) => `  ${entry.file}  ${kib(entry.bytes)} (${kib(entry.gzipBytes)} gzip)${firstLoad.includes(entry.file) ? "  first load" : ""}`).join("\n");
      const first = files.filter((entry) => firstLoad.includes(entry.file)).reduce((sum, entry) => sum + entry.gzipBytes, 0);
      console.log(`Workspace app built into ${path.relative(process.cwd(), outDir) || "."} in ${Date.now() - started} ms (first load ${kib(first)} of JavaScript gzip):\n${list}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
