import fs from "node:fs";
import path from "node:path";
import { BREAKPOINTS } from "../../../../src/lib/constants";

/**
 * The navigation variants and layouts switch in CSS (so the server HTML is right for every screen); the
 * stylesheet must use exactly the SPEC §9 breakpoints that the rules in src/lib use.
 */
const css = fs.readFileSync(path.join(__dirname, "../styles/global.css"), "utf8");
const widths = [...css.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)].map((match) => ({ kind: match[1], px: Number(match[2]) }));

describe("global.css breakpoints (SPEC §9)", () => {
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
