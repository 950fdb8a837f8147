import { SHARED_COLORS, type RecipeTokens } from "../recipe-tokens";

/** Complete tokens, written out in full, shared by the recipe-tokens and recipe-defaults tests. */
export const TOKENS: RecipeTokens = {
  colors: {
    ...SHARED_COLORS,
    brand: "#2b5d8c",
    ground: "#ffffff",
    surface: "#ffffff",
    footer: "#f4f5f7",
    ink: "#1c1f24",
    muted: "#4f5661",
    line: "#e3e6ea",
    lineStrong: "#868d98",
  },
  fonts: {
    body: { family: "Inter Variable", package: "@fontsource-variable/inter", file: "inter-latin-wght-normal.woff2", metrics: "inter", fallback: "arial", generic: "sans-serif" },
    display: { family: "Fraunces Variable", package: "@fontsource-variable/fraunces", file: "fraunces-latin-wght-normal.woff2", metrics: "fraunces", fallback: "georgia", generic: "serif" },
    displayWeight: 600,
  },
  typeScale: { "-1": "0.875rem", "0": "1rem", "1": "1.25rem", "2": "1.5rem", "3": "2rem", "4": "clamp(2rem, 1rem + 3vw, 3rem)" },
  space: ["0.5rem", "1rem", "1.5rem", "2.5rem", "4rem", "6rem"],
  radii: { base: "8px", large: "16px", pill: "999px" },
  shadows: { card: "0 1px 2px rgba(0, 0, 0, 0.1)", popup: "0 8px 24px rgba(0, 0, 0, 0.2)" },
  layout: { container: "72rem" },
  motion: { duration: "200ms", ease: "ease-out" },
};
