import { z } from "zod";
import { calendarDate, email, id, offsetInstant, optionalText, text } from "./api-requests";
import { CreateAppointmentBody, MoveAppointmentBody } from "./appointments-api";

/**
 * The workspace calendar's part of the merchant API (`{API_BASE}manage/appointments/…` and
 * `manage/appointment-blocks/…`; docs/api.md "Appointments"): request bodies the service parses and the
 * replies it builds, declared once, so the Calendar screen sends and reads the same types. The same
 * conventions as manage-api.ts: instants are ISO 8601 with the location's offset.
 */

const iso = z.string();

export const CalendarEntryStatusSchema = z.enum(["booked", "cancelled", "no_show"]);

export const CalendarCustomerSchema = z
  .object({ first_name: z.string(), last_name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })
  .strict();

/** One appointment or block in a person's column. */
export const CalendarEntrySchema = z
  .object({
    id: z.string(),
    kind: z.enum(["appointment", "block"]),
    location_id: z.string(),
    staff_id: z.string(),
    start: iso,
    /** When the service ends (a block: when it ends). */
    end: iso,
    /** When the person is free again (after the clean-up buffer); equals `end` without one. */
    busy_until: iso,
    status: CalendarEntryStatusSchema,
    /** `online` (the visitor booked it) or `walk_in` (added in the workspace); null for a block. */
    source: z.enum(["online", "walk_in"]).nullable(),
    reference: z.string().nullable(),
    variation_id: z.string().nullable(),
    /** "Balayage · Senior stylist" as the site names it; null for a block. */
    service_name: z.string().nullable(),
    customer: CalendarCustomerSchema.nullable(),
    /** The visitor's notes, or a block's reason. */
    notes: z.string(),
    updated_at: iso,
  })
  .strict();
export type CalendarEntry = z.infer<typeof CalendarEntrySchema>;

/** A service variation that can be booked as an appointment, as the walk-in form offers it. */
export const CalendarServiceSchema = z
  .object({
    variation_id: z.string(),
    /** "Balayage · Senior stylist" as the site names it. */
    name: z.string(),
    duration_minutes: z.number().int().positive(),
    buffer_minutes: z.number().int().nonnegative(),
    /** The people of the calendar's columns who perform it, in the team's order. */
    staff_ids: z.array(z.string()),
  })
  .strict();
export type CalendarService = z.infer<typeof CalendarServiceSchema>;

/** `GET manage/appointments/?location_id&from&days`. */
export const CalendarReplySchema = z
  .object({
    location_id: z.string(),
    time_zone: z.string(),
    from: z.string(),
    days: z.number().int().positive(),
    /** The columns: people who work at the location, in the team's order. */
    staff: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
    /** What a walk-in may be booked for here: every bookable variation, and who of `staff` performs it. */
    services: z.array(CalendarServiceSchema),
    entries: z.array(CalendarEntrySchema),
  })
  .strict();
export type CalendarReply = z.infer<typeof CalendarReplySchema>;

/** The longest range one calendar read answers (a week view plus room). */
export const CALENDAR_MAX_DAYS = 31;

export const CalendarQuery = z.strictObject({
  location_id: id,
  /** First day on the location's clock; default today there. */
  from: calendarDate.optional(),
  days: z.coerce
    .number({ message: `expected a whole number of days from 1 to ${CALENDAR_MAX_DAYS}` })
    .int(`expected a whole number of days from 1 to ${CALENDAR_MAX_DAYS}`)
    .min(1, "expected at least 1 day")
    .max(CALENDAR_MAX_DAYS, `expected at most ${CALENDAR_MAX_DAYS} days`)
    .default(1),
});
export type CalendarQuery = z.output<typeof CalendarQuery>;

/**
 * `POST manage/appointments/`: a walk-in (or a booking taken on the phone). The visitor's booking body,
 * declared once in appointments-api, without the business (the session's), for a named person, and with
 * only a first name required of the customer.
 */
export const WalkInBody = CreateAppointmentBody.omit({ business_id: true }).extend({
  staff_id: id,
  customer: z.strictObject({
    first_name: text(100),
    last_name: optionalText(100).default(""),
    email: email.optional(),
    phone: optionalText(40).optional(),
  }),
});
export type WalkInBody = z.output<typeof WalkInBody>;

/** `POST manage/appointments/{id}/move/`: the visitor's move without the token (the session is the right), maybe to another person. */
export const ManageMoveBody = MoveAppointmentBody.omit({ token: true }).extend({ staff_id: id.optional() });
export type ManageMoveBody = z.output<typeof ManageMoveBody>;

/** `POST manage/appointments/{id}/cancel/`: the customer is mailed, with the reason when one is given. */
export const ManageCancelBody = z.strictObject({ reason: optionalText(500).default("") });
export type ManageCancelBody = z.output<typeof ManageCancelBody>;

/** `POST manage/appointment-blocks/`: time a person is not bookable (a meeting, a long lunch): a walk-in's place, person and start, with an end instead of a service. */
export const BlockBody = WalkInBody.pick({ location_id: true, staff_id: true, start: true }).extend({ end: offsetInstant, reason: optionalText(200).default("") });
export type BlockBody = z.output<typeof BlockBody>;
