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
import { DEFAULT_LOCALE } from "../business/constants";
import { currencyDigits, DEFAULT_CURRENCY, majorUnits } from "./currency";

export type Cents = number;

export * from "./currency";

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

/** What a price of nothing reads: "$0" looks like a mistake or a missing price. */
export const FREE_TEXT = "Free";

/** How a merchant's own price text marks a minimum ("from $180"): the amount is where the price starts. */
const STARTING_PRICE = /^\s*from\b/i;

/**
 * A price range across variations that reads as what it costs: one price ("$30", or "Free" for nothing),
 * a range ("$30 – $55"), a free choice beside paid ones ("Free or $15", "Free, or $15 – $40": "$0 – $15"
 * reads as free), or where the prices start ("from $180") when `from` says the amounts are minimums.
 */
export function formatPriceRange(prices: readonly Cents[], options: Omit<MoneyFormat, "alwaysShowCents"> & { from?: boolean } = {}): string {
  if (prices.length === 0) return "";
  const { from = false, ...format } = options;
  const paid = [...new Set(prices.filter((price) => price > 0))].sort((a, b) => a - b);
  const free = paid.length < new Set(prices).size;
  if (paid.length === 0) return FREE_TEXT;
  const low = formatCents(paid[0], format);
  const paidText = from ? `from ${low}` : paid.length === 1 ? low : `${low} – ${formatCents(paid[paid.length - 1], format)}`;
  if (!free) return paidText;
  return paid.length === 1 && !from ? `${FREE_TEXT} or ${paidText}` : `${FREE_TEXT}, or ${paidText}`;
}

/** What a variation's price reads: the merchant's own wording (priceDisplay), else the amount ("Free" for nothing). */
export function variationPriceText(variation: { priceCents: Cents; priceDisplay?: string | null }, options: Omit<MoneyFormat, "alwaysShowCents"> = {}): string {
  return variation.priceDisplay ?? (variation.priceCents === 0 ? FREE_TEXT : formatCents(variation.priceCents, options));
}

/**
 * What an item's price reads on its card and its page: a single variation's own wording, else the range of its
 * variations' amounts (starting from the lowest when the merchant writes its prices as minimums, "from $180").
 * Worked out at build (the site's locale and currency are the business's): creating the browser's currency
 * formatter is slow on a phone, and would fall in the middle of hydration.
 */
export function itemPriceText(variations: readonly { priceCents: Cents; priceDisplay?: string | null }[], options: Omit<MoneyFormat, "alwaysShowCents"> = {}): string {
  if (variations.length === 1) return variationPriceText(variations[0], options);
  const from = variations.some((variation) => variation.priceCents > 0 && STARTING_PRICE.test(variation.priceDisplay ?? ""));
  return formatPriceRange(
    variations.map((variation) => variation.priceCents),
    { ...options, from },
  );
}
