import { uuid } from "@mainstreet/rules/api/api-requests";
import { z } from "zod";

/** Path and query shapes shared by the routes; field helpers and bodies come from @mainstreet/rules/api/api-requests. */

export const OrderIdParams = z.strictObject({ id: uuid });
export const ItemIdParams = z.strictObject({ itemId: uuid });
export const NoQuery = z.strictObject({});
/** Calls with no payload accept an absent body or an empty JSON object. */
export const EmptyBody = z.union([z.undefined(), z.null(), z.strictObject({})]);
