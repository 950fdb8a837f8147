import { id } from "@mainstreet/rules/api/api-requests";
import { z } from "zod";

export const BusinessParams = z.strictObject({ businessId: id });

/** `GET health?business=<id>`: an operator asking whether one business is served, and from what. */
export const HealthQuery = z.strictObject({ business: id.optional() });
