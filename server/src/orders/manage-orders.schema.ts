import { z } from "zod";

export const OrdersQuery = z.strictObject({
  view: z.enum(["active", "recent"], { message: 'expected "active" (placed, accepted, ready) or "recent" (completed or cancelled in the last 48 hours)' }).default("active"),
});

/** `Last-Event-ID` as the browser sends it back: the id of the last event the stream received. */
export const LastEventId = z
  .string()
  .regex(/^\d{1,15}$/, "expected the id of an event this stream sent (digits)")
  .transform(Number)
  .optional();
