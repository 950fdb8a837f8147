import { DateTime } from "luxon";
import { z } from "zod";

/** Field helpers shared by the route schemas: trimmed text with limits that keep rows and mails sane. */

export const text = (max: number) => z.string().trim().min(1, "expected non-empty text").max(max, `expected at most ${max} characters`);
export const optionalText = (max: number) => z.string().trim().max(max, `expected at most ${max} characters`);
export const id = z.string().trim().min(1, "expected an id as non-empty text").max(200, "expected an id of at most 200 characters");
export const uuid = z.uuid({ message: "expected a UUID like 0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b" });
/** Prices a client may send (cart display values); accepted for compatibility and never used. */
export const ignoredPrice = z.union([z.number(), z.string().max(40)]).optional();
export const email = z.string().trim().min(3, "expected an email address").max(254, "expected an email address of at most 254 characters");
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code like "US"')
  .transform((value) => value.toUpperCase());

export const OrderIdParams = z.strictObject({ id: uuid });
export const ItemIdParams = z.strictObject({ itemId: uuid });
export const NoQuery = z.strictObject({});
/** Calls with no payload accept an absent body or an empty JSON object. */
export const EmptyBody = z.union([z.undefined(), z.null(), z.strictObject({})]);

/**
 * Dates and times a visitor can mean: years 2000 to 2199. Beyond that (9999-12-31) the database, luxon
 * and the slot arithmetic disagree about what the value is, so it is refused here with a message.
 */
export const YEAR_RANGE = { min: 2000, max: 2199 } as const;
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
export const offsetDateTime = z
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
