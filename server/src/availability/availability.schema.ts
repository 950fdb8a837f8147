import { z } from "zod";
import { id } from "../http/common.schema";

export const ItemParams = z.strictObject({ itemId: id });

export const AvailabilityBody = z.strictObject({
  sold_out: z.union([z.literal("today"), z.literal("indefinitely"), z.literal(false)], {
    message: 'expected "today" (until midnight), "indefinitely" (until further notice) or false (available again)',
  }),
  /** One variation of the item; absent: the whole item. */
  variation_id: id.optional(),
});
export type AvailabilityBody = z.output<typeof AvailabilityBody>;
