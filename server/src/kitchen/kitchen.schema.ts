import { z } from "zod";
import { offsetInstant } from "../http/common.schema";

export const LocationParams = z.strictObject({ locationId: z.string().trim().min(1, "expected a location id").max(200, "expected a location id of at most 200 characters") });

export const KitchenBody = z.strictObject({
  rush_minutes: z.number({ message: "expected a whole number of minutes from 0 to 120" }).int("expected a whole number of minutes from 0 to 120").min(0, "expected 0 to 120 minutes").max(120, "expected 0 to 120 minutes").optional(),
  /** Orders paused until then (ISO with its offset); null resumes them. */
  paused_until: offsetInstant.nullable().optional(),
  /** Orders per 15-minute slot, replacing the data file's; null: the data file's applies. */
  orders_per_slot: z.number({ message: "expected a whole number of orders from 1 to 1000, or null" }).int("expected a whole number of orders").min(1, "expected at least 1 order").max(1000, "expected at most 1000 orders").nullable().optional(),
});
export type KitchenBody = z.output<typeof KitchenBody>;
