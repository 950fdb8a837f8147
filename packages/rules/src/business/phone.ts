/**
 * Phone numbers of any country, read and written by libphonenumber-js with its small ("min") metadata: a
 * number is given in international form (`+44 20 7946 0958`) or in the national form of the location's
 * country (`020 7946 0958` at a location in GB), shown in the national format of that country (a number
 * of another country in international format, the only one a caller there can dial) and linked as `tel:`
 * in E.164 (`tel:+442079460958`, `;ext=12` for an extension).
 *
 * Even the small metadata would outweigh a form's own code, so pages show numbers formatted at build time
 * and the browser's forms check only the shape of a number (`looksLikePhoneNumber`); the service reads it
 * in full and answers a refused number for its field.
 */
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from "libphonenumber-js/min";

/** The country a location's numbers are read with when its data names none the metadata knows. */
const FALLBACK_COUNTRY: CountryCode = "US";

/** What a data file, an API client or the form's light check is told a phone number must look like. */
export function phoneExpectation(country: string): string {
  return `a phone number, national for the location's country (${country}) like ${nationalExample(country)} or international starting with +`;
}

function nationalExample(country: string): string {
  const examples: Record<string, string> = { US: "(212) 555-0142", CA: "(416) 555-0142", GB: "020 7946 0958", FR: "01 23 45 67 89", DE: "030 1234567", JP: "03-1234-5678" };
  return examples[country] ?? "in the form dialled there";
}

function countryCode(country: string | null | undefined): CountryCode {
  const upper = (country ?? "").toUpperCase();
  return isSupportedCountry(upper) ? upper : FALLBACK_COUNTRY;
}

/** The number `value` says, read with `country` when it is not international; null when it is no valid number. */
function read(value: string | null | undefined, country: string | null | undefined): PhoneNumber | null {
  const text = (value ?? "").trim().replace(/^tel:/i, "");
  if (text === "") return null;
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: countryCode(country) });
  return parsed?.isValid() ? parsed : null;
}

/** Whether `value` is a valid phone number, international or national for `country` (a location's ISO code). */
export function isPhoneNumber(value: string | null | undefined, country: string | null | undefined): boolean {
  return read(value, country) !== null;
}

/** A number as a page shows it: the national format of `country`, or international for a number of elsewhere. */
export function displayPhone(value: string | null | undefined, country: string | null | undefined): string {
  const parsed = read(value, country);
  if (!parsed) return (value ?? "").trim();
  return parsed.countryCallingCode === getCountryCallingCode(countryCode(country)) ? parsed.formatNational() : parsed.formatInternational();
}

/** The `tel:` link of a number in E.164 (RFC 3966, `;ext=` for an extension); null when it is no valid number. */
export function phoneHref(value: string | null | undefined, country: string | null | undefined): string | null {
  return read(value, country)?.getURI() ?? null;
}

/** The number in E.164 (`+12125550142`), for structured data; null when it is no valid number. */
export function phoneE164(value: string | null | undefined, country: string | null | undefined): string | null {
  return read(value, country)?.number ?? null;
}

const SHAPE = /^\+?[\d\s().\-]+(?:\s*(?:ext\.?|x|#)\s*\d{1,6})?$/i;

/**
 * The browser's check of a visitor's number, without the metadata: digits with the usual separators, an
 * optional leading + and extension, and as many digits as a number anywhere has (E.164 allows 15). The
 * service then reads it in full with the location's country.
 */
export function looksLikePhoneNumber(value: string): boolean {
  const text = value.trim();
  const digits = text.replace(/(?:ext\.?|x|#)\s*\d{1,6}$/i, "").replace(/\D/g, "").length;
  return SHAPE.test(text) && digits >= 7 && digits <= 15;
}
