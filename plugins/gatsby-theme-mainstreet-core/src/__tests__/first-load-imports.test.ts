import fs from "node:fs";
import path from "node:path";
import { RECIPES_HERE, REPO_ROOT, recipeDir } from "./recipes";

/**
 * luxon (a large library) must not be in what a page downloads on its first load. Every time rule keeps
 * living once in the rules package with luxon; the browser runs luxon-free halves on instants worked out at build,
 * and loads the luxon half with a dynamic import() only when a page outlives its build. This walks the
 * static imports from the browser's entries and fails on any path to "luxon".
 */
const ROOT = REPO_ROOT;
const CORE = "plugins/gatsby-theme-mainstreet-core";
const RULES = "packages/rules/src";
const RECIPES = RECIPES_HERE.map((recipe) => path.relative(ROOT, recipeDir(recipe)));

/**
 * The app bundle every page loads, the layout's parts that load on a visitor's first move (header, footer),
 * and the components the time rules reach the browser through.
 */
const EVERY_PAGE = [
  "gatsby-browser.tsx",
  `${CORE}/gatsby-browser.js`,
  `${CORE}/src/layout/layout.tsx`,
  `${CORE}/src/layout/header-body.tsx`,
  `${CORE}/src/layout/footer-body.tsx`,
  `${CORE}/src/components/open-status-badge.tsx`,
  `${CORE}/src/components/timed-element.tsx`,
  `${CORE}/src/components/hours-display.tsx`,
  `${CORE}/src/components/seo-head.tsx`,
];

/**
 * Page features that compute times in the visitor's browser by design, so their pages still fetch luxon
 * with the page's own chunk (never the app bundle); the walk does not follow them. Anything else a
 * template imports must stay luxon-free.
 */
const PAGE_LEVEL_LUXON: Record<string, string> = {
  [`${CORE}/src/forms/reservation-time-rules.ts`]: "bookable dates and slots in the location's zone, fetched by the reservation form with import() when it nears the screen",
};

