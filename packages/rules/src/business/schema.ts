/**
 * The business data contract (SPEC §3): one JSON document per business, written by merchants'
 * business-management exports, validated once at the door and normalised into the shapes the site,
 * the page plan and the API service read.
 *
 * Input accepts the SPEC aliases (`_id`/`id`, `zip`/`zipCode`, `phone`/`phoneNumber`, prices as numbers
 * or strings); output always has one spelling (`id`, `zip`, `phone`, `priceCents`).
 *
 * Every custom message starts with "expected …" so format-issues.ts can append ", got <found>" and
 * produce one line per problem. Objects are strict so a misspelled key is reported, not ignored.
 */
import { DateTime, IANAZone } from "luxon";
import { z } from "zod";
import { currencyDigits, DEFAULT_CURRENCY, decimalAmount, isCurrencyCode, MAX_PRICE_CENTS, priceToCents, readPrice, type WrittenPrice } from "../money";
import { canonicalLocale, DEFAULT_LOCALE } from "../locale";
import { isValidEmail, isValidPhone } from "../validation";

// ─── messages and small building blocks ────────────────────────────────────────────────────────────

const expected = (what: string) => ({ error: `expected ${what}` });

export const HHMM_EXPECTATION = "a number in HHMM form like 900";
const SLUG_PATTERN = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;
const IMAGE_PATH_PATTERN = /^(?![a-zA-Z][a-zA-Z0-9+.-]*:)(?![\\/])[^\\]*\.(?:jpe?g|png|webp|avif|gif|svg)$/i;
const HEX_COLOUR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const COUNTRY_PATTERN = /^[A-Z]{2}$/;
const ISO_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * Remembers which spelling of an aliased key the input used, keyed by the normalised output object,
 * so business-level checks (duplicate ids) can name the field exactly as the merchant wrote it.
 */
const sourceKeys = new WeakMap<object, Record<string, string>>();

/** The input key that produced `key` of a normalised object ("_id" when the input said `_id`). */
function inputKeyOf(output: object, key: string): string {
  return sourceKeys.get(output)?.[key] ?? key;
}

function remember<T extends object>(output: T, keys: Record<string, string>): T {
  sourceKeys.set(output, keys);
  return output;
}

const fieldList = (keys: readonly string[]) => keys.map((key) => `"${key}"`).join(", ");

/** Edit distance counting a swap of neighbours as one edit ("nmae" is one edit from "name"). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The known key a misspelled one most likely meant: same letters in another case, or one or two edits away. */
function suggestKey(unknown: string, known: readonly string[]): string | undefined {
  const lower = unknown.toLowerCase();
  const exact = known.find((key) => key.toLowerCase() === lower);
  if (exact) return exact;
  let best: { key: string; distance: number } | undefined;
  for (const key of known) {
    const distance = editDistance(lower, key.toLowerCase());
    if (distance <= Math.max(1, Math.floor(key.length / 4)) && (!best || distance < best.distance)) {
      best = { key, distance };
    }
  }
  return best?.key;
}

function unknownKeysMessage(kind: string, keys: readonly string[], known: readonly string[]): string {
  const visible = known.filter((key) => key !== "$schema");
  if (keys.length === 1) {
    const suggestion = suggestKey(keys[0], visible);
    const hint = suggestion ? `did you mean "${suggestion}"?` : `known fields: ${fieldList(visible)}`;
    return `expected a known field of ${kind} (${hint}), got an unknown field`;
  }
  const described = keys.map((key) => {
    const suggestion = suggestKey(key, visible);
    return suggestion ? `"${key}" (did you mean "${suggestion}"?)` : `"${key}"`;
  });
  return `expected only known fields of ${kind} (${fieldList(visible)}), got unknown fields ${described.join(", ")}`;
}

/**
 * A strict object whose unknown-key and wrong-type errors name what kind of record it is. `info.id`
 * names its definition in the published JSON Schema and its section in docs/business-data.md.
 */
function record<S extends z.core.$ZodLooseShape>(kind: string, info: { id: string; description: string }, shape: S) {
  const known = Object.keys(shape);
  return z
    .strictObject(shape, {
      error: (issue) => {
        if (issue.code === "unrecognized_keys") return unknownKeysMessage(kind, issue.keys, known);
        if (issue.code === "invalid_type") return `expected ${kind} as an object with fields`;
        return undefined;
      },
    })
    .meta({ id: info.id, title: info.id, description: info.description });
}

const text = (what = "non-empty text") => z.string(expected(what)).trim().min(1, expected(what));
const OptionalText = z.string(expected("text")).trim().optional();
const Id = text("an id as non-empty text");
const Flag = z.boolean(expected("true or false"));
const wholeNumber = (what: string, min: number, max?: number) => {
  const base = z.number(expected(what)).int(expected(what)).min(min, expected(what));
  return max === undefined ? base : base.max(max, expected(what));
};

export const HhmmSchema = z
  .number(expected(HHMM_EXPECTATION))
  .int(expected(HHMM_EXPECTATION))
  .min(0, expected(HHMM_EXPECTATION))
  .max(2400, expected(HHMM_EXPECTATION))
  .refine((value) => value % 100 < 60, expected(HHMM_EXPECTATION))
  .describe("Time of day as HHMM: 900 is 9:00am, 1730 is 5:30pm, 0 is midnight, 2400 is the midnight that ends the day.");

export const TimeZoneSchema = z
  .string(expected('an IANA time zone like "America/New_York"'))
  .refine((zone) => IANAZone.isValidZone(zone), expected('an IANA time zone like "America/New_York"'));

export const EmailSchema = z
  .string(expected("an email address like name@example.com"))
  .trim()
  .refine(isValidEmail, expected("an email address like name@example.com"))
  .describe("SPEC §5: non-empty, an @, a dot after it, no spaces.");

export const PhoneSchema = z
  .string(expected('a phone number like "(212) 555-0142"'))
  .trim()
  .refine(isValidPhone, expected('a phone number like "(212) 555-0142"'))
  .describe("SPEC §5: optional +, 3 digits (optionally bracketed), 3 digits, 4 to 6 digits, with optional space, hyphen or dot separators.");

const PRICE_EXPECTATION = 'a price like 12.5 or "12.50"';

/**
 * A price as a number (12.5) or text ("12.50", "$12.50"), read as the decimal it says. It becomes integer
 * minor units once the whole document is read, because the currency (ordering.currency) decides how many
 * decimals a price may have: see pricesInMinorUnits.
 */
export const PriceSchema = z
  .union([z.number(), z.string()], expected(PRICE_EXPECTATION))
  .transform((value, ctx): WrittenPrice => {
    const price = readPrice(value);
    if (price === null) {
      ctx.addIssue({ code: "custom", message: `expected ${PRICE_EXPECTATION}`, input: value });
      return z.NEVER;
    }
    return price;
  });

