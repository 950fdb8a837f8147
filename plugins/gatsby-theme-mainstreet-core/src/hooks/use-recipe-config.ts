import { useSiteData } from "./use-site-data";

export interface RecipeConfig {
  /** The recipe building this site (default, cutilier, muse, hibiscus, calendula). */
  recipe: string;
}

/**
 * The one place components learn which recipe they are in (the core theme's options, published on the
 * business node at build). Colours, type and spacing never come through here: they are CSS variables.
 */
export function useRecipeConfig(): RecipeConfig {
  const { business } = useSiteData();
  return { recipe: business.recipe };
}
