import fs from "node:fs";
import path from "node:path";
import { BREAKPOINTS } from "@mainstreet/rules/business/constants";
import { CORE_STYLESHEETS, RECIPES_HERE, REPO_ROOT, recipeStylesheets } from "./recipes";

/**
 * The navigation variants and layouts switch in CSS (so the server HTML is right for every screen); every
 * stylesheet, the core's and each recipe's, must use exactly the SPEC §9 breakpoints the rules use.
 */
const PLUGINS = path.join(REPO_ROOT, "plugins");
const CORE_STYLES = CORE_STYLESHEETS;
const RECIPE_STYLES = RECIPES_HERE.flatMap(recipeStylesheets);
const read = (file: string) => fs.readFileSync(file, "utf8");
const css = read(CORE_STYLES[0]);
const widths = [...[...CORE_STYLES, ...RECIPE_STYLES].map(read).join("\n").matchAll(/\((min|max)-width:\s*(\d+)px\)/g)].map((match) => ({ kind: match[1], px: Number(match[2]) }));

describe("core stylesheets hold no colour of their own", () => {
  // Colours are recipe tokens (tokens.ts → :root variables); a literal here would paint every recipe,
  // and every business, in one recipe's colour.
  it.each(CORE_STYLES.map((file) => [path.relative(PLUGINS, file), file] as const))("%s uses colour variables only", (_name, file) => {
    const literals = read(file).match(/#[0-9a-fA-F]{3,8}\b|\brgba?\(|\bhsla?\(/g) ?? [];
    expect(literals).toEqual([]);
  });

  it("finds the recipes' stylesheets", () => {
    expect(RECIPE_STYLES.map((file) => path.basename(file))).toEqual(expect.arrayContaining(["hibiscus.css", "default.css"]));
  });
});

describe("stylesheet breakpoints (SPEC §9)", () => {
  it("uses media queries", () => {
    expect(widths.length).toBeGreaterThan(5);
  });

  it.each(widths.map((width) => [`${width.kind}-width: ${width.px}px`, width] as const))("%s is a SPEC §9 boundary", (_name, width) => {
    const allowed = width.kind === "min" ? [BREAKPOINTS.tabletMin, BREAKPOINTS.smallMonitorMin, BREAKPOINTS.largeMonitorMin, BREAKPOINTS.wideMin] : [BREAKPOINTS.mobileMax, BREAKPOINTS.tabletMax, BREAKPOINTS.smallMonitorMax, BREAKPOINTS.largeMonitorMax];
    expect(allowed).toContain(width.px);
  });

  it("switches to the desktop navigation at the small-monitor minimum, so tablets get the mobile variant", () => {
    const desktopBlock = css.slice(css.indexOf(`@media (min-width: ${BREAKPOINTS.smallMonitorMin}px) {\n  .site-header__mobile-actions`));
    expect(desktopBlock).toMatch(/^@media \(min-width: 992px\) \{\n  \.site-header__mobile-actions \{ display: none; \}/);
  });
});
