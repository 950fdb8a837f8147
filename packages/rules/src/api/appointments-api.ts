import { z } from "zod";
import { ANY_STAFF } from "../booking/staff";
import { calendarDate, CustomerBody, id, offsetInstant, optionalText } from "./api-requests";

/**
 * The appointments area of the API (docs/api.md "Appointments"), declared once: the service parses
 * queries and bodies with these schemas and builds its replies as these types; the site and the
 * workspace import the types only, so zod stays out of a visitor's first load.
 *
 * Times are ISO 8601 instants with the location's offset (2026-12-08T10:15:00-05:00); dates are
 * YYYY-MM-DD in the location's time zone, which every reply names.
 */

/** A team member's id, or "any". */
const staffChoice = id.describe('A team member id, or "any" for whoever is free.');

/** How many days one availability call may cover (a visitor's calendar shows a month or two). */
export const MAX_AVAILABILITY_DAYS = 62;

const DAYS_MESSAGE = `expected a whole number of days from 1 to ${MAX_AVAILABILITY_DAYS}`;

/** Query parameters arrive as text: `days=7`. */
const dayCount = z
  .string()
  .regex(/^\d{1,3}$/, DAYS_MESSAGE)
  .transform(Number)
  .pipe(z.number().int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(MAX_AVAILABILITY_DAYS, DAYS_MESSAGE));

/** The token a booking's confirmation carries: whoever holds it may view, cancel and move that booking. */
export const manageToken = z.string().regex(/^[0-9a-f]{32}$/, "expected the 32-character token from the confirmation");

/** A reference a visitor can read out on the phone, like A-7KQ2-M9XD. */
export const appointmentReference = z.string().regex(/^A-[A-Z2-9]{4}-[A-Z2-9]{4}$/, "expected an appointment reference like A-7KQ2-M9XD");

/* Requests */

/** `GET appointments/availability/?business_id&location_id&variation_id&staff_id&from&days`. */
export const AvailabilityQuery = z.strictObject({
  business_id: id,
  location_id: id,
  variation_id: id,
  staff_id: staffChoice.default(ANY_STAFF),
  /** First date; absent: today in the location's zone. */
  from: calendarDate.optional(),
  days: dayCount.default(7),
});
export type AvailabilityQuery = z.output<typeof AvailabilityQuery>;
/** @public What the site's booking flow sends; the contract for the site and the service. */
export type AvailabilityRequestQuery = z.input<typeof AvailabilityQuery>;

/** `POST appointments/` (honours `Idempotency-Key`). */
export const CreateAppointmentBody = z.strictObject({
  business_id: id,
  location_id: id,
  variation_id: id,
  staff_id: staffChoice,
  start: offsetInstant,
  customer: CustomerBody,
  notes: optionalText(1000).default(""),
});
export type CreateAppointmentBody = z.output<typeof CreateAppointmentBody>;
/** @public What the site's booking flow sends; the contract for the site and the service. */
export type CreateAppointmentRequestBody = z.input<typeof CreateAppointmentBody>;

/** `GET appointments/{reference}/` and the path of cancel and move. */
export const AppointmentParams = z.strictObject({ reference: appointmentReference });
export type AppointmentParams = z.output<typeof AppointmentParams>;

/** `GET appointments/{reference}/?token=…`. */
export const ViewAppointmentQuery = z.strictObject({ token: manageToken });
export type ViewAppointmentQuery = z.output<typeof ViewAppointmentQuery>;

/** `POST appointments/{reference}/cancel/`. */
export const CancelAppointmentBody = z.strictObject({ token: manageToken });
export type CancelAppointmentBody = z.output<typeof CancelAppointmentBody>;

/** `POST appointments/{reference}/move/`: another free start with the same person. */
export const MoveAppointmentBody = z.strictObject({ token: manageToken, start: offsetInstant });
export type MoveAppointmentBody = z.output<typeof MoveAppointmentBody>;

/* Replies */

const count = z.number().int().nonnegative();

export const AvailableSlotSchema = z
  .object({
    /** The start, with the location's offset. */
    start: z.string(),
    /** Who is free then, in the team's order: one id when a person was asked for. */
    staff: z.array(z.string()).min(1),
  })
  .strict();

export const AvailabilityReplySchema = z
  .object({
    time_zone: z.string(),
    /** Every date asked for, in order; a date with no free start has no slots. */
    days: z.array(z.object({ date: z.string(), slots: z.array(AvailableSlotSchema) }).strict()),
  })
  .strict();
/** @public The contract of the service's replies, which the booking flow and the workspace read. */
export type AvailabilityReply = z.infer<typeof AvailabilityReplySchema>;

const StaffViewSchema = z.object({ id: z.string(), name: z.string() }).strict();

export const CreatedAppointmentSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    start: z.string(),
    /** When the service ends (the buffer after it is the business's, not the visitor's). */
    end: z.string(),
    /** The person doing it: the one asked for, or the one "any" assigned. */
    staff: StaffViewSchema,
    manage_token: z.string(),
  })
  .strict();
/** @public The contract of the service's replies, which the booking flow reads. */
export type CreatedAppointment = z.infer<typeof CreatedAppointmentSchema>;

export const AppointmentStatusSchema = z.enum(["confirmed", "cancelled", "no_show"]);

/** A booking as its holder sees it (view, cancel and move all answer with it). */
export const AppointmentViewSchema = z
  .object({
    /** The same id as the booking's reply: the calendar file's UID, so a file saved again updates the same entry. */
    id: z.string(),
    reference: z.string(),
    status: AppointmentStatusSchema,
    business_id: z.string(),
    location_id: z.string(),
    item_id: z.string(),
    variation_id: z.string(),
    staff: StaffViewSchema,
    start: z.string(),
    end: z.string(),
    time_zone: z.string(),
    duration_minutes: count,
    price_cents: count,
    customer: z.object({ first_name: z.string(), last_name: z.string() }).strict(),
    notes: z.string(),
    /** The last instant it may still be cancelled or moved (start − the location's cancellationHours). */
    changeable_until: z.string(),
    /** Whether a cancel or move would be accepted now. */
    changeable: z.boolean(),
  })
  .strict();
/** @public The contract of the service's replies, which the site's manage page reads. */
export type AppointmentView = z.infer<typeof AppointmentViewSchema>;
