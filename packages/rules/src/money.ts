/**
 * Money is carried as integer minor units (cents) everywhere past the data door.
 * Business data may give a price as a number of dollars (12.5) or a string ("$12.50", "12"),
 * so parsing is the one place where decimals are allowed.
 */

export type Cents = number;

const PRICE_PATTERN = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/;

/** Parses a data-file price into cents, or returns null when it is not a price. */
export function parsePriceToCents(value: unknown): Cents | null {
  // One rule for both spellings: a number is read as the decimal the merchant wrote (String gives the
  // shortest form that reads back as the same number, so 19.99 is "19.99" and 12.345 is "12.345"),
  // then held to the same pattern as text. A number never gets rounded into a price it did not say.
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : null) : typeof value === "string" ? value.replace(/,/g, "") : null;
  if (text === null) return null;
  const match = PRICE_PATTERN.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = match[2] ? Number(match[2].padEnd(2, "0")) : 0;
  return whole * 100 + fraction;
}

/** Formats cents as a US-style amount: 1250 → "$12.50", 1200 → "$12". */
export function formatCents(cents: Cents, options: { currency?: string; alwaysShowCents?: boolean } = {}): string {
  const currency = options.currency ?? "USD";
  const hasFraction = cents % 100 !== 0;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: hasFraction || options.alwaysShowCents ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** A price range across variations, e.g. "$30 – $55", or a single price when all are equal. */
export function formatPriceRange(prices: readonly Cents[], currency?: string): string {
  if (prices.length === 0) return "";
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? formatCents(min, { currency }) : `${formatCents(min, { currency })} – ${formatCents(max, { currency })}`;
}
