import { z } from "zod";
import { email, id, offsetDateTime, optionalText, text } from "../http/common.schema";

/** Contact form (SPEC §7 `businesses/{businessType}/{businessId}/locations/{locationId}/email/`). */
export const ContactParams = z.strictObject({
  businessType: z.string().min(1).max(40),
  businessId: id,
  locationId: id,
});

export const ContactBody = z.strictObject({
  contact_name: text(200),
  contact_email: email,
  contact_message: text(5000),
  contact_opt_in: z.boolean().default(false),
  email_subject: optionalText(200).optional(),
  /** Must be one of the location's contact emails: a visitor never chooses where mail goes. */
  destination_email: email.optional(),
  destination_emails: z.array(email).max(10, "expected at most 10 addresses").optional(),
});
export type ContactBody = z.output<typeof ContactBody>;

export const EVENT_TYPES = ["review", "reservation", "subscribe", "application", "like"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** `events/website/` envelope; `event_data.fieldValues` is checked per event type below. */
export const EventBody = z.strictObject({
  business_info: z.strictObject({
    id,
    type: z.enum(["restaurant", "generic", "merchant"]).optional(),
    name: z.string().max(200).optional(),
  }),
  website: z
    .strictObject({
      url: z.string().max(500).optional(),
      page: z.string().max(500).optional(),
      recipe: z.string().max(40).optional(),
    })
    .optional(),
  location: z.strictObject({ id }).nullable().optional(),
  component_configuration: z.strictObject({
    type: z.enum(EVENT_TYPES, { message: `expected one of ${EVENT_TYPES.join(", ")}` }),
    id: z.string().max(200).optional(),
    name: z.string().max(200).optional(),
  }),
  event_data: z.strictObject({
    fieldValues: z.record(z.string().max(100), z.unknown()),
  }),
});
export type EventBody = z.output<typeof EventBody>;

export const ReviewFields = z.strictObject({
  rating: z.number().int("expected a whole number of stars").min(1, "expected 1 to 5 stars").max(5, "expected 1 to 5 stars"),
  text: text(5000),
  name: optionalText(100).optional(),
  email: email.optional(),
  menuItemId: id.optional(),
});

export const ReservationFields = z.strictObject({
  start: offsetDateTime,
  partySize: z.number().int("expected a whole number of people").min(1, "expected at least 1 person").max(50, "expected at most 50 people"),
  name: text(100),
  email,
  phone: text(40).optional(),
  notes: optionalText(1000).default(""),
  serviceId: id.optional(),
  teamMemberId: id.optional(),
});
export type ReservationFields = z.output<typeof ReservationFields>;

export const SubscribeFields = z.strictObject({
  email,
  optIn: z.literal(true, { message: "expected true: the visitor must agree to receive emails" }),
  name: optionalText(100).optional(),
});

export const ApplicationFields = z.strictObject({
  name: text(100),
  email,
  phone: text(40).optional(),
  role: text(100),
  message: text(5000),
});

export const LikeFields = z.strictObject({
  menuItemId: id,
  /** A random id the browser keeps (32 hex, like the session token), so one visitor likes once. */
  visitorId: z.string().regex(/^[0-9a-f]{32}$/, "expected 32 lowercase hex characters"),
});
