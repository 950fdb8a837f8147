import { calendarDate, id } from "@mainstreet/rules/api/api-requests";
import { z } from "zod";

export const SlotsQuery = z.strictObject({
  business_id: id,
  location_id: id,
  date: calendarDate,
});

export const ReservationParams = z.strictObject({
  reference: z.string().regex(/^R-[A-Z2-9]{4}-[A-Z2-9]{4}$/, "expected a reservation reference like R-ABCD-EF23"),
});
