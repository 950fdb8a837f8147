/** A place where the business operates: address, hours, and its ordering, delivery and reservation settings. */
import { z } from "zod";
import { EmailSchema, Flag, idFields, OptionalText, PhoneSchema, PriceSchema, text, TimeZoneSchema, WebUrlSchema, wholeNumber } from "./fields";
import { HoursEntrySchema, SpecialHoursEntrySchema } from "./hours";
import { isPhoneNumber, phoneExpectation } from "./phone";
import { aliased, expected, pickId, record, remember } from "./record";

const COUNTRY_PATTERN = /^[A-Z]{2}$/;

const DeliverySchema = record("delivery settings", { id: "Delivery", description: "How a location delivers orders." }, {
  enabled: Flag.default(false).describe("Whether the location delivers."),
  kind: z.enum(["local", "shipping"], expected('"local" or "shipping"')).default("local").describe("\"local\" (own couriers, limited by postal codes) or \"shipping\" (parcel carrier)."),
  fee: PriceSchema.prefault(0).describe("Delivery fee in the business's currency, as a number (4.99) or text (\"4.99\"); stored in minor units (cents)."),
  minimum: PriceSchema.prefault(0).describe("Smallest order subtotal accepted for delivery; stored in minor units."),
  postalCodes: z.array(text("a postal code prefix"), expected("a list of postal code prefixes")).prefault([]).describe("Postal code prefixes delivered to; empty means anywhere."),
  windowMinutes: wholeNumber("a delivery window in minutes from 5 to 240", 5, 240).default(30).describe("Local delivery: a delivery arrives within this many minutes after it is ready (the promise reads \"between 6:30pm and 7:00pm\"). Not used for shipping."),
});

const OrderTimesSchema = record("order times", { id: "OrderTimes", description: "When online orders can be ready at a location (pickup and local delivery). Ready times lie on a 15-minute grid inside the location's hours (special hours included), at least the preparation time after they open and before they close." }, {
  preparationMinutes: wholeNumber("whole minutes from 0 to 720", 0, 720).default(20).describe("Lead time: minutes the kitchen (or shop) needs to prepare an order. As soon as possible is offered only while the location is open at least this long."),
  daysAhead: wholeNumber("a whole number of days from 0 to 30", 0, 30).default(7).describe("How many days after today a visitor may schedule an order for (0: today only)."),
  ordersPerSlot: wholeNumber("a whole number of orders of at least 1, or null for no limit", 1).nullable().default(null).describe("Kitchen capacity: how many orders can be ready in one 15-minute slot; a full slot is not offered. null: no limit."),
}).transform((v) => ({ preparationMinutes: v.preparationMinutes, daysAhead: v.daysAhead, ordersPerSlot: v.ordersPerSlot }));

const ReservationsSchema = record("reservation settings", { id: "Reservations", description: "Table reservations at a location: parties per time slot (restaurants). Appointments by service and person are separate (see Appointments)." }, {
  enabled: Flag.default(false).describe("Whether visitors can reserve."),
  capacity: wholeNumber("a whole number of parties per time slot, at least 1", 1).optional().describe("How many parties fit in one time slot; required when enabled."),
  slotMinutes: wholeNumber("a slot length in minutes from 5 to 240", 5, 240).default(30).describe("Length of a reservation slot in minutes."),
}).transform((v, ctx) => {
  if (v.enabled && v.capacity === undefined) {
    ctx.addIssue({ code: "custom", path: ["capacity"], message: "expected a capacity (parties per time slot) when reservations are enabled", input: undefined });
  }
  return { enabled: v.enabled, capacity: v.capacity ?? 0, slotMinutes: v.slotMinutes };
});

const AppointmentsSchema = record("appointment settings", {
  id: "Appointments",
  description:
    "Appointments by service, length and person at a location (salons, spas): a visitor picks a service variation with a durationMinutes, a team member who performs it here (or any available), a day and a start time. Independent of table reservations; a location may take both: a restaurant's location page then offers its table form and the booking flow, while any other business's shows the booking flow only (its reservation form would be a second way to book the same services), and plans no reservation page for it.",
}, {
  enabled: Flag.default(false).describe("Whether visitors can book appointments here."),
  stepMinutes: wholeNumber("whole minutes from 5 to 120", 5, 120).default(15).describe("Start times lie on this grid from local midnight (15: 9:00, 9:15, 9:30 …)."),
  leadMinutes: wholeNumber("whole minutes from 0 to 10080", 0, 10080).default(60).describe("The earliest start a visitor may book is this many minutes from now."),
  daysAhead: wholeNumber("a whole number of days from 0 to 365", 0, 365).default(60).describe("How many days after today a visitor may book (0: today only)."),
  cancellationHours: wholeNumber("whole hours from 0 to 720", 0, 720).default(24).describe("A visitor may cancel or move their appointment until this many hours before it starts."),
});

const TAX_EXPECTATION = "a tax rate in percent from 0 to 100 with at most 2 decimals, like 8.25";

