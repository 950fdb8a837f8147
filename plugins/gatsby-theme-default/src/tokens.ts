import { defineRecipeTokens, webFont } from "@mainstreet/rules/site/recipe-defaults";

/**
 * Default: neutral and clean, for any kind of business. White ground, one sans family, the business's
 * brand colour as the only accent (slate blue when it has none), small radii, quiet shadows.
 * Every text pairing meets WCAG AA (recipe-tokens tests).
 */
export const tokens = defineRecipeTokens({
  colors: { brand: "#2b5d8c", ground: "#ffffff", surface: "#ffffff", footer: "#f4f5f7", ink: "#1c1f24", muted: "#4f5661", line: "#e3e6ea", lineStrong: "#868d98" },
  fonts: { body: webFont("Inter", "sans-serif"), display: webFont("Inter", "sans-serif"), displayWeight: 700 },
  typeScale: { "-1": "0.875rem", "0": "1rem", "1": "1.1875rem", "2": "1.4375rem", "3": "clamp(1.625rem, 1.2rem + 1.3vw, 2rem)", "4": "clamp(2.125rem, 1.5rem + 2.8vw, 3.25rem)" },
  space: ["0.5rem", "1rem", "1.5rem", "2.25rem", "3.5rem", "5rem"],
  radii: { base: "6px", large: "10px" },
  shadows: { card: "0 1px 2px rgba(28, 31, 36, 0.08)", popup: "0 12px 32px rgba(28, 31, 36, 0.18)" },
  layout: { container: "72rem" },
  motion: { duration: "200ms", ease: "cubic-bezier(0.2, 0, 0, 1)" },
});
