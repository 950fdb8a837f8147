/** The scalar fields business records share: text, ids, flags, times, contacts, prices, web addresses, images. */
import { DateTime, IANAZone } from "luxon";
import { z } from "zod";
import { currencyDigits, decimalAmount, MAX_PRICE_CENTS, readPrice, type WrittenPrice } from "../orders/money";
import { isValidEmail } from "../forms/validation";
import { expected, record } from "./record";

export const HHMM_EXPECTATION = "a number in HHMM form like 900";
export const SLUG_PATTERN = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;
const IMAGE_PATH_PATTERN = /^(?![a-zA-Z][a-zA-Z0-9+.-]*:)(?![\\/])[^\\]*\.(?:jpe?g|png|webp|avif|gif|svg)$/i;
const ISO_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

export const text = (what = "non-empty text") => z.string(expected(what)).trim().min(1, expected(what));
export const OptionalText = z.string(expected("text")).trim().optional();
export const Id = text("an id as non-empty text");
export const Flag = z.boolean(expected("true or false"));
export const wholeNumber = (what: string, min: number, max?: number) => {
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

/** Text here; the location reads it as a number with its country (locations.ts, phone.ts). */
export const PhoneSchema = z
  .string(expected("a phone number as text"))
  .trim()
  .describe("A phone number of any country: international starting with + (+44 20 7946 0958), or national for the location's country (020 7946 0958 in GB).");

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
export function priceExpectation(currency: string, price: WrittenPrice): string {
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

export const ImagePathSchema = z
  .string(expected('a relative image path like "images/logo.png"'))
  .trim()
  .regex(IMAGE_PATH_PATTERN, expected('a relative image path like "images/logo.png" (jpg, png, webp, avif, gif or svg)'));

export const isoDateTime = (what: string) =>
  z
    .string(expected(what))
    .regex(ISO_DATE_TIME_PATTERN, expected(what))
    .refine((value) => DateTime.fromISO(value, { zone: "UTC" }).isValid, expected(what));

export const idFields = {
  _id: Id.optional().describe('Unique id of the record. Alias: "id" (give one of the two).'),
  id: Id.optional().describe('Alias of "_id".'),
};

export const ImageRefSchema = record("an image", { id: "ImageRef", description: "An image file shipped next to business.json, with its alternative text." }, {
  file: ImagePathSchema.describe("Image path relative to business.json (jpg, png, webp, avif, gif or svg), e.g. \"images/logo.png\"."),
  alt: text("alt text describing the image").describe("Alternative text (SPEC §5: alt is required)."),
  caption: OptionalText.describe("Optional caption shown under the image."),
});
export type ImageRef = z.output<typeof ImageRefSchema>;