const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".jsx", "/index.ts", "/index.tsx", "/index.js"];
// `import … from "x"`, `import "x"`, `export … from "x"`; not `import type`/`export type`, not `import("x")`.
const STATIC_IMPORT = /^[ \t]*(?:import|export)[ \t]+(?!type[ \t{])(?:[^'";]*?[ \t\n}*]from[ \t]*)?["']([^"']+)["']/gm;
const REQUIRE = /\brequire\(\s*["']([^"']+)["']\s*\)/g;

function existing(base: string): string | null {
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Where webpack takes an import from, for a build with `recipe`: the shared rules by package name, and a
 * core file replaced by the recipe's shadow of it (src/gatsby-theme-mainstreet-core/<same path>).
 */
function resolveImport(from: string, specifier: string, recipe: string | null): string | null {
  let target: string | null = null;
  if (specifier.startsWith(".")) target = existing(path.resolve(path.dirname(from), specifier));
  else if (specifier.startsWith("@mainstreet/rules/")) target = existing(path.join(ROOT, RULES, specifier.slice("@mainstreet/rules/".length)));
  else if (specifier.startsWith("gatsby-theme-mainstreet-core/")) target = existing(path.join(ROOT, CORE, specifier.slice("gatsby-theme-mainstreet-core/".length)));
  else return null;
  if (!target || !recipe) return target;
  const coreSrc = path.join(ROOT, CORE, "src") + path.sep;
  if (!target.startsWith(coreSrc)) return target;
  const shadow = existing(path.join(ROOT, recipe, "src/gatsby-theme-mainstreet-core", target.slice(coreSrc.length).replace(/\.[jt]sx?$/, "")));
  return shadow ?? target;
}

function staticSpecifiers(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT), ...source.matchAll(REQUIRE)].map((match) => match[1]);
}

type Walk = { visited: Set<string>; luxonChains: string[]; zodChains: string[]; unresolved: string[] };

function walk(entries: string[], stopAt: readonly string[] = [], recipe: string | null = null): Walk {
  const result: Walk = { visited: new Set(), luxonChains: [], zodChains: [], unresolved: [] };
  const stop = new Set(stopAt.map((file) => path.join(ROOT, file)));
  const visit = (file: string, chain: string[]) => {
    if (result.visited.has(file) || stop.has(file)) return;
    result.visited.add(file);
    const here = [...chain, path.relative(ROOT, file)];
    for (const specifier of staticSpecifiers(fs.readFileSync(file, "utf8"))) {
      if (specifier === "luxon" || specifier.startsWith("luxon/")) result.luxonChains.push([...here, specifier].join(" → "));
      if (specifier === "zod" || specifier.startsWith("zod/")) result.zodChains.push([...here, specifier].join(" → "));
      const local = specifier.startsWith(".") || specifier.startsWith("@mainstreet/rules/") || specifier.startsWith("gatsby-theme-mainstreet-core/");
      if (!local) continue;
      const target = resolveImport(file, specifier, recipe);
      if (!target) result.unresolved.push(`${here.at(-1)}: ${specifier}`);
      else if (/\.[jt]sx?$/.test(target)) visit(target, here);
    }
  };
  for (const entry of entries) visit(path.join(ROOT, entry), []);
  return result;
}

const relative = (walked: Walk) => [...walked.visited].map((file) => path.relative(ROOT, file));

describe("staticSpecifiers (what the walk counts as a static import)", () => {
  it.each<[string, string, string[]]>([
    ["a named import", 'import { DateTime } from "luxon";', ["luxon"]],
    ["a default and named import over several lines", 'import React, {\n  useEffect,\n  useState,\n} from "react";', ["react"]],
    ["a side-effect import", 'import "./styles.css";', ["./styles.css"]],
    ["a re-export", 'export * from "./hours-format";', ["./hours-format"]],
    ["a named re-export", 'export { wrapPageElement } from "./src/layout/wrap-page-element";', ["./src/layout/wrap-page-element"]],
    ["a require", 'const luxon = require("luxon");', ["luxon"]],
    ["a type-only import (erased)", 'import type { DateTime } from "luxon";', []],
    ["a type-only re-export (erased)", 'export type { OpenSchedule } from "./open-status-core";', []],
    ["a dynamic import (its own chunk)", 'const load = () => import("@mainstreet/rules/hours/open-status");', []],
    ["a type read through import()", 'type Rules = typeof import("@mainstreet/rules/hours/hours");', []],
    ["an import in a doc comment", ' * Callers import { openStatus } from "./open-status".', []],
  ])("%s", (_name, source, expected) => {
    expect(staticSpecifiers(source)).toEqual(expected);
  });
});

describe.each(RECIPES)("luxon stays out of the first load with %s", (recipe) => {
  it("the walk finds luxon where it is (the luxon halves of the rules)", () => {
    for (const file of ["hours/open-status", "hours/hours", "site/timed-element", "booking/reservations"].map((name) => `${RULES}/${name}.ts`)) {
      expect(walk([file]).luxonChains.length).toBeGreaterThan(0);
    }
  });

  const everyPage = walk([...EVERY_PAGE, `${recipe}/gatsby-browser.js`], [], recipe);

  it("the app bundle, the layout and the time components import luxon nowhere", () => {
    expect(everyPage.luxonChains).toEqual([]);
  });

  it("nor zod: the API contracts reach the browser as types only", () => {
    expect(everyPage.zodChains).toEqual([]);
    expect(walk([`${RULES}/api/order-api.ts`]).zodChains.length).toBeGreaterThan(0);
  });

  it("they reach the luxon-free halves of the rules, and the luxon halves only dynamically", () => {
    const files = relative(everyPage);
    expect(files).toEqual(
      expect.arrayContaining([
        `${CORE}/src/layout/wrap-page-element.tsx`,
        `${CORE}/src/forms/booking-link.tsx`,
        `${RULES}/hours/hours-format.ts`,
        `${RULES}/hours/open-status-core.ts`,
        `${RULES}/site/timed-element-state.ts`,
        `${RULES}/hours/hours-today.ts`,
        `${RULES}/hours/calendar-date.ts`,
      ]),
    );
    for (const luxonHalf of ["hours/hours", "hours/open-status", "site/timed-element", "booking/reservations", "hours/time-slots"].map((name) => `${RULES}/${name}.ts`)) {
      expect(files).not.toContain(luxonHalf);
    }
    expect(everyPage.unresolved).toEqual([]);
  });

  const templates = fs
    .readdirSync(path.join(ROOT, CORE, "src/templates"))
    .filter((file) => /\.tsx$/.test(file))
    .map((file) => `${CORE}/src/templates/${file}`);

  it.each(templates)("%s imports luxon only through a page-level feature", (template) => {
    const walked = walk([template], Object.keys(PAGE_LEVEL_LUXON), recipe);
    expect(walked.luxonChains).toEqual([]);
    expect(walked.unresolved).toEqual([]);
  });

  it("each page-level exception still exists and really needs luxon", () => {
    for (const file of Object.keys(PAGE_LEVEL_LUXON)) {
      expect(fs.existsSync(path.join(ROOT, file))).toBe(true);
      expect(walk([file]).luxonChains.length).toBeGreaterThan(0);
    }
  });
});
