import { parseRecipeTokens, RecipeTokensError, tokenStylesheet, type RecipeTokens } from "../recipe-tokens";

const TOKENS: RecipeTokens = {
  colors: {
    brand: "#2b5d8c",
    ground: "#ffffff",
    surface: "#ffffff",
    footer: "#f4f5f7",
    ink: "#1c1f24",
    muted: "#4f5661",
    line: "#e3e6ea",
    lineStrong: "#868d98",
    focus: "#1f5fbf",
    success: "#1c6b3a",
    warning: "#8a4b00",
    danger: "#b3261e",
    darkText: "#111111",
    lightText: "#ffffff",
  },
  fonts: { body: "system-ui, sans-serif", display: "Georgia, serif", displayWeight: 600 },
  typeScale: { "-1": "0.875rem", "0": "1rem", "1": "1.25rem", "2": "1.5rem", "3": "2rem", "4": "clamp(2rem, 1rem + 3vw, 3rem)" },
  space: ["0.5rem", "1rem", "1.5rem", "2.5rem", "4rem", "6rem"],
  radii: { base: "8px", large: "16px", pill: "999px" },
  shadows: { card: "0 1px 2px rgba(0, 0, 0, 0.1)", popup: "0 8px 24px rgba(0, 0, 0, 0.2)" },
  layout: { container: "72rem" },
  motion: { duration: "200ms", ease: "ease-out" },
};

describe("parseRecipeTokens", () => {
  it("accepts complete tokens", () => {
    expect(parseRecipeTokens("default", TOKENS)).toEqual(TOKENS);
  });

  it.each<[string, (tokens: RecipeTokens) => unknown, string]>([
    ["a colour that is not six-digit hex", (t) => ({ ...t, colors: { ...t.colors, ink: "black" } }), "recipe muse: tokens.colors.ink: expected a six-digit hex colour like #a3154a"],
    ["a value that could close the rule", (t) => ({ ...t, fonts: { ...t.fonts, body: "serif;} body{display:none" } }), "recipe muse: tokens.fonts.body: expected one CSS value (no ;, braces or angle brackets)"],
    ["markup in a value", (t) => ({ ...t, layout: { container: "</style><script>" } }), "recipe muse: tokens.layout.container: expected one CSS value (no ;, braces or angle brackets)"],
    ["a missing spacing step", (t) => ({ ...t, space: t.space.slice(0, 5) }), "recipe muse: tokens.space"],
    ["an unknown token", (t) => ({ ...t, colors: { ...t.colors, chartreuse: "#7fff00" } }), "recipe muse: tokens.colors"],
  ])("refuses %s, naming the recipe and the field", (_name, spoil, message) => {
    expect(() => parseRecipeTokens("muse", spoil(TOKENS))).toThrow(RecipeTokensError);
    expect(() => parseRecipeTokens("muse", spoil(TOKENS))).toThrow(message);
  });
});

describe("tokenStylesheet", () => {
  it("is one :root rule with the brand palette worked in", () => {
    const css = tokenStylesheet(TOKENS, "#a8321f");
    expect(css).toMatch(/^:root\{[^{}]+\}$/);
    expect(css).toContain("--color-brand:#a8321f");
    expect(css).toContain("--font-display:Georgia, serif");
    expect(css).toContain("--space-6:6rem");
  });

  it.each([[undefined], ["not-a-colour"]])("falls back to the recipe's own accent for %s", (primary) => {
    expect(tokenStylesheet(TOKENS, primary)).toContain("--color-brand:#2b5d8c");
  });
});
