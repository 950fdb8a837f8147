import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { REPO_ROOT } from "./recipes";

/**
 * The core's folders are layers: a file may import its own layer and those below it, never one above, so a
 * primitive cannot come to depend on the cart or a form, and the deferred-part machinery stays free of what
 * it defers. docs/architecture.md ("Layers") says what each holds. Imports are read as TypeScript reads them:
 * type-only imports and dynamic import() count too, since each ties one file to another all the same.
 */
const CORE_SRC = "plugins/gatsby-theme-mainstreet-core/src";

/** Low to high; folders on one line are peers and may import each other. The deepest matching folder wins. */
const LAYERS: readonly (readonly string[])[] = [
  ["hydration"],
  ["hooks"],
  ["components"],
  ["runtime"],
  ["forms", "ordering", "reviews", "booking"],
  ["layout"],
  ["components/pages"],
  ["templates"],
];

/** Build-time code: Node only, so it may import no browser layer, and no browser layer may import it. */
const BUILD_FOLDERS = ["node", "service-worker"];

/**
 * Imported by both sides, importing no other folder of the core: the shapes of the data both sides hold (the
 * nodes the build writes, the pages query), and the one adapter naming Gatsby's internals (webpack's chunks
 * for the build, the page's element ids for the browser).
 */
const SHARED_FOLDERS = ["data", "gatsby-internals"];

/** Areas that must hold no import circle (files of a circle can only be understood, and tested, together). */
const ACYCLIC_AREAS = [CORE_SRC, "packages/rules/src", "server/src", "apps/manage/src"];

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".jsx", ".mjs", "/index.ts", "/index.tsx", "/index.js"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__tests__" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") && !/\.test\.[jt]sx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module a file names: static imports and re-exports (type-only included), require() and import(). */
export function importedSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

function existing(base: string): string | null {
  // Node's ESM style ("./x.js" for x.ts), as the server writes its imports.
  const bases = /\.js$/.test(base) ? [base, base.replace(/\.js$/, "")] : [base];
  for (const candidate of bases.flatMap((start) => EXTENSIONS.map((extension) => start + extension))) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The repository file a specifier names, or null for a package outside the repository. */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (specifier.startsWith(".")) return existing(path.resolve(path.dirname(from), specifier));
  if (specifier.startsWith("@mainstreet/rules/")) return existing(path.join(REPO_ROOT, "packages/rules/src", specifier.slice("@mainstreet/rules/".length)));
  if (specifier.startsWith("gatsby-theme-mainstreet-core/")) return existing(path.join(REPO_ROOT, "plugins/gatsby-theme-mainstreet-core", specifier.slice("gatsby-theme-mainstreet-core/".length)));
  return null;
}

type Graph = Map<string, string[]>;

/** Each source file under `area` (repository-relative) and the repository files it imports. */
function importGraph(area: string): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(path.join(REPO_ROOT, area))) {
    const targets = importedSpecifiers(fs.readFileSync(file, "utf8"))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== null && SOURCE.test(target));
    graph.set(path.relative(REPO_ROOT, file), [...new Set(targets.map((target) => path.relative(REPO_ROOT, target)))]);
  }
  return graph;
}

/** The folder a core file's layer is named by, or null for a file outside every layer (the core's root files). */
export function layerOf(file: string): string | null {
  if (!file.startsWith(`${CORE_SRC}/`)) return null;
  const inside = file.slice(CORE_SRC.length + 1);
  const folders = [...LAYERS.flat(), ...BUILD_FOLDERS, ...SHARED_FOLDERS].filter((folder) => inside.startsWith(`${folder}/`));
  return folders.sort((a, b) => b.length - a.length)[0] ?? null;
}

const rank = (folder: string) => LAYERS.findIndex((peers) => peers.includes(folder));

