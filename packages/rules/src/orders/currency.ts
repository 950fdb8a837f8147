/**
 * A currency's minor unit (ISO 4217): how many digits the amounts every `*Cents` field counts have. Kept
 * apart from money.ts (parsing and Intl formatting), which re-exports it, so the cart button every page
 * carries gets the table and not the formatter.
 */
import { DEFAULT_CURRENCY } from "../business/constants";

export { DEFAULT_CURRENCY };

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

/** Minor units as a number of whole currency units: 1250 USD → 12.5, 1200 JPY → 1200. */
export function majorUnits(cents: number, currency: string = DEFAULT_CURRENCY): number {
  return cents / 10 ** currencyDigits(currency);
}

/**
 * Minor units as a plain decimal string with the currency's digits, for machines (schema.org prices,
 * form values): 1250 USD → "12.50", 1200 JPY → "1200", 1250 KWD → "1.250".
 */
export function decimalAmount(cents: number, currency: string = DEFAULT_CURRENCY): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`decimalAmount: expected a whole number of minor units >= 0, got ${String(cents)}`);
  }
  const digits = currencyDigits(currency);
  if (digits === 0) return String(cents);
  const scale = 10 ** digits;
  return `${Math.floor(cents / scale)}.${String(cents % scale).padStart(digits, "0")}`;
}
