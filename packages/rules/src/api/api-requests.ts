import { DateTime } from "luxon";
import { z } from "zod";

/**
 * The request bodies of the visitor API (SPEC §7), declared once: the service parses every body with
 * these schemas and the site builds its payloads as their input types. A line item mirrors the site's
 * cart line (SPEC §3) in snake_case; names and prices a cart carries for display are accepted and
 * ignored, since every price is taken from the catalog. Site code imports only types from here, so
 * zod and luxon stay out of visitor pages.
 */

/** Trimmed text with limits that keep rows and mails sane. */
export const text = (max: number) => z.string().trim().min(1, "expected non-empty text").max(max, `expected at most ${max} characters`);
export const optionalText = (max: number) => z.string().trim().max(max, `expected at most ${max} characters`);
export const id = z.string().trim().min(1, "expected an id as non-empty text").max(200, "expected an id of at most 200 characters");
export const uuid = z.uuid({ message: "expected a UUID like 0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b" });
/** Prices a client may send (cart display values); accepted for compatibility and never used. */
const ignoredPrice = z.union([z.number(), z.string().max(40)]).optional();
export const email = z.string().trim().min(3, "expected an email address").max(254, "expected an email address of at most 254 characters");
const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code like "US"')
  .transform((value) => value.toUpperCase());

/**
 * Dates and times a visitor can mean: years 2000 to 2199. Beyond that (9999-12-31) the database, luxon
 * and the slot arithmetic disagree about what the value is, so it is refused here with a message.
 */
const YEAR_RANGE = { min: 2000, max: 2199 } as const;
const inYears = (value: DateTime) => value.isValid && value.year >= YEAR_RANGE.min && value.year <= YEAR_RANGE.max;

/** A calendar date `YYYY-MM-DD` that exists (no 2030-02-30). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date like 2026-03-10")
  .refine((value) => inYears(DateTime.fromISO(value, { zone: "UTC" })), `expected a real date between ${YEAR_RANGE.min} and ${YEAR_RANGE.max}`);

/**
 * An ISO 8601 date and time like 2026-03-10T19:00:00-05:00, within the years above. Whether it carries
 * its offset and is a bookable slot is the service's question (a 422 that says which).
 */
const offsetDateTime = z
  .string()
  .max(40, "expected an ISO 8601 date and time like 2026-03-10T19:00:00-05:00")
  .refine((value) => {
    const parsed = DateTime.fromISO(value, { setZone: true });
    return !parsed.isValid || inYears(parsed);
  }, `expected a real date and time between ${YEAR_RANGE.min} and ${YEAR_RANGE.max}`);

/**
 * An instant the visitor chose, as ISO 8601 with its offset (2026-11-27T18:15:00-05:00 or …Z), within
 * the years above: the offset says which instant is meant whatever the zone of the client.
 */
export const offsetInstant = z
  .string()
  .max(40, "expected an ISO 8601 date and time with its offset like 2026-11-27T18:15:00-05:00")
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/, "expected an ISO 8601 date and time with its offset like 2026-11-27T18:15:00-05:00")
  .refine((value) => inYears(DateTime.fromISO(value, { setZone: true })), `expected a real date and time between ${YEAR_RANGE.min} and ${YEAR_RANGE.max}`);

/* Orders */

const SelectedVariation = z.strictObject({
  id,
  menu_item: id,
  name: z.string().max(200).optional(),
  order: z.number().optional(),
  price: ignoredPrice,
});

const SelectedModifier = z.strictObject({
  id,
  modifier_set_id: id.optional(),
  name: z.string().max(200).optional(),
  price: ignoredPrice,
});

const quantity = z.number().int("expected a whole number").min(1, "expected at least 1").max(99, "expected at most 99");
const modifiers = z.array(SelectedModifier).max(30, "expected at most 30 modifiers");

export const LineItemBody = z.strictObject({
  selected_variation: SelectedVariation,
  selected_modifiers: modifiers.default([]),
  special_instructions: optionalText(500).default(""),
  quantity,
  /** Line totals a client may have computed; ignored. */
  price: ignoredPrice,
  total: ignoredPrice,
});
/** A line item as the service reads it. */
export type LineItemBody = z.output<typeof LineItemBody>;
/** A line item as the site sends it: the cart line with every display copy filled in. */
export type LineItemPayload = Omit<z.input<typeof LineItemBody>, "selected_variation" | "selected_modifiers" | "special_instructions" | "price" | "total"> & {
  selected_variation: Required<z.input<typeof SelectedVariation>> & { price: number };
  selected_modifiers: (Required<z.input<typeof SelectedModifier>> & { price: number })[];
  special_instructions: string;
};

