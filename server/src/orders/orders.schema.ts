import { FulfillmentMethodBody } from "@mainstreet/rules/api/api-requests";
import { z } from "zod";

/** Order bodies come from @mainstreet/rules/api/api-requests; this is the one query only the service reads. */
export const FulfillmentSlotsQuery = z.strictObject({
  /** Default: the order's fulfillment method, else pickup. */
  method: FulfillmentMethodBody.optional(),
});
