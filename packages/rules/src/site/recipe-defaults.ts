import { SHARED_COLORS, type RecipeTokens, type WebFont } from "./recipe-tokens";

/**
 * What a recipe writes in its `src/tokens.ts`: only what is its own. The shared colours and the pill radius
 * come from here unless the recipe names them, and a font is named by its family alone (see `webFont`).
 */
export interface OwnRecipeTokens extends Omit<RecipeTokens, "colors" | "radii"> {
  colors: Omit<RecipeTokens["colors"], keyof typeof SHARED_COLORS> & Partial<RecipeTokens["colors"]>;
  radii: Omit<RecipeTokens["radii"], "pill"> & Partial<RecipeTokens["radii"]>;
}

const PILL_RADIUS = "999px";

/**
 * An @fontsource-variable family, everything else derived from its name the way the package and
 * @capsizecss/metrics spell it: "DM Sans" is `@fontsource-variable/dm-sans`, file
 * `dm-sans-latin-wght-normal.woff2`, metrics `dMSans`; a serif falls back to Georgia, a sans to Arial.
 */
export function webFont(family: string, generic: WebFont["generic"]): WebFont {
  const slug = family.toLowerCase().replace(/ /g, "-");
  const metrics = family.replace(/ /g, "").replace(/^./, (first) => first.toLowerCase());
  return {
    family: `${family} Variable`,
    package: `@fontsource-variable/${slug}`,
    file: `${slug}-latin-wght-normal.woff2`,
    metrics,
    fallback: generic === "serif" ? "georgia" : "arial",
    generic,
  };
}

/** A recipe's complete tokens: the shared colours first (the order of the CSS variables), then its own. */
export function defineRecipeTokens(own: OwnRecipeTokens): RecipeTokens {
  return {
    ...own,
    colors: { ...SHARED_COLORS, ...own.colors },
    radii: { ...own.radii, pill: own.radii.pill ?? PILL_RADIUS },
  };
}