/** Why `from` may not import `to`, or null when it may. */
export function layerViolation(from: string, to: string): string | null {
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (!fromLayer || !toLayer || fromLayer === toLayer) return null;
  if (SHARED_FOLDERS.includes(toLayer)) return null;
  if (SHARED_FOLDERS.includes(fromLayer)) return `${fromLayer}/ is read by the build and the browser alike, so it may import no other folder of the core (${toLayer}/)`;
  const fromBuild = BUILD_FOLDERS.includes(fromLayer);
  const toBuild = BUILD_FOLDERS.includes(toLayer);
  if (fromBuild && toBuild) return null;
  if (fromBuild) return `build-time ${fromLayer}/ may not import the browser layer ${toLayer}/`;
  if (toBuild) return `the browser layer ${fromLayer}/ may not import build-time ${toLayer}/`;
  if (rank(toLayer) <= rank(fromLayer)) return null;
  return `${fromLayer}/ may not import ${toLayer}/, a layer above it (low to high: ${LAYERS.map((peers) => peers.join(" ")).join(" < ")})`;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan's algorithm). */
export function importCircles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

/** A circle as the imports that make it: "a imports b", for each edge between two of its files. */
function describeCircle(graph: Graph, circle: string[]): string {
  const members = new Set(circle);
  const edges = circle.flatMap((file) => (graph.get(file) ?? []).filter((target) => members.has(target)).map((target) => `  ${file} imports ${target}`));
  return `a circle of ${circle.length} files:\n${edges.join("\n")}`;
}

describe("importedSpecifiers (what counts as an import)", () => {
  it.each<[string, string, string[]]>([
    ["a named import", 'import { a } from "./a";', ["./a"]],
    ["a type-only import", 'import type { A } from "./a";', ["./a"]],
    ["a re-export", 'export { a } from "./a";', ["./a"]],
    ["a type-only re-export", 'export type { A } from "./a";', ["./a"]],
    ["a dynamic import", 'const load = () => import("./a");', ["./a"]],
    ["a type read through import()", 'type A = typeof import("./a").default;', ["./a"]],
    ["a require", 'const a = require("./a");', ["./a"]],
    ["a side-effect import", 'import "./a.css";', ["./a.css"]],
  ])("%s", (_name, source, expected) => {
    expect(importedSpecifiers(source)).toEqual(expected);
  });
});

describe("layerViolation", () => {
  const core = (file: string) => `${CORE_SRC}/${file}`;
  it.each<[string, string, boolean]>([
    ["components/icons.tsx", "hydration/deferred.tsx", true],
    ["hydration/deferred.tsx", "components/icons.tsx", false],
    ["components/modal.tsx", "forms/form-kit.tsx", false],
    ["layout/header.tsx", "ordering/cart-signal.ts", true],
    ["ordering/cart-drawer.tsx", "forms/form-kit.tsx", true],
    ["components/pages/home.tsx", "layout/sections.tsx", true],
    ["layout/sections.tsx", "components/pages/page-context.ts", false],
    ["components/pages/page-context.ts", "components/icons.tsx", true],
    ["node/recipe.ts", "components/icons.tsx", false],
    ["components/icons.tsx", "node/recipe.ts", false],
    ["node/recipe.ts", "service-worker/build.ts", true],
    ["node/gatsby-nodes.ts", "data/node-shapes.ts", true],
    ["components/pages/home.tsx", "data/node-shapes.ts", true],
    ["data/node-shapes.ts", "hydration/deferred.tsx", false],
    ["data/node-shapes.ts", "node/recipe.ts", false],
  ])("%s importing %s is allowed: %s", (from, to, allowed) => {
    expect(layerViolation(core(from), core(to)) === null).toBe(allowed);
  });
});

describe("importCircles", () => {
  it("finds a circle and leaves a chain alone", () => {
    const graph: Graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(importCircles(graph)).toEqual([["a", "b", "c"], ["e"]]);
  });
});

describe("the core's layers", () => {
  const graph = importGraph(CORE_SRC);

  it("every core source file sits in a layer", () => {
    expect([...graph.keys()].filter((file) => layerOf(file) === null)).toEqual([]);
  });

  it("no import runs upward", () => {
    const upward = [...graph].flatMap(([from, targets]) =>
      targets.flatMap((to) => {
        const rule = layerViolation(from, to);
        return rule ? [`${from} imports ${to}: ${rule}`] : [];
      }),
    );
    expect(upward).toEqual([]);
  });
});

describe.each(ACYCLIC_AREAS)("%s", (area) => {
  it("holds no import circle", () => {
    const graph = importGraph(area);
    expect(graph.size).toBeGreaterThan(0);
    expect(importCircles(graph).map((circle) => describeCircle(graph, circle))).toEqual([]);
  });
});
