import { defineRecipeTokens, webFont, type OwnRecipeTokens } from "../recipe-defaults";
import { parseRecipeTokens, SHARED_COLORS } from "../recipe-tokens";

describe("webFont: a family named once, the rest as its package and @capsizecss/metrics spell it", () => {
  it.each<[string, "serif" | "sans-serif", string, string, "arial" | "georgia"]>([
    ["Inter", "sans-serif", "inter", "inter", "arial"],
    ["DM Sans", "sans-serif", "dm-sans", "dMSans", "arial"],
    ["Playfair Display", "serif", "playfair-display", "playfairDisplay", "georgia"],
    ["Bricolage Grotesque", "sans-serif", "bricolage-grotesque", "bricolageGrotesque", "arial"],
  ])("%s (%s)", (family, generic, slug, metrics, fallback) => {
    expect(webFont(family, generic)).toEqual({
      family: `${family} Variable`,
      package: `@fontsource-variable/${slug}`,
      file: `${slug}-latin-wght-normal.woff2`,
      metrics,
      fallback,
      generic,
    });
  });
});

describe("defineRecipeTokens", () => {
  const own: OwnRecipeTokens = {
    colors: { brand: "#2b5d8c", ground: "#ffffff", surface: "#ffffff", footer: "#f4f5f7", ink: "#1c1f24", muted: "#4f5661", line: "#e3e6ea", lineStrong: "#868d98" },
    fonts: { body: webFont("Inter", "sans-serif"), display: webFont("Fraunces", "serif"), displayWeight: 600 },
    typeScale: { "-1": "0.875rem", "0": "1rem", "1": "1.25rem", "2": "1.5rem", "3": "2rem", "4": "3rem" },
    space: ["0.5rem", "1rem", "1.5rem", "2.5rem", "4rem", "6rem"],
    radii: { base: "8px", large: "16px" },
    shadows: { card: "none", popup: "none" },
    layout: { container: "72rem" },
    motion: { duration: "200ms", ease: "ease-out" },
  };

  it("completes a recipe's own tokens into valid ones: shared colours first, then the recipe's, and a pill radius", () => {
    const tokens = defineRecipeTokens(own);
    expect(parseRecipeTokens("default", tokens)).toEqual(tokens);
    expect(Object.keys(tokens.colors)).toEqual([...Object.keys(SHARED_COLORS), ...Object.keys(own.colors)]);
    expect(tokens.colors).toMatchObject(SHARED_COLORS);
    expect(tokens.radii).toEqual({ base: "8px", large: "16px", pill: "999px" });
  });

  it("lets a recipe name a shared colour or the pill radius of its own", () => {
    const tokens = defineRecipeTokens({ ...own, colors: { ...own.colors, focus: "#0000ff" }, radii: { ...own.radii, pill: "2rem" } });
    expect(tokens.colors.focus).toBe("#0000ff");
    expect(tokens.colors.danger).toBe(SHARED_COLORS.danger);
    expect(tokens.radii.pill).toBe("2rem");
  });
});
