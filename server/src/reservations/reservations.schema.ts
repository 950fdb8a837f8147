import { z } from "zod";
import { calendarDate, id } from "../http/common.schema";

export const SlotsQuery = z.strictObject({
  business_id: id,
  location_id: id,
  date: calendarDate,
});

export const ReservationParams = z.strictObject({
  reference: z.string().regex(/^R-[A-Z2-9]{4}-[A-Z2-9]{4}$/, "expected a reservation reference like R-ABCD-EF23"),
});

export const CancelBody = z.strictObject({
  cancel_token: z.string().regex(/^[0-9a-f]{32}$/, "expected the 32-character cancel token from the confirmation"),
});
