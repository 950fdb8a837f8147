import { z } from "zod";

export const LocationParams = z.strictObject({ locationId: z.string().trim().min(1, "expected a location id").max(200, "expected a location id of at most 200 characters") });