export const LocationSchema = record("a location", { id: "Location", description: "A place where the business operates (SPEC \u00a73)." }, {
  ...idFields,
  primaryLocation: Flag.optional().describe("Marks the primary location; at most one may be true. When none is, the first location is primary."),
  name: OptionalText.describe("Display name, e.g. \"Luma Lakeview\"; also the source of the location's page slug."),
  street: text("a street address as non-empty text").describe("Street address."),
  city: text("a city as non-empty text").describe("City."),
  state: OptionalText.describe("State, province or region."),
  zip: text("a postal code as non-empty text").optional().describe("Postal code. Alias: \"zipCode\"."),
  zipCode: text("a postal code as non-empty text").optional().describe("Alias of \"zip\"."),
  country: z.string(expected('a two-letter country code like "US"')).regex(COUNTRY_PATTERN, expected('a two-letter country code like "US"')).default("US").describe("ISO 3166 two-letter country code."),
  latitude: z.number(expected("a latitude from -90 to 90")).min(-90, expected("a latitude from -90 to 90")).max(90, expected("a latitude from -90 to 90")).optional().describe("Latitude for maps and distance."),
  longitude: z.number(expected("a longitude from -180 to 180")).min(-180, expected("a longitude from -180 to 180")).max(180, expected("a longitude from -180 to 180")).optional().describe("Longitude for maps and distance."),
  phone: PhoneSchema.optional().describe("Phone number of any country: international starting with + (+44 20 7946 0958), or national for the location's country (020 7946 0958 in GB). Pages show it in that country's national format and link it as tel: in E.164. Alias: \"phoneNumber\"."),
  phoneNumber: PhoneSchema.optional().describe("Alias of \"phone\"."),
  email: EmailSchema.optional().describe("Public email address."),
  hours: z.array(HoursEntrySchema, expected("a list of hours entries")).prefault([]).describe("Opening hours; see HoursEntry."),
  specialHours: z.array(SpecialHoursEntrySchema, expected("a list of special hours entries")).prefault([]).describe("Dated overrides of the hours: holiday closures and changed hours; see SpecialHoursEntry."),
  timezone: TimeZoneSchema.describe("IANA time zone the hours are in, e.g. \"America/New_York\"."),
  link: record("a location link", { id: "LocationLink", description: "A link shown with a location." }, { url: WebUrlSchema.describe("Target; https:// is added when missing."), icon: OptionalText.describe("Icon name."), title: OptionalText.describe("Link text.") }).optional().describe("Optional link shown with the location."),
  actions: z.array(record("a location action", { id: "LocationAction", description: "A call-to-action link shown with a location." }, { url: WebUrlSchema.describe("Target; https:// is added when missing."), icon: OptionalText.describe("Icon name."), label: text("an action label").describe("Button text.") }), expected("a list of actions")).prefault([]).describe("Optional call-to-action links shown with the location."),
  orderingEnabled: Flag.default(false).describe("Whether this location takes online orders (needs ordering.enabled and pickup or delivery)."),
  pickupEnabled: Flag.default(false).describe("Whether orders can be collected here."),
  delivery: DeliverySchema.prefault({}).describe("Delivery settings."),
  orderTimes: OrderTimesSchema.prefault({}).describe("Preparation time, scheduling window and kitchen capacity of online orders."),
  taxRate: z
    .number(expected(TAX_EXPECTATION))
    .min(0, expected(TAX_EXPECTATION))
    .max(100, expected(TAX_EXPECTATION))
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, expected(TAX_EXPECTATION))
    .default(0)
    .describe("Sales tax in percent (8.25 = 8.25%), at most 2 decimals; stored as basis points (taxRateBps 825)."),
  reservations: ReservationsSchema.prefault({}).describe("Reservation settings."),
  appointments: AppointmentsSchema.prefault({}).describe("Appointment settings (service, length, person, time)."),
  contactEmails: z.array(EmailSchema, expected("a list of email addresses")).prefault([]).describe("Where the contact form for this location is sent."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  const zip = aliased<string>(ctx, v, "zip", "zipCode", "a postal code");
  const phone = aliased<string>(ctx, v, "phone", "phoneNumber", "");
  if (phone.value !== undefined && !isPhoneNumber(phone.value, v.country)) {
    ctx.addIssue({ code: "custom", path: [phone.key], message: `expected ${phoneExpectation(v.country)}`, input: phone.value });
  }
  const takesOrders = v.pickupEnabled || v.delivery.enabled;
  if (v.orderingEnabled && !takesOrders) {
    ctx.addIssue({ code: "custom", path: ["orderingEnabled"], message: "expected pickupEnabled or delivery.enabled to be true when orderingEnabled is true", input: true });
  }
  if (!v.orderingEnabled && takesOrders) {
    ctx.addIssue({ code: "custom", path: ["orderingEnabled"], message: "expected true when pickup or delivery is enabled", input: v.orderingEnabled });
  }
  // A closed date with ranges as well would be read two ways; one entry per closed date.
  const closedAt = new Map<string, number>();
  v.specialHours.forEach((entry, index) => {
    if (entry.closed && !closedAt.has(entry.date)) closedAt.set(entry.date, index);
  });
  v.specialHours.forEach((entry, index) => {
    const closed = closedAt.get(entry.date);
    if (closed !== undefined && closed !== index) {
      ctx.addIssue({
        code: "custom",
        path: ["specialHours", index, "date"],
        message: `expected each date only once when it is closed (specialHours[${closed}] closes ${entry.date})`,
        input: entry.date,
      });
    }
  });
  return remember(
    {
      id,
      primaryLocation: v.primaryLocation ?? false,
      name: v.name || undefined,
      street: v.street,
      city: v.city,
      state: v.state ?? "",
      zip: zip.value ?? "",
      country: v.country,
      latitude: v.latitude,
      longitude: v.longitude,
      phone: phone.value,
      email: v.email,
      hours: v.hours,
      specialHours: v.specialHours,
      timezone: v.timezone,
      link: v.link,
      actions: v.actions,
      orderingEnabled: v.orderingEnabled,
      pickupEnabled: v.pickupEnabled,
      delivery: v.delivery,
      orderTimes: v.orderTimes,
      taxRateBps: Math.round(v.taxRate * 100),
      reservations: v.reservations,
      appointments: v.appointments,
      contactEmails: v.contactEmails,
    },
    { id: key, zip: zip.key, phone: phone.key },
  );
});
