import { defineRecipeTokens, webFont } from "@mainstreet/rules/site/recipe-defaults";

/**
 * Cutilier: menu-first, for restaurants. A warm ivory page, near-black ink, a tomato accent (the
 * business's colour when it has one), a bold grotesque for headings and prices over a plain sans body,
 * crisp small radii and no floating shadows: it reads like a printed menu. Every text pairing meets
 * WCAG AA (recipe-tokens tests).
 */
export const tokens = defineRecipeTokens({
  colors: { brand: "#b23a1e", ground: "#f7f3ec", surface: "#fffdf9", footer: "#efe7da", ink: "#1b1712", muted: "#594f43", line: "#e2d8c8", lineStrong: "#8a7d6a" },
  fonts: { body: webFont("Work Sans", "sans-serif"), display: webFont("Bricolage Grotesque", "sans-serif"), displayWeight: 700 },
  typeScale: { "-1": "0.875rem", "0": "1rem", "1": "1.1875rem", "2": "1.5rem", "3": "clamp(1.625rem, 1.2rem + 1.5vw, 2.125rem)", "4": "clamp(2.25rem, 1.4rem + 4vw, 4.25rem)" },
  space: ["0.5rem", "1rem", "1.5rem", "2.25rem", "3.5rem", "5rem"],
  radii: { base: "4px", large: "8px" },
  shadows: { card: "0 0 0 1px rgba(27, 23, 18, 0.04)", popup: "0 16px 40px rgba(27, 23, 18, 0.2)" },
  layout: { container: "76rem" },
  motion: { duration: "180ms", ease: "cubic-bezier(0.2, 0, 0, 1)" },
});
