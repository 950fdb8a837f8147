/**
 * Money is carried as integer minor units of the business's currency everywhere past the data door:
 * cents for USD, yen for JPY (which has no minor unit), fils for KWD (three). Names ending in `Cents`
 * (`priceCents`, `total_cents`) mean those minor units, whatever the currency.
 *
 * Business data may give a price as a number (12.5) or as text ("$12.50", "12"), so parsing is the one
 * place where decimals are allowed, and it allows at most the currency's own minor digits. Formatting
 * goes through Intl in the site's locale, with exactly the currency's minor digits, so what was stored and
 * what is shown can never disagree by a factor of ten.
 */
import { DEFAULT_LOCALE } from "./locale";

export type Cents = number;

export const DEFAULT_CURRENCY = "USD";

/**
 * ISO 4217 minor units of the currencies that do not have two. A table rather than Intl's own digits:
 * Intl follows CLDR, which shows some currencies without decimals (HUF, IDR, COP, PKR…) and has changed
 * its mind between releases, and the amount stored at build must mean the same in every browser.
 */
const MINOR_UNITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** How many digits the currency's minor unit has: 2 for USD and EUR, 0 for JPY, 3 for KWD (ISO 4217). */
export function currencyDigits(currency: string = DEFAULT_CURRENCY): number {
  return MINOR_UNITS[currency.toUpperCase()] ?? 2;
}

/** True for an ISO 4217 code of a currency in circulation ("USD", "JPY"), as the runtime's Intl knows them. */
export function isCurrencyCode(value: unknown): value is string {
  return typeof value === "string" && /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf("currency").includes(value);
}

/**
 * The largest price a data file may give, in minor units: below PostgreSQL's integer columns with room
 * for a quantity, and at least 9,999,999.99 in a two-digit currency.
 */
export const MAX_PRICE_CENTS = 999_999_999;

/** An optional currency sign, digits, an optional decimal part; thousands commas are removed first. */
const PRICE_PATTERN = /^\s*\p{Sc}?\s*(\d{1,12})(?:\.(\d{1,12}))?\s*$/u;

/** A price as the merchant wrote it: the digits before and after the decimal point, not yet in any currency. */
export type WrittenPrice = { whole: string; fraction: string };

/**
 * Reads the decimal a data-file price says (12.5, "12.50", "$12.50", "1,250"), or null when it is not a
 * non-negative amount. Which currency it is in, and so how many decimals it may have, is decided by
 * priceToCents.
 */
export function readPrice(value: unknown): WrittenPrice | null {
  // One rule for both spellings: a number is read as the decimal the merchant wrote (String gives the
  // shortest form that reads back as the same number, so 19.99 is "19.99" and 12.345 is "12.345"),
  // then held to the same pattern as text. A number never gets rounded into a price it did not say.
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : null) : typeof value === "string" ? value.replace(/,/g, "") : null;
  if (text === null) return null;
  const match = PRICE_PATTERN.exec(text);
  return match ? { whole: match[1], fraction: match[2] ?? "" } : null;
}

/**
 * A written price in minor units of `currency`, or null when the currency cannot say it exactly (more
 * decimals than its minor unit has: "12.5" in JPY, "1.2345" in KWD) or it is above MAX_PRICE_CENTS.
 */
export function priceToCents(price: WrittenPrice, currency: string = DEFAULT_CURRENCY): Cents | null {
  const digits = currencyDigits(currency);
  if (price.fraction.length > digits) return null;
  const cents = Number(price.whole) * 10 ** digits + (digits === 0 ? 0 : Number(price.fraction.padEnd(digits, "0")));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** Parses a data-file or form price into minor units of `currency`; null when it is not a price in it. */
export function parsePriceToCents(value: unknown, currency: string = DEFAULT_CURRENCY): Cents | null {
  const price = readPrice(value);
  return price ? priceToCents(price, currency) : null;
}

/** Minor units as a number of whole currency units: 1250 USD → 12.5, 1200 JPY → 1200. */
export function majorUnits(cents: Cents, currency: string = DEFAULT_CURRENCY): number {
  return cents / 10 ** currencyDigits(currency);
}

/**
 * Minor units as a plain decimal string with the currency's digits, for machines (schema.org prices,
 * form values): 1250 USD → "12.50", 1200 JPY → "1200", 1250 KWD → "1.250".
 */
export function decimalAmount(cents: Cents, currency: string = DEFAULT_CURRENCY): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`decimalAmount: expected a whole number of minor units >= 0, got ${String(cents)}`);
  }
  const digits = currencyDigits(currency);
  if (digits === 0) return String(cents);
  const scale = 10 ** digits;
  return `${Math.floor(cents / scale)}.${String(cents % scale).padStart(digits, "0")}`;
}

export type MoneyFormat = {
  /** ISO 4217 code; default USD. */
  currency?: string;
  /** BCP 47 locale the amount is written in; default en-US. */
  locale?: string;
  /** Show the minor digits of a whole amount too ("$12.00" rather than "$12"). */
  alwaysShowCents?: boolean;
};

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, currency: string, minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${minimumFractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits, maximumFractionDigits });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats minor units in the locale's own way: 1250 USD in en-US → "$12.50", a whole 1200 → "$12";
 * 1200 JPY in en-US → "¥1,200"; 1250 EUR in de-DE → "12,50 €".
 */
export function formatCents(cents: Cents, options: MoneyFormat = {}): string {
  const currency = (options.currency ?? DEFAULT_CURRENCY).toUpperCase();
  const digits = currencyDigits(currency);
  const hasFraction = cents % 10 ** digits !== 0;
  return numberFormat(options.locale ?? DEFAULT_LOCALE, currency, hasFraction || options.alwaysShowCents ? digits : 0, digits).format(majorUnits(cents, currency));
}

/** A price range across variations, e.g. "$30 – $55", or a single price when all are equal. */
export function formatPriceRange(prices: readonly Cents[], options: Omit<MoneyFormat, "alwaysShowCents"> = {}): string {
  if (prices.length === 0) return "";
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? formatCents(min, options) : `${formatCents(min, options)} – ${formatCents(max, options)}`;
}
