import { defineRecipeTokens, webFont } from "@mainstreet/rules/site/recipe-defaults";

/**
 * Calendula: calm, for spas and wellness. A sage-tinted page, deep green ink, a garden-green accent (the
 * business's colour when it has one), a gentle serif over a rounded sans, generous space, large soft
 * radii and diffuse shadows. Every text pairing meets WCAG AA (recipe-tokens tests).
 */
export const tokens = defineRecipeTokens({
  colors: { brand: "#3f6b4c", ground: "#f5f7f1", surface: "#ffffff", footer: "#e8eee2", ink: "#1e2a23", muted: "#4b5a50", line: "#dbe3d4", lineStrong: "#7b8c80" },
  fonts: { body: webFont("Figtree", "sans-serif"), display: webFont("Lora", "serif"), displayWeight: 500 },
  typeScale: { "-1": "0.875rem", "0": "1.0625rem", "1": "1.25rem", "2": "1.5625rem", "3": "clamp(1.75rem, 1.3rem + 1.5vw, 2.25rem)", "4": "clamp(2.375rem, 1.6rem + 3.2vw, 3.75rem)" },
  space: ["0.5rem", "1rem", "1.75rem", "2.75rem", "4.5rem", "6.5rem"],
  radii: { base: "14px", large: "28px" },
  shadows: { card: "0 2px 6px rgba(30, 42, 35, 0.04), 0 12px 32px rgba(30, 42, 35, 0.06)", popup: "0 20px 56px rgba(30, 42, 35, 0.16)" },
  layout: { container: "74rem" },
  motion: { duration: "300ms", ease: "cubic-bezier(0.33, 1, 0.68, 1)" },
});
