import { z } from "zod";
import { optionalText } from "../http/common.schema";

export const OrdersQuery = z.strictObject({
  view: z.enum(["active", "recent"], { message: 'expected "active" (placed, accepted, ready) or "recent" (completed or cancelled in the last 48 hours)' }).default("active"),
});

export const StatusBody = z.strictObject({
  status: z.enum(["accepted", "ready", "completed", "cancelled"], { message: 'expected "accepted", "ready", "completed" or "cancelled"' }),
  /** Why it was cancelled, told to the customer; ignored for other moves. */
  reason: optionalText(500).optional(),
});
export type StatusBody = z.output<typeof StatusBody>;

/** `Last-Event-ID` as the browser sends it back: the id of the last event the stream received. */
export const LastEventId = z
  .string()
  .regex(/^\d{1,15}$/, "expected the id of an event this stream sent (digits)")
  .transform(Number)
  .optional();