/** What a price in this currency looks like, for the message about one it cannot hold. */
function priceExpectation(currency: string, price: WrittenPrice): string {
  const digits = currencyDigits(currency);
  if (price.fraction.length > digits) {
    if (digits === 0) return `a price in ${currency} without decimals (${currency} has no minor unit), like 1200`;
    const example = decimalAmount(1250 * 10 ** (digits - 2), currency);
    return `a price in ${currency} with at most ${digits} decimals, like ${example.replace(/0+$/, "")} or "${example}"`;
  }
  return `a price in ${currency} of at most ${decimalAmount(MAX_PRICE_CENTS, currency)}`;
}

const HAS_SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/**
 * SPEC §3: a business page url is made absolute by adding https when it has no http prefix.
 * Site-relative paths and mailto:/tel: links are already complete and are left alone.
 */
export function absoluteUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith("/") || /^https?:\/\//i.test(trimmed) || /^(mailto|tel):/i.test(trimmed)) return trimmed;
  if (HAS_SCHEME.test(trimmed) && !/^[\w.-]+:\d/.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

function isUsableUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith("/")) return true;
  if (/^(mailto|tel):./i.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const URL_EXPECTATION = 'a web address like "https://example.com" (https:// is added when missing)';

export const WebUrlSchema = z
  .string(expected(URL_EXPECTATION))
  .trim()
  .min(1, expected(URL_EXPECTATION))
  .transform((value, ctx) => {
    const url = absoluteUrl(value);
    if (!isUsableUrl(url)) {
      ctx.addIssue({ code: "custom", message: `expected ${URL_EXPECTATION}`, input: value });
      return z.NEVER;
    }
    return url;
  });

const ImagePathSchema = z
  .string(expected('a relative image path like "images/logo.png"'))
  .trim()
  .regex(IMAGE_PATH_PATTERN, expected('a relative image path like "images/logo.png" (jpg, png, webp, avif, gif or svg)'));

const isoDateTime = (what: string) =>
  z
    .string(expected(what))
    .regex(ISO_DATE_TIME_PATTERN, expected(what))
    .refine((value) => DateTime.fromISO(value, { zone: "UTC" }).isValid, expected(what));

type IdInput = { _id?: string; id?: string };
type Ctx = z.core.$RefinementCtx;

/** Reads a value given under either of two spellings (required when `what` is given); both spellings must agree. */
function aliased<T>(
  ctx: Ctx,
  value: Record<string, unknown>,
  primary: string,
  secondary: string,
  what: string,
): { value: T | undefined; key: string } {
  const a = value[primary] as T | undefined;
  const b = value[secondary] as T | undefined;
  if (a !== undefined && b !== undefined && a !== b) {
    ctx.addIssue({
      code: "custom",
      path: [secondary],
      message: `expected the same value as "${primary}" (${JSON.stringify(a)}) or only one of "${primary}" and "${secondary}"`,
      input: b,
    });
  }
  if (a === undefined && b === undefined && what) {
    ctx.addIssue({ code: "custom", path: [primary], message: `expected ${what} in "${primary}" (or "${secondary}")`, input: undefined });
  }
  return a !== undefined ? { value: a, key: primary } : { value: b, key: secondary };
}

function pickId(ctx: Ctx, value: IdInput): { id: string; key: string } {
  const picked = aliased<string>(ctx, value, "_id", "id", "an id as non-empty text");
  return { id: picked.value ?? "", key: picked.key };
}

const idFields = {
  _id: Id.optional().describe('Unique id of the record. Alias: "id" (give one of the two).'),
  id: Id.optional().describe('Alias of "_id".'),
};

// ─── images and files ──────────────────────────────────────────────────────────────────────────────

export const ImageRefSchema = record("an image", { id: "ImageRef", description: "An image file shipped next to business.json, with its alternative text." }, {
  file: ImagePathSchema.describe("Image path relative to business.json (jpg, png, webp, avif, gif or svg), e.g. \"images/logo.png\"."),
  alt: text("alt text describing the image").describe("Alternative text (SPEC §5: alt is required)."),
  caption: OptionalText.describe("Optional caption shown under the image."),
});
export type ImageRef = z.output<typeof ImageRefSchema>;

export const PageFileSchema = record("a page-component file", { id: "PageFile", description: "A file used by a page component (SPEC \u00a73 page components)." }, {
  ...idFields,
  description: OptionalText.describe("What the file is for."),
  altText: text("alt text describing the file").describe("Alternative text for the image."),
  file: ImagePathSchema.describe("Image path relative to business.json."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  return remember({ id, description: v.description, altText: v.altText, file: v.file }, { id: key });
});
export type PageFile = z.output<typeof PageFileSchema>;

export const ContentNodeSchema = record("a content node", { id: "ContentNode", description: "A piece of text used by a page component." }, {
  name: OptionalText.describe("Which slot the text fills, e.g. \"title\" or \"body\"."),
  content: z.string(expected("text content (markdown allowed)")).describe("The text; markdown is allowed."),
});

export const PageComponentSchema = record("a page component", { id: "PageComponent", description: "A component placed on a website page, with its files and text." }, {
  fastId: text("a component instance id as non-empty text").describe("Id of this component instance on the page."),
  componentIdentifier: text('a component identifier like "hero" or "about"').describe("Which component it is, e.g. \"hero\" or \"about\"."),
  files: z.array(PageFileSchema, expected("a list of files")).prefault([]).describe("Images the component shows."),
  contentNodes: z.array(ContentNodeSchema, expected("a list of content nodes")).prefault([]).describe("Texts the component shows."),
});
export type PageComponent = z.output<typeof PageComponentSchema>;

// ─── hours ─────────────────────────────────────────────────────────────────────────────────────────

/** Display form (SPEC §3): HHMM numbers; a missing open or close means Closed that day. */
export const HoursEntrySchema = record("an hours entry", { id: "HoursEntry", description: "One opening range on one day (display form, SPEC \u00a73). Several entries for one day make split hours; a close before the open runs past midnight; an entry without open or close (or no entry for a day) means Closed." }, {
  day: wholeNumber("a day number from 1 (Monday) to 7 (Sunday)", 1, 7).describe("Day of the week: 1 Monday \u2026 7 Sunday."),
  open: HhmmSchema.nullable().optional().describe("Opening time in HHMM (900 = 9:00am); null or absent = Closed."),
  close: HhmmSchema.nullable().optional().describe("Closing time in HHMM (1730 = 5:30pm, 2400 = midnight); earlier than open = the next day."),
  label: OptionalText.describe("Optional secondary label shown with the range, e.g. \"Walk-ins only\"."),
}).transform((v) => ({ day: v.day, open: v.open ?? null, close: v.close ?? null, label: v.label || undefined }));
export type HoursEntry = z.output<typeof HoursEntrySchema>;

const CALENDAR_DATE_EXPECTATION = 'a date like "2026-12-25"';

export const CalendarDateSchema = z
  .string(expected(CALENDAR_DATE_EXPECTATION))
  .regex(/^\d{4}-\d{2}-\d{2}$/, { ...expected(CALENDAR_DATE_EXPECTATION), abort: true })
  .refine((value) => DateTime.fromISO(value, { zone: "UTC" }).isValid, expected(`a real date like "2026-12-25"`));

/** A dated override of the weekly hours: closed all day, or one opening range of that date. */
export const SpecialHoursEntrySchema = record("a special hours entry", { id: "SpecialHoursEntry", description: "Hours for one date that replace the weekly hours of that date, in the location's time zone: a holiday closure (closed: true) or changed hours (open and close; several entries for one date make split hours). They replace the ranges that start on the date: the night before's range past midnight still runs into it." }, {
  date: CalendarDateSchema.describe("The date, YYYY-MM-DD, in the location's time zone."),
  closed: Flag.default(false).describe("true: closed all day (give no open or close)."),
  open: HhmmSchema.nullable().optional().describe("Opening time in HHMM; required unless closed."),
  close: HhmmSchema.nullable().optional().describe("Closing time in HHMM (2400 = midnight); earlier than open = the next day. Required unless closed."),
  label: OptionalText.describe('Why the hours differ, shown with them, e.g. "Christmas Day".'),
}).transform((v, ctx) => {
  if (v.closed) {
    for (const key of ["open", "close"] as const) {
      if (v[key] !== undefined && v[key] !== null) {
        ctx.addIssue({ code: "custom", path: [key], message: "expected no opening time on a closed date (closed: true)", input: v[key] });
      }
    }
  } else {
    for (const key of ["open", "close"] as const) {
      if (v[key] === undefined || v[key] === null) {
        ctx.addIssue({ code: "custom", path: [key], message: `expected ${HHMM_EXPECTATION}, or closed: true for a closure`, input: v[key] });
      }
    }
  }
  return { date: v.date, closed: v.closed, open: v.closed ? null : (v.open ?? null), close: v.closed ? null : (v.close ?? null), label: v.label || undefined };
});
export type SpecialHoursEntry = z.output<typeof SpecialHoursEntrySchema>;

const TIME_OF_DAY_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$|^24:00:00$/;

/** Structured-data form (SPEC §3): only entries with both times, written HH:mm:ss. */
export const StructuredHoursEntrySchema = record("a structured-data hours entry", { id: "StructuredHoursEntry", description: "Hours as written into structured data (SPEC \u00a73): both times present, HH:mm:ss. Produced by the site, never written in business.json." }, {
  day: wholeNumber("a day number from 1 (Monday) to 7 (Sunday)", 1, 7).describe("Day of the week: 1 Monday \u2026 7 Sunday."),
  open: z.string().regex(TIME_OF_DAY_PATTERN, expected('a time like "09:00:00"')).describe("Opening time, e.g. \"09:00:00\"."),
  close: z.string().regex(TIME_OF_DAY_PATTERN, expected('a time like "17:30:00"')).describe("Closing time, e.g. \"17:30:00\"."),
});
export type StructuredHoursEntry = z.output<typeof StructuredHoursEntrySchema>;

// ─── interactions ──────────────────────────────────────────────────────────────────────────────────

export const INTERACTION_BEHAVIORS = ["BOOKING", "EXTERNAL_LINK", "INTERNAL_LINK", "EMAIL", "PHONE", "ORDER"] as const;

export const InteractionSchema = record("an interaction", { id: "Interaction", description: "A button or link attached to a category or item, e.g. the BOOKING call to action." }, {
  ...idFields,
  label: text("a button or link label as non-empty text").describe("Text of the button or link."),
  behaviorType: z.enum(INTERACTION_BEHAVIORS, expected(`one of ${fieldList(INTERACTION_BEHAVIORS)}`)).describe("What it does. BOOKING opens the booking link."),
  displayType: z.enum(["BUTTON", "LINK"], expected('"BUTTON" or "LINK"')).default("BUTTON").describe("Shown as a button or a link."),
  url: WebUrlSchema.optional().describe("Target. BOOKING interactions without a url use the business bookingUrl."),
  enabled: Flag.default(true).describe("false hides it without deleting it."),
  style: OptionalText.describe("Optional style name, e.g. \"primary\"."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  if (!v.url && v.behaviorType !== "BOOKING") {
    ctx.addIssue({ code: "custom", path: ["url"], message: `expected a url for a ${v.behaviorType} interaction`, input: undefined });
  }
  return remember(
    { id, label: v.label, behaviorType: v.behaviorType, displayType: v.displayType, url: v.url, enabled: v.enabled, style: v.style || undefined },
    { id: key },
  );
});
export type Interaction = z.output<typeof InteractionSchema>;

// ─── locations ─────────────────────────────────────────────────────────────────────────────────────

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

const ReservationsSchema = record("reservation settings", { id: "Reservations", description: "Table or appointment reservations at a location." }, {
  enabled: Flag.default(false).describe("Whether visitors can reserve."),
  capacity: wholeNumber("a whole number of parties per time slot, at least 1", 1).optional().describe("How many parties fit in one time slot; required when enabled."),
  slotMinutes: wholeNumber("a slot length in minutes from 5 to 240", 5, 240).default(30).describe("Length of a reservation slot in minutes."),
}).transform((v, ctx) => {
  if (v.enabled && v.capacity === undefined) {
    ctx.addIssue({ code: "custom", path: ["capacity"], message: "expected a capacity (parties per time slot) when reservations are enabled", input: undefined });
  }
  return { enabled: v.enabled, capacity: v.capacity ?? 0, slotMinutes: v.slotMinutes };
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
  phone: PhoneSchema.optional().describe("Phone number (SPEC \u00a75 phone rule). Alias: \"phoneNumber\"."),
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
  contactEmails: z.array(EmailSchema, expected("a list of email addresses")).prefault([]).describe("Where the contact form for this location is sent."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  const zip = aliased<string>(ctx, v, "zip", "zipCode", "a postal code");
  const phone = aliased<string>(ctx, v, "phone", "phoneNumber", "");
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
      contactEmails: v.contactEmails,
    },
    { id: key, zip: zip.key, phone: phone.key },
  );
});
/** A location as the site and the service read it: the business's, with delivery prices in minor units. */
export type Location = Business["locations"][number];

// ─── menu ──────────────────────────────────────────────────────────────────────────────────────────

export const VariationSchema = record("a variation", { id: "Variation", description: "A priced version of a menu item (size, stylist level, duration)." }, {
  ...idFields,
  name: z.string(expected("a variation name as text")).trim().default("").describe("Name of the variation; may be empty when an item has one price."),
  price: PriceSchema.describe("Price in the business's currency as a number (12.5) or text (\"12.50\", \"$12.50\"), with at most the currency's minor digits (two for USD, none for JPY); stored as integer minor units (cents)."),
  order: z.number(expected("a sort order number")).default(0).describe("Sort order among the item's variations (ties keep file order)."),
  priceDisplay: OptionalText.describe('Text shown instead of the computed price, e.g. "from $45".'),
  available: Flag.default(true).describe("false: this variation is sold out and cannot be ordered (the item and its other variations stay orderable)."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  return remember({ id, name: v.name, price: v.price, order: v.order, priceDisplay: v.priceDisplay || undefined, available: v.available }, { id: key });
});

export const ModifierSchema = record("a modifier", { id: "Modifier", description: "An option that can be added to an item (a topping, gift wrap)." }, {
  ...idFields,
  name: text("a modifier name as non-empty text").describe("Name shown to the visitor."),
  price: PriceSchema.prefault(0).describe("Extra price in the business's currency, as a number or text; stored in minor units."),
  available: Flag.default(true).describe("false shows it as unavailable."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  return remember({ id, name: v.name, price: v.price, available: v.available }, { id: key });
});

export const ModifierSetSchema = record("a modifier set", { id: "ModifierSet", description: "A group of modifiers with selection limits." }, {
  ...idFields,
  name: text("a modifier set name as non-empty text").describe("Name shown to the visitor."),
  description: OptionalText.describe("Optional help text."),
  modifiers: z.array(Id, expected("a list of modifier ids")).min(1, expected("at least one modifier id")).describe("Ids of entries in menu.modifiers."),
  minAllowed: wholeNumber("a whole number of at least 0", 0).default(0).describe("Fewest modifiers a visitor must choose (1 or more makes the set required)."),
  maxAllowed: wholeNumber("a whole number of at least 1, or null for no limit", 1).nullable().default(null).describe("Most modifiers a visitor may choose; null means no limit."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  if (v.maxAllowed !== null && v.minAllowed > v.maxAllowed) {
    ctx.addIssue({ code: "custom", path: ["minAllowed"], message: `expected at most maxAllowed (${v.maxAllowed})`, input: v.minAllowed });
  }
  if (v.minAllowed > v.modifiers.length) {
    ctx.addIssue({ code: "custom", path: ["minAllowed"], message: `expected at most the number of modifiers in the set (${v.modifiers.length})`, input: v.minAllowed });
  }
  return remember(
    { id, name: v.name, description: v.description || undefined, modifierIds: v.modifiers, minAllowed: v.minAllowed, maxAllowed: v.maxAllowed },
    { id: key },
  );
});
export type ModifierSet = z.output<typeof ModifierSetSchema>;

export const MenuItemSchema = record("a menu item", { id: "MenuItem", description: "A service, dish or product (SPEC \u00a73 menu item)." }, {
  ...idFields,
  name: text("an item name as non-empty text").describe("Name; also the source of its page slug."),
  description: OptionalText.describe("Description shown on the item page."),
  image: ImageRefSchema.optional().describe("Optional picture."),
  variations: z.array(VariationSchema, expected("a list of variations")).min(1, expected("at least one variation with a price")).describe("Priced versions; at least one."),
  modifierSets: z.array(Id, expected("a list of modifier set ids")).prefault([]).describe("Ids of entries in menu.modifierSets that apply to this item."),
  available: Flag.default(true).describe("false: the whole item is sold out and cannot be ordered; it keeps its page. See Variation.available for one size."),
  visible: Flag.default(true).describe("false hides the item: no page, not listed."),
  order: z.number(expected("a sort order number")).default(0).describe("Sort order within lists (ties keep file order)."),
  interactions: z.array(InteractionSchema, expected("a list of interactions")).prefault([]).describe("Buttons and links, e.g. a BOOKING button."),
  annotations: record("item annotations", { id: "ItemAnnotations", description: "Counters kept by the provider for an item." }, { likeCount: wholeNumber("a whole number of at least 0", 0).default(0).describe("How many visitors liked the item.") }).optional().describe("Counters kept by the provider."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  return remember(
    {
      id,
      name: v.name,
      description: v.description || undefined,
      image: v.image,
      variations: v.variations,
      modifierSetIds: v.modifierSets,
      available: v.available,
      visible: v.visible,
      order: v.order,
      interactions: v.interactions,
      likeCount: v.annotations?.likeCount ?? 0,
    },
    { id: key },
  );
});
/** A menu item as the site and the service read it: the business's, with prices in minor units. */
export type MenuItem = Business["menu"]["items"][number];

export const MenuCategorySchema = record("a menu category", { id: "MenuCategory", description: "A service category or menu section (SPEC \u00a73 menu category)." }, {
  ...idFields,
  name: text("a category name as non-empty text").describe("Name; also the source of its page slug (equal names get -2, -3 by position)."),
  description: OptionalText.describe("Description shown on the category page."),
  order: z.number(expected("a sort order number")).default(0).describe("Sort order (ties keep file order); the first category containing an item is that item's canonical one."),
  schedule: record("a category schedule", { id: "CategorySchedule", description: "The menu or schedule a category belongs to." }, { name: text("a schedule name").describe("Schedule name, e.g. \"Dinner\"."), order: z.number(expected("a sort order number")).default(0).describe("Sort order of the schedule.") }).optional().describe("Optional menu or schedule the category belongs to, e.g. Dinner."),
  items: z.array(Id, expected("a list of item ids from menu.items")).prefault([]).describe("Ids of entries in menu.items, in display order."),
  interactions: z.array(InteractionSchema, expected("a list of interactions")).prefault([]).describe("Buttons and links for the whole category."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  return remember(
    { id, name: v.name, description: v.description || undefined, order: v.order, itemIds: v.items, schedule: v.schedule, interactions: v.interactions },
    { id: key },
  );
});
export type MenuCategory = z.output<typeof MenuCategorySchema>;

export const MenuSchema = record("the menu", { id: "Menu", description: "Service categories, items and their options. Records refer to each other by id." }, {
  categories: z.array(MenuCategorySchema, expected("a list of menu categories")).prefault([]).describe("Categories or menu sections."),
  items: z.array(MenuItemSchema, expected("a list of menu items")).prefault([]).describe("Services, dishes or products."),
  modifierSets: z.array(ModifierSetSchema, expected("a list of modifier sets")).prefault([]).describe("Option groups used by items."),
  modifiers: z.array(ModifierSchema, expected("a list of modifiers")).prefault([]).describe("Options used by modifier sets."),
});
export type Menu = Business["menu"];

// ─── team, blog, pages ─────────────────────────────────────────────────────────────────────────────

export const TeamMemberSchema = record("a team member", { id: "TeamMember", description: "A person on the team (SPEC \u00a73 team member)." }, {
  ...idFields,
  name: text("a name as non-empty text").describe("Full name; also the source of the member's page slug."),
  show: Flag.default(true).describe("Hidden members (false) get no page and are not listed."),
  role: OptionalText.describe("Job title, e.g. \"Senior Stylist\"."),
  bio: OptionalText.describe("Short biography."),
  image: ImageRefSchema.optional().describe("Optional portrait."),
  specialties: z.array(text("a specialty as non-empty text"), expected("a list of specialties")).prefault([]).describe("What the member is known for."),
  order: z.number(expected("a sort order number")).default(0).describe("Sort order (ties keep file order)."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  return remember(
    { id, name: v.name, show: v.show, role: v.role || undefined, bio: v.bio || undefined, image: v.image, specialties: v.specialties, order: v.order },
    { id: key },
  );
});
export type TeamMember = z.output<typeof TeamMemberSchema>;

export const BlogPostSchema = record("a blog post", { id: "BlogPost", description: "A blog post (SPEC \u00a73)." }, {
  ...idFields,
  title: text("a title as non-empty text").describe("Title."),
  author: OptionalText.describe("Author's name."),
  slug: z.string(expected("a slug")).regex(SLUG_PATTERN, expected('a lower-case slug like "spring-colour-trends"')).optional().describe("Lower-case slug of the post's page under the blog (/journal/<slug>/); defaults to the title's slug."),
  summary: OptionalText.describe("One-paragraph summary: on the post's card, under its title, and as its search description."),
  publishedAt: isoDateTime('a publication date like "2025-03-14" or "2025-03-14T09:30:00Z"').describe("Publication date or date-time, ISO 8601 (\"2025-03-14\" or \"2025-03-14T09:30:00Z\"); a date, or a time without an offset, is read in the primary location's time zone. Newest posts come first."),
  heroImage: ImagePathSchema.optional().describe("Optional image path relative to business.json."),
  heroImageAltText: OptionalText.describe("Alternative text for heroImage; required with it."),
  content: z.string(expected("text content (markdown allowed)")).optional().describe("Body in the blog's small Markdown: paragraphs, ## headings, - lists, 1. lists, > quotes, **strong**, *emphasis* and [links](https://…); never HTML (see \"Blog\" above the reference)."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  if (v.heroImage && !v.heroImageAltText) {
    ctx.addIssue({ code: "custom", path: ["heroImageAltText"], message: "expected alt text for heroImage", input: v.heroImageAltText });
  }
  return remember(
    {
      id,
      title: v.title,
      author: v.author || undefined,
      slug: v.slug,
      summary: v.summary || undefined,
      publishedAt: v.publishedAt,
      heroImage: v.heroImage ? { file: v.heroImage, alt: v.heroImageAltText ?? "", caption: undefined } : undefined,
      content: v.content,
    },
    { id: key },
  );
});
export type BlogPost = z.output<typeof BlogPostSchema>;

export const PAGE_TYPES = ["home", "about", "contact", "products", "services", "team", "work-with-us", "blog", "External"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

const PropsJsonSchema = z.string(expected("a JSON object as a string, like '{\"as\":\"Button\"}'")).refine((value) => {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}, expected("a JSON object as a string, like '{\"as\":\"Button\"}'"));

export const WebsitePageSchema = record("a website page", { id: "WebsitePage", description: "A page of the website or a navigation link (SPEC \u00a73 website page)." }, {
  ...idFields,
  title: text("a page title as non-empty text").describe("Title in the navigation and the page heading."),
  pageType: z.enum(PAGE_TYPES, expected(`one of ${fieldList(PAGE_TYPES)}`)).describe("Which template renders the page; External pages are links only."),
  slug: z
    .string(expected("a slug"))
    .trim()
    .transform((slug) => slug.replace(/^\/+|\/+$/g, ""))
    .optional()
    .describe("Path without leading/trailing slash; defaults to the page type (\"\" for home). Ignored for External pages."),
  url: WebUrlSchema.optional().describe("Target of an External page; https:// is added when it has no http prefix."),
  groupName: OptionalText.describe("Optional group label."),
  navigationPriority: z.number(expected("a number")).default(0).describe("Sort key of the build-time page list (lower first)."),
  navigationOrder: z.number(expected("a number")).default(-1).describe("Position in the navigation (-1 = unordered)."),
  navigationGroup: OptionalText.describe("Navigation group the page is listed under."),
  navigationGroupOrder: z.number(expected("a number")).default(-1).describe("Position of the page within its group (-1 = unordered)."),
  props: PropsJsonSchema.optional().describe("JSON object merged into the navigation link; {\"as\":\"Button\"} makes a button-style link."),
  as: OptionalText.describe("Display style of the navigation link, e.g. \"Button\"."),
  className: OptionalText.describe("Extra CSS class for the navigation link."),
  seo: record("page SEO settings", { id: "PageSeo", description: "Search-engine settings of a page." }, { title: OptionalText.describe("Title for search results; defaults to the page title."), description: OptionalText.describe("Meta description.") }).optional().describe("Search-engine title and description."),
  components: z.array(PageComponentSchema, expected("a list of page components")).prefault([]).describe("Components placed on the page."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  const external = v.pageType === "External";
  if (external && !v.url) {
    ctx.addIssue({ code: "custom", path: ["url"], message: "expected a url for an External page", input: undefined });
  }
  if (!external && v.url) {
    ctx.addIssue({ code: "custom", path: ["url"], message: 'expected no url on a page that is not External (use "slug")', input: v.url });
  }
  const slug = external ? "" : (v.slug ?? (v.pageType === "home" ? "" : v.pageType));
  if (!external && v.pageType !== "home" && !SLUG_PATTERN.test(slug)) {
    ctx.addIssue({
      code: "custom",
      path: ["slug"],
      message: 'expected a lower-case slug of letters, digits, hyphens and slashes like "our-services"',
      input: v.slug,
    });
  }
  if (v.pageType === "home" && slug !== "" && !SLUG_PATTERN.test(slug)) {
    ctx.addIssue({ code: "custom", path: ["slug"], message: 'expected "" or a lower-case slug for the home page', input: v.slug });
  }
  return remember(
    {
      id,
      title: v.title,
      pageType: v.pageType,
      slug,
      url: v.url,
      groupName: v.groupName || undefined,
      navigationPriority: v.navigationPriority,
      navigationOrder: v.navigationOrder,
      navigationGroup: v.navigationGroup || undefined,
      navigationGroupOrder: v.navigationGroupOrder,
      props: v.props,
      as: v.as || undefined,
      className: v.className || undefined,
      seo: { title: v.seo?.title || undefined, description: v.seo?.description || undefined },
      components: v.components,
    },
    { id: key },
  );
});
export type WebsitePage = z.output<typeof WebsitePageSchema>;

// ─── business-level settings ───────────────────────────────────────────────────────────────────────

export const SOCIAL_TYPES = ["facebook", "instagram", "twitter", "x", "tiktok", "youtube", "linkedin", "pinterest", "yelp", "google", "tripadvisor", "other"] as const;

export const SocialLinkSchema = record("a social link", { id: "SocialLink", description: "A link to the business on a social network." }, {
  link: WebUrlSchema.describe("Profile address; https:// is added when missing."),
  type: z.enum(SOCIAL_TYPES, expected(`one of ${fieldList(SOCIAL_TYPES)}`)).describe("Which network; picks the icon."),
  label: OptionalText.describe("Accessible label; defaults to the network name."),
}).transform((v) => ({ link: v.link, type: v.type, label: v.label || undefined }));
export type SocialLink = z.output<typeof SocialLinkSchema>;

export const DomainSchema = record("a domain", { id: "Domain", description: "A web address of the site." }, {
  url: WebUrlSchema.describe("Address; https:// is added when missing."),
  primaryDomain: Flag.default(false).describe("Marks the canonical address; at most one."),
});
export type Domain = z.output<typeof DomainSchema>;

const hexColour = z.string(expected('a hex colour like "#b4235a"')).regex(HEX_COLOUR_PATTERN, expected('a hex colour like "#b4235a"'));

export const BrandIdentitySchema = record("the brand identity", { id: "BrandIdentity", description: "Colours, type and tagline of the business's brand." }, {
  primaryColor: hexColour.optional().describe("Main brand colour, hex like \"#b4235a\"."),
  secondaryColor: hexColour.optional().describe("Secondary colour, hex."),
  accentColor: hexColour.optional().describe("Accent colour, hex."),
  fontFamily: OptionalText.describe("Preferred heading font."),
  tagline: OptionalText.describe("Short brand line shown in the footer."),
});
export type BrandIdentity = z.output<typeof BrandIdentitySchema>;

export const DISMISSAL_TYPES = ["session", "local_storage", "disabled"] as const;

const LOCAL_TIME_EXPECTATION = 'a date-time like "2025-06-01T09:00" (read in the settings\' timezone)';

export const TimedElementSettingsSchema = record("timed-element settings", { id: "TimedElementSettings", description: "When a timed element (the announcement) shows and how it is dismissed (SPEC \u00a74)." }, {
  delay: wholeNumber("a delay in milliseconds, 0 or more", 0).default(0).describe("Milliseconds after page load before it shows."),
  startTime: isoDateTime(LOCAL_TIME_EXPECTATION).optional().describe("Not shown before this local date-time (in timezone)."),
  endTime: isoDateTime(LOCAL_TIME_EXPECTATION).optional().describe("Not shown after this local date-time (in timezone)."),
  timezone: TimeZoneSchema.default("UTC").describe("IANA time zone for startTime and endTime."),
  duration: wholeNumber("a duration in milliseconds, at least 1", 1).optional().describe("Milliseconds it stays visible; absent = until dismissed."),
  dismissalType: z.enum(DISMISSAL_TYPES, expected(`one of ${fieldList(DISMISSAL_TYPES)}`)).default("session").describe("Where a dismissal is remembered: session storage, local storage, or not at all (disabled)."),
  referenceId: text("a reference id as non-empty text (change it to show a dismissed element again)").describe("Storage key of the dismissal; change it to show a dismissed element again."),
}).transform((v, ctx) => {
  if (v.startTime && v.endTime) {
    const start = DateTime.fromISO(v.startTime, { zone: v.timezone });
    const end = DateTime.fromISO(v.endTime, { zone: v.timezone });
    if (end <= start) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: `expected a time after startTime (${v.startTime})`, input: v.endTime });
    }
  }
  return v;
});
export type TimedElementSettings = z.output<typeof TimedElementSettingsSchema>;

export const AnnouncementSchema = record("the announcement", { id: "Announcement", description: "The announcement banner above the navigation." }, {
  title: OptionalText.describe("Optional heading."),
  text: text("announcement text as non-empty text").describe("The message."),
  link: record("an announcement link", { id: "AnnouncementLink", description: "The link in the announcement." }, { url: WebUrlSchema.describe("Target; https:// is added when missing; site paths like /menu/ are kept."), label: text("a link label").describe("Link text.") }).optional().describe("Optional link."),
  settings: TimedElementSettingsSchema.describe("When it shows and how it is dismissed."),
});
export type Announcement = z.output<typeof AnnouncementSchema>;

const CURRENCY_EXPECTATION = 'an ISO 4217 currency code like "USD", "EUR" or "JPY"';
const LOCALE_EXPECTATION = 'a BCP 47 locale like "en-US", "de-DE" or "ja-JP"';

export const OrderingSchema = record("ordering settings", { id: "Ordering", description: "Online ordering for the whole business." }, {
  enabled: Flag.default(false).describe("Whether the site takes orders; at least one location must have orderingEnabled."),
  merchantProduct: OptionalText.describe("Provider product id sent as merchant_product; defaults to the business id."),
  currency: z
    .string(expected(CURRENCY_EXPECTATION))
    .trim()
    .transform((code) => code.toUpperCase())
    .refine(isCurrencyCode, expected(CURRENCY_EXPECTATION))
    .prefault(DEFAULT_CURRENCY)
    .describe('Currency of every price in the file: an ISO 4217 code such as "USD", "EUR", "GBP", "JPY" or "KWD". Prices are written in it with at most its minor digits (two for most, none for JPY, three for KWD).'),
  tipPercentages: z.array(wholeNumber("a whole tip percentage from 0 to 100", 0, 100), expected("a list of tip percentages")).default([15, 18, 20]).describe("Tip choices offered at checkout, in percent."),
  defaultTipPercentage: wholeNumber("a whole tip percentage from 0 to 100", 0, 100).optional().describe("Preselected tip; one of tipPercentages."),
}).transform((v, ctx) => {
  if (v.defaultTipPercentage !== undefined && !v.tipPercentages.includes(v.defaultTipPercentage)) {
    ctx.addIssue({
      code: "custom",
      path: ["defaultTipPercentage"],
      message: `expected one of tipPercentages (${v.tipPercentages.join(", ")})`,
      input: v.defaultTipPercentage,
    });
  }
  return v;
});

export const RECIPES = ["default", "cutilier", "muse", "hibiscus", "calendula"] as const;
/** The recipe a business gets when neither its data nor SITE_RECIPE names one. */
export const DEFAULT_RECIPE = "hibiscus" satisfies (typeof RECIPES)[number];
export const BUSINESS_TYPES = ["restaurant", "generic", "merchant"] as const;

const BusinessObjectSchema = record("a business", { id: "Business", description: "One business's data: the whole business.json." }, {
  $schema: z.string().optional().describe("Optional path to business-data.schema.json for editors."),
  ...idFields,
  type: z.enum(BUSINESS_TYPES, expected(`one of ${fieldList(BUSINESS_TYPES)}`)).describe("Business type; decides API paths (SPEC \u00a75) and wording."),
  name: text("the business name as non-empty text").describe("Business name, shown in titles and structured data."),
  leadSource: OptionalText.describe("Where the lead came from (provider bookkeeping)."),
  leadChannel: OptionalText.describe("Lead channel (provider bookkeeping)."),
  collectionMethod: OptionalText.describe("How the data was collected (provider bookkeeping)."),
  productType: OptionalText.describe("Provider product (bookkeeping)."),
  categories: z.array(text("a category as non-empty text"), expected('a list of categories like ["salon"]')).prefault([]).describe("Business categories; the first decides the structured-data type (rest \u2192 FoodEstablishment; spa, salon, hair \u2192 HealthAndBeautyBusiness)."),
  subCategory: OptionalText.describe("For restaurants: the cuisine, e.g. \"Italian\" (structured data servesCuisine)."),
  description: OptionalText.describe("Short description for the home page and search engines."),
  url: WebUrlSchema.optional().describe("The business's own website; https:// is added when missing."),
  logo: ImageRefSchema.optional().describe("Logo image."),
  heroImage: ImageRefSchema.optional().describe("Main image of the home page."),
  images: z.array(ImageRefSchema, expected("a list of images")).prefault([]).describe("Gallery images."),
  socialMedia: z.array(SocialLinkSchema, expected("a list of social links")).prefault([]).describe("Social network links."),
  domains: z.array(DomainSchema, expected("a list of domains")).prefault([]).describe("Web addresses of the site."),
  brandIdentity: BrandIdentitySchema.optional().describe("Brand colours and tagline."),
  recipe: z.enum(RECIPES, expected(`one of ${fieldList(RECIPES)}`)).default(DEFAULT_RECIPE).describe("Site recipe (theme); see README for the override."),
  locale: z
    .string(expected(LOCALE_EXPECTATION))
    .transform((tag, ctx) => {
      const canonical = canonicalLocale(tag);
      if (canonical === null) {
        ctx.addIssue({ code: "custom", message: `expected ${LOCALE_EXPECTATION}`, input: tag });
        return z.NEVER;
      }
      return canonical;
    })
    .prefault(DEFAULT_LOCALE)
    .describe('Language of the site as a BCP 47 tag, e.g. "en-US", "en-GB", "de-DE", "ja-JP": the page\'s lang, and how prices, dates and times are written (24-hour clocks where the locale uses them). Labels stay English.'),
  bookingUrl: WebUrlSchema.optional().describe("Booking link for Book Now buttons and BOOKING interactions without their own url."),
  locations: z.array(LocationSchema, expected("a list of locations")).min(1, expected("at least one location")).describe("At least one location."),
  menu: MenuSchema.prefault({}).describe("Services, menu or products."),
  team: z.array(TeamMemberSchema, expected("a list of team members")).prefault([]).describe("Team members."),
  pages: z.array(WebsitePageSchema, expected("a list of website pages")).prefault([]).describe("Website pages and navigation links."),
  blogPosts: z.array(BlogPostSchema, expected("a list of blog posts")).prefault([]).describe("Blog posts."),
  announcement: AnnouncementSchema.optional().describe("Optional announcement banner."),
  ordering: OrderingSchema.prefault({}).describe("Online ordering settings."),
});

type Path = (string | number)[];

/** Adds one issue per repeated id, pointing at the later record and naming the first. */
function checkUniqueIds(ctx: Ctx, records: readonly { id: string }[], base: Path, what: string): void {
  const seen = new Map<string, number>();
  records.forEach((entry, index) => {
    const first = seen.get(entry.id);
    if (first === undefined) {
      seen.set(entry.id, index);
      return;
    }
    ctx.addIssue({
      code: "custom",
      path: [...base, index, inputKeyOf(entry, "id")],
      message: `expected a unique ${what} id (${JSON.stringify(entry.id)} is already used by ${formatPathForMessage([...base, first])})`,
      input: entry.id,
    });
  });
}

function formatPathForMessage(path: Path): string {
  return path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");
}

function checkReferences(ctx: Ctx, ids: readonly string[], known: ReadonlySet<string>, base: Path, target: string): void {
  const repeated = new Set<string>();
  ids.forEach((id, index) => {
    if (!known.has(id)) {
      ctx.addIssue({ code: "custom", path: [...base, index], message: `expected the id of an entry in ${target}`, input: id });
    } else if (repeated.has(id)) {
      ctx.addIssue({ code: "custom", path: [...base, index], message: "expected each id only once in this list", input: id });
    }
    repeated.add(id);
  });
}

type ParsedMenu = z.output<typeof MenuSchema>;
type ParsedLocation = z.output<typeof LocationSchema>;

/**
 * Every price of the document in integer minor units of its currency: variations, modifiers, delivery fees
 * and minimums. A price with more decimals than the currency has (12.5 in JPY) is a problem at its own field.
 */
function pricesInMinorUnits(ctx: Ctx, currency: string, menu: ParsedMenu, parsedLocations: readonly ParsedLocation[]) {
  const cents = (price: WrittenPrice, path: Path): number => {
    const value = priceToCents(price, currency);
    if (value === null) ctx.addIssue({ code: "custom", path, message: `expected ${priceExpectation(currency, price)}`, input: price });
    return value ?? 0;
  };
  const items = menu.items.map((item, itemIndex) => ({
    ...item,
    variations: item.variations.map(({ price, ...variation }, index) => ({
      ...variation,
      priceCents: cents(price, ["menu", "items", itemIndex, "variations", index, "price"]),
    })),
  }));
  const modifiers = menu.modifiers.map(({ price, ...modifier }, index) => ({ ...modifier, priceCents: cents(price, ["menu", "modifiers", index, "price"]) }));
  const locations = parsedLocations.map((location, index) => {
    const { fee, minimum, ...delivery } = location.delivery;
    return {
      ...location,
      delivery: {
        ...delivery,
        feeCents: cents(fee, ["locations", index, "delivery", "fee"]),
        minimumCents: cents(minimum, ["locations", index, "delivery", "minimum"]),
      },
    };
  });
  return { items, modifiers, locations };
}

/** The whole business document: cross-record rules run here, after every record is well-formed. */
export const BusinessSchema = BusinessObjectSchema.transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  const { menu } = v;

  checkUniqueIds(ctx, v.locations, ["locations"], "location");
  checkUniqueIds(ctx, menu.categories, ["menu", "categories"], "category");
  checkUniqueIds(ctx, menu.items, ["menu", "items"], "item");
  checkUniqueIds(ctx, menu.modifierSets, ["menu", "modifierSets"], "modifier set");
  checkUniqueIds(ctx, menu.modifiers, ["menu", "modifiers"], "modifier");
  checkUniqueIds(ctx, v.team, ["team"], "team member");
  checkUniqueIds(ctx, v.pages, ["pages"], "page");
  checkUniqueIds(ctx, v.blogPosts, ["blogPosts"], "blog post");

  // Cart lines name a variation by id alone, so variation ids must be unique across the whole menu.
  const variationOwner = new Map<string, Path>();
  menu.items.forEach((item, itemIndex) =>
    item.variations.forEach((variation, variationIndex) => {
      const path: Path = ["menu", "items", itemIndex, "variations", variationIndex];
      const first = variationOwner.get(variation.id);
      if (first) {
        ctx.addIssue({
          code: "custom",
          path: [...path, inputKeyOf(variation, "id")],
          message: `expected a unique variation id (${JSON.stringify(variation.id)} is already used by ${formatPathForMessage(first)})`,
          input: variation.id,
        });
      } else {
        variationOwner.set(variation.id, path);
      }
    }),
  );

  const itemIds = new Set(menu.items.map((item) => item.id));
  const setIds = new Set(menu.modifierSets.map((set) => set.id));
  const modifierIds = new Set(menu.modifiers.map((modifier) => modifier.id));
  menu.categories.forEach((category, index) => checkReferences(ctx, category.itemIds, itemIds, ["menu", "categories", index, "items"], "menu.items"));
  menu.items.forEach((item, index) => checkReferences(ctx, item.modifierSetIds, setIds, ["menu", "items", index, "modifierSets"], "menu.modifierSets"));
  menu.modifierSets.forEach((set, index) => checkReferences(ctx, set.modifierIds, modifierIds, ["menu", "modifierSets", index, "modifiers"], "menu.modifiers"));

  // Exactly one primary location: several flagged is an error; none flagged makes the first primary.
  const flagged = v.locations.map((location, index) => (location.primaryLocation ? index : -1)).filter((index) => index >= 0);
  flagged.slice(1).forEach((index) =>
    ctx.addIssue({
      code: "custom",
      path: ["locations", index, "primaryLocation"],
      message: `expected only one primary location (locations[${flagged[0]}] is already primary)`,
      input: true,
    }),
  );
  const primaryIndex = flagged.length > 0 ? flagged[0] : 0;

  const primaryDomains = v.domains.map((domain, index) => (domain.primaryDomain ? index : -1)).filter((index) => index >= 0);
  primaryDomains.slice(1).forEach((index) =>
    ctx.addIssue({
      code: "custom",
      path: ["domains", index, "primaryDomain"],
      message: `expected only one primary domain (domains[${primaryDomains[0]}] is already primary)`,
      input: true,
    }),
  );

  const slugOwner = new Map<string, number>();
  let homeIndex = -1;
  v.pages.forEach((page, index) => {
    if (page.pageType === "External") return;
    if (page.pageType === "home") {
      if (homeIndex >= 0) {
        ctx.addIssue({ code: "custom", path: ["pages", index, "pageType"], message: `expected only one home page (pages[${homeIndex}] is the home page)`, input: page.pageType });
      } else {
        homeIndex = index;
      }
    }
    const first = slugOwner.get(page.slug);
    if (first !== undefined) {
      ctx.addIssue({ code: "custom", path: ["pages", index, "slug"], message: `expected a slug not used by another page (pages[${first}] uses it)`, input: page.slug });
    } else {
      slugOwner.set(page.slug, index);
    }
  });

  const blogSlugs = new Map<string, number>();
  v.blogPosts.forEach((post, index) => {
    if (!post.slug) return;
    const first = blogSlugs.get(post.slug);
    if (first !== undefined) {
      ctx.addIssue({ code: "custom", path: ["blogPosts", index, "slug"], message: `expected a slug not used by another post (blogPosts[${first}] uses it)`, input: post.slug });
    } else {
      blogSlugs.set(post.slug, index);
    }
  });

  const orderingLocations = v.locations.filter((location) => location.orderingEnabled);
  if (v.ordering.enabled && orderingLocations.length === 0) {
    ctx.addIssue({ code: "custom", path: ["ordering", "enabled"], message: "expected a location with orderingEnabled when ordering is enabled", input: true });
  }
  if (!v.ordering.enabled) {
    v.locations.forEach((location, index) => {
      if (location.orderingEnabled) {
        ctx.addIssue({ code: "custom", path: ["locations", index, "orderingEnabled"], message: "expected false while ordering.enabled is false", input: true });
      }
    });
  }

  const { items, modifiers, locations } = pricesInMinorUnits(ctx, v.ordering.currency, menu, v.locations);

  if (!v.bookingUrl) {
    const bookingWithoutUrl = (interactions: readonly Interaction[], base: Path) =>
      interactions.forEach((interaction, index) => {
        if (interaction.behaviorType === "BOOKING" && !interaction.url) {
          ctx.addIssue({ code: "custom", path: [...base, index, "url"], message: "expected a url, or a bookingUrl on the business, for a BOOKING interaction", input: undefined });
        }
      });
    menu.items.forEach((item, index) => bookingWithoutUrl(item.interactions, ["menu", "items", index, "interactions"]));
    menu.categories.forEach((category, index) => bookingWithoutUrl(category.interactions, ["menu", "categories", index, "interactions"]));
  }

  return remember(
    {
      id,
      type: v.type,
      name: v.name,
      leadSource: v.leadSource || undefined,
      leadChannel: v.leadChannel || undefined,
      collectionMethod: v.collectionMethod || undefined,
      productType: v.productType || undefined,
      categories: v.categories,
      subCategory: v.subCategory || undefined,
      description: v.description || undefined,
      url: v.url,
      logo: v.logo,
      heroImage: v.heroImage,
      images: v.images,
      socialMedia: v.socialMedia,
      domains: v.domains,
      brandIdentity: v.brandIdentity,
      recipe: v.recipe,
      bookingUrl: v.bookingUrl,
      locale: v.locale,
      locations: locations.map((location, index) => ({ ...location, primaryLocation: index === primaryIndex })),
      menu: { ...menu, items, modifiers },
      team: v.team,
      pages: v.pages,
      blogPosts: v.blogPosts,
      announcement: v.announcement,
      ordering: {
        enabled: v.ordering.enabled,
        merchantProduct: v.ordering.merchantProduct || id,
        currency: v.ordering.currency,
        tipPercentages: v.ordering.tipPercentages,
        defaultTipPercentage: v.ordering.defaultTipPercentage,
      },
    },
    { id: key },
  );
});

export type Business = z.output<typeof BusinessSchema>;
export type BusinessInput = z.input<typeof BusinessSchema>;
export type Ordering = Business["ordering"];
export type Variation = MenuItem["variations"][number];
export type Modifier = Menu["modifiers"][number];
export type Recipe = (typeof RECIPES)[number];
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** The primary location (after parsing exactly one location is primary). */
export function primaryLocationOf(business: Pick<Business, "locations">): Location {
  return business.locations.find((location) => location.primaryLocation) ?? business.locations[0];
}
