/**
 * The fixed choices of the business data, apart from the schema that checks them: the workspace offers them
 * as options without loading the schema (zod and luxon) into its Site screen.
 */

export const RECIPES = ["default", "cutilier", "muse", "hibiscus", "calendula"] as const;

/** The recipe a business gets when neither its data nor SITE_RECIPE names one. */
export const DEFAULT_RECIPE = "hibiscus" satisfies (typeof RECIPES)[number];

export const SOCIAL_TYPES = ["facebook", "instagram", "twitter", "x", "tiktok", "youtube", "linkedin", "pinterest", "yelp", "google", "tripadvisor", "other"] as const;
