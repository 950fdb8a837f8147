import type { z } from "zod";
import type { BusinessSchema } from "@mainstreet/rules/business/schema";
/** The business data as the data file writes it (prices as "12.50" or 12.5, `_id`s): what a revision holds. */
export type SiteDocument = z.input<typeof BusinessSchema>;