export const CreateOrderBody = z.strictObject({
  merchant_product: id,
  merchant_location: id,
  line_items: z.array(LineItemBody).max(50, "expected at most 50 line items").default([]),
});
export type CreateOrderBody = z.output<typeof CreateOrderBody>;

export const AddItemBody = z.strictObject({
  line_items: z.array(LineItemBody).length(1, "expected exactly one line item"),
});

export const UpdateItemBody = z
  .strictObject({
    selected_variation: SelectedVariation.optional(),
    selected_modifiers: modifiers.optional(),
    special_instructions: optionalText(500).optional(),
    quantity: quantity.optional(),
    price: ignoredPrice,
    total: ignoredPrice,
  })
  .refine(
    (body) => body.selected_variation !== undefined || body.selected_modifiers !== undefined || body.special_instructions !== undefined || body.quantity !== undefined,
    "expected at least one of selected_variation, selected_modifiers, special_instructions, quantity",
  );
export type UpdateItemBody = z.output<typeof UpdateItemBody>;

export const CustomerBody = z.strictObject({
  first_name: text(100),
  last_name: text(100),
  email,
  phone: text(40),
});
export type CustomerBody = z.output<typeof CustomerBody>;

export const RecipientBody = z.strictObject({
  first_name: text(100),
  last_name: text(100),
  street_address: text(200),
  extended_address: optionalText(200).default(""),
  locality: text(100),
  administrative_area_level_1: optionalText(100).default(""),
  postal_code: text(20),
  country: countryCode,
});
export type RecipientBody = z.output<typeof RecipientBody>;

export const FulfillmentMethodBody = z.enum(["pickup", "delivery"], { message: 'expected "pickup" or "delivery"' });

export const FulfillmentBody = z.strictObject({
  method: FulfillmentMethodBody,
  /** When the order should be ready (delivery: leave the kitchen); absent or null: as soon as possible. */
  scheduled_for: offsetInstant.nullable().optional(),
});
export type FulfillmentBody = z.output<typeof FulfillmentBody>;

export const AttributesBody = z.strictObject({
  /** Tip amount in integer cents. */
  tip: z.number().int("expected a whole number of cents").min(0, "expected 0 or more cents").max(1_000_000, "expected at most 1000000 cents").nullable().optional(),
  tip_percentage: z.number().min(0, "expected a percentage from 0 to 100").max(100, "expected a percentage from 0 to 100").nullable().optional(),
  instructions: optionalText(1000).nullable().optional(),
});
export type AttributesBody = z.output<typeof AttributesBody>;

export const PaymentSourceBody = z.strictObject({
  token: text(500),
  provider_id: text(50),
  default: z.boolean().default(false),
});
export type PaymentSourceBody = z.output<typeof PaymentSourceBody>;

export const AdjustmentsBody = z.strictObject({
  adjustments: z
    .array(z.strictObject({ id: uuid }))
    .min(1, "expected at least one adjustment to accept")
    .max(100, "expected at most 100 adjustments"),
});
export type AdjustmentsBody = z.output<typeof AdjustmentsBody>;

export const StartCheckoutBody = z.strictObject({ order_uuid: uuid });
export type StartCheckoutBody = z.output<typeof StartCheckoutBody>;

export const AddressValidationBody = z.strictObject({
  country: countryCode,
  state: optionalText(100).default(""),
  city: text(100),
  postal_code: text(20),
  line1: text(200),
  line2: optionalText(200).default(""),
  merchant_product: id,
  merchant_location: id,
  fulfillment_type: z.enum(["delivery", "pickup"], { message: 'expected "delivery" or "pickup"' }),
  /** Who carries the order; only the merchant's own delivery exists today. */
  fulfillment_provider: z.enum(["merchant"], { message: 'expected "merchant"' }).default("merchant"),
});
export type AddressValidationBody = z.output<typeof AddressValidationBody>;

/* Forms */

/** Contact form (SPEC §7 `businesses/{businessType}/{businessId}/locations/{locationId}/email/`). */
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
export type ContactRequestBody = z.input<typeof ContactBody>;

const EVENT_TYPES = ["review", "reservation", "subscribe", "application", "like"] as const;
export type EventType = (typeof EVENT_TYPES)[number];
const EventBusinessTypeSchema = z.enum(["restaurant", "generic", "merchant"]);
export type EventBusinessType = z.infer<typeof EventBusinessTypeSchema>;

/** `events/website/` envelope; `event_data.fieldValues` is checked per event type below. */
export const EventBody = z.strictObject({
  business_info: z.strictObject({
    id,
    type: EventBusinessTypeSchema.optional(),
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
export type EventRequestBody = z.input<typeof EventBody>;

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

/* Reservations */

export const CancelReservationBody = z.strictObject({
  cancel_token: z.string().regex(/^[0-9a-f]{32}$/, "expected the 32-character cancel token from the confirmation"),
});
