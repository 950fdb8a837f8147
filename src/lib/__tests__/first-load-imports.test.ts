import fs from "node:fs";
import path from "node:path";

/**
 * luxon (21.5 KiB gzip) must not be in what a page downloads on its first load. Every time rule keeps
 * living once in src/lib with luxon; the browser runs luxon-free halves on instants worked out at build,
 * and loads the luxon half with a dynamic import() only when a page outlives its build. This walks the
 * static imports from the browser's entries and fails on any path to "luxon".
 */
const ROOT = path.resolve(__dirname, "../../..");
const THEME = "plugins/gatsby-theme-hibiscus";

/** The app bundle every page loads, and the components the time rules reach the browser through. */
const EVERY_PAGE = [
  "gatsby-browser.tsx",
  `${THEME}/gatsby-browser.js`,
  `${THEME}/src/layout/layout.tsx`,
  `${THEME}/src/components/open-status-badge.tsx`,
  `${THEME}/src/components/timed-element.tsx`,
  `${THEME}/src/components/hours-display.tsx`,
  `${THEME}/src/components/seo-head.tsx`,
];

/**
 * Page features that compute times in the visitor's browser by design, so their pages still fetch luxon
 * with the page's own chunk (never the app bundle); the walk does not follow them. Anything else a
 * template imports must stay luxon-free.
 */
const PAGE_LEVEL_LUXON: Record<string, string> = {
  [`${THEME}/src/forms/reservation-time-rules.ts`]: "bookable dates and slots in the location's zone, fetched by the reservation form with import() when it nears the screen",
  "src/lib/test-card.ts": "card expiry at the end of the month in the visitor's zone (checkout, test payment provider)",
};

const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".jsx", "/index.ts", "/index.tsx", "/index.js"];
// `import … from "x"`, `import "x"`, `export … from "x"`; not `import type`/`export type`, not `import("x")`.
const STATIC_IMPORT = /^[ \t]*(?:import|export)[ \t]+(?!type[ \t{])(?:[^'";]*?[ \t\n}*]from[ \t]*)?["']([^"']+)["']/gm;
const REQUIRE = /\brequire\(\s*["']([^"']+)["']\s*\)/g;

function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function staticSpecifiers(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT), ...source.matchAll(REQUIRE)].map((match) => match[1]);
}

type Walk = { visited: Set<string>; luxonChains: string[]; unresolved: string[] };

function walk(entries: string[], stopAt: readonly string[] = []): Walk {
  const result: Walk = { visited: new Set(), luxonChains: [], unresolved: [] };
  const stop = new Set(stopAt.map((file) => path.join(ROOT, file)));
  const visit = (file: string, chain: string[]) => {
    if (result.visited.has(file) || stop.has(file)) return;
    result.visited.add(file);
    const here = [...chain, path.relative(ROOT, file)];
    for (const specifier of staticSpecifiers(fs.readFileSync(file, "utf8"))) {
      if (specifier === "luxon" || specifier.startsWith("luxon/")) result.luxonChains.push([...here, specifier].join(" → "));
      if (!specifier.startsWith(".")) continue;
      const target = resolveRelative(file, specifier);
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
    ["a dynamic import (its own chunk)", 'const load = () => import("../../../../src/lib/open-status");', []],
    ["a type read through import()", 'type Rules = typeof import("../../../../src/lib/hours");', []],
    ["an import in a doc comment", ' * Callers import { openStatus } from "./open-status".', []],
  ])("%s", (_name, source, expected) => {
    expect(staticSpecifiers(source)).toEqual(expected);
  });
});

describe("luxon stays out of the first load", () => {
  it("the walk finds luxon where it is (the luxon halves of the rules)", () => {
    for (const file of ["src/lib/open-status.ts", "src/lib/hours.ts", "src/lib/timed-element.ts", "src/lib/reservations.ts"]) {
      expect(walk([file]).luxonChains.length).toBeGreaterThan(0);
    }
  });

  const everyPage = walk(EVERY_PAGE);

  it("the app bundle, the layout and the time components import luxon nowhere", () => {
    expect(everyPage.luxonChains).toEqual([]);
  });

  it("they reach the luxon-free halves of the rules, and the luxon halves only dynamically", () => {
    const files = relative(everyPage);
    expect(files).toEqual(
      expect.arrayContaining([
        `${THEME}/src/layout/wrap-page-element.tsx`,
        `${THEME}/src/components/footer.tsx`,
        `${THEME}/src/components/announcement-banner.tsx`,
        `${THEME}/src/forms/booking-link.tsx`,
        "src/lib/hours-format.ts",
        "src/lib/open-status-core.ts",
        "src/lib/timed-element-state.ts",
        "src/lib/booking.ts",
      ]),
    );
    for (const luxonHalf of ["src/lib/hours.ts", "src/lib/open-status.ts", "src/lib/timed-element.ts", "src/lib/reservations.ts", "src/lib/time-slots.ts"]) {
      expect(files).not.toContain(luxonHalf);
    }
    expect(everyPage.unresolved).toEqual([]);
  });

  const templates = fs
    .readdirSync(path.join(ROOT, THEME, "src/templates"))
    .filter((file) => /\.tsx$/.test(file))
    .map((file) => `${THEME}/src/templates/${file}`);

  it.each(templates)("%s imports luxon only through a page-level feature", (template) => {
    expect(walk([template], Object.keys(PAGE_LEVEL_LUXON)).luxonChains).toEqual([]);
  });

  it("each page-level exception still exists and really needs luxon", () => {
    for (const file of Object.keys(PAGE_LEVEL_LUXON)) {
      expect(fs.existsSync(path.join(ROOT, file))).toBe(true);
      expect(walk([file]).luxonChains.length).toBeGreaterThan(0);
    }
  });
});
