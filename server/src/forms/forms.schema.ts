import { id } from "@mainstreet/rules/api/api-requests";
import { z } from "zod";

/** Contact form path (SPEC §7 `businesses/{businessType}/{businessId}/locations/{locationId}/email/`). */
export const ContactParams = z.strictObject({
  businessType: z.string().min(1).max(40),
  businessId: id,
  locationId: id,
});
