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
