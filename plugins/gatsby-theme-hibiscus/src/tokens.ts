import { defineRecipeTokens, webFont } from "@mainstreet/rules/site/recipe-defaults";

/**
 * Hibiscus: warm cream ground, the business's brand colour (crimson when it has none), serif display type
 * over a system sans body, soft rounded cards. Every text pairing meets WCAG AA (recipe-tokens tests).
 */
export const tokens = defineRecipeTokens({
  colors: { brand: "#a3154a", ground: "#fbf6f1", surface: "#ffffff", footer: "#f3eae3", ink: "#23191d", muted: "#5c4a51", line: "#e6d8d0", lineStrong: "#cdb9ae" },
  fonts: { body: webFont("DM Sans", "sans-serif"), display: webFont("Fraunces", "serif"), displayWeight: 560 },
  typeScale: { "-1": "0.875rem", "0": "1.0625rem", "1": "1.25rem", "2": "1.5625rem", "3": "clamp(1.75rem, 1.2rem + 1.6vw, 2.25rem)", "4": "clamp(2.4rem, 1.6rem + 3.4vw, 4rem)" },
  space: ["0.5rem", "1rem", "1.5rem", "2.5rem", "4rem", "6rem"],
  radii: { base: "12px", large: "24px" },
  shadows: { card: "0 1px 2px rgba(35, 25, 29, 0.06), 0 8px 24px rgba(35, 25, 29, 0.06)", popup: "0 18px 48px rgba(35, 25, 29, 0.16)" },
  layout: { container: "78rem" },
  motion: { duration: "250ms", ease: "cubic-bezier(0.22, 1, 0.36, 1)" },
});
