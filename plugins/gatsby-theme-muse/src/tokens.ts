import { defineRecipeTokens, webFont } from "@mainstreet/rules/site/recipe-defaults";

/**
 * Muse: editorial, for beauty and fashion. White page, black ink, a plum accent (the business's colour
 * when it has one), a high-contrast serif set large over a geometric sans, square corners, no shadows:
 * the photographs carry the page. Every text pairing meets WCAG AA (recipe-tokens tests).
 */
export const tokens = defineRecipeTokens({
  colors: { brand: "#8c2f5a", ground: "#ffffff", surface: "#ffffff", footer: "#f3f0ec", ink: "#111111", muted: "#54504b", line: "#e6e1db", lineStrong: "#85807a" },
  fonts: { body: webFont("Outfit", "sans-serif"), display: webFont("Playfair Display", "serif"), displayWeight: 500 },
  typeScale: { "-1": "0.8125rem", "0": "1.0625rem", "1": "1.3125rem", "2": "1.75rem", "3": "clamp(2rem, 1.3rem + 2.4vw, 3rem)", "4": "clamp(2.75rem, 1.5rem + 5.6vw, 6rem)" },
  space: ["0.5rem", "1rem", "1.75rem", "3rem", "5rem", "7.5rem"],
  radii: { base: "0px", large: "0px" },
  shadows: { card: "none", popup: "0 24px 60px rgba(17, 17, 17, 0.18)" },
  layout: { container: "82rem" },
  motion: { duration: "320ms", ease: "cubic-bezier(0.16, 1, 0.3, 1)" },
});
