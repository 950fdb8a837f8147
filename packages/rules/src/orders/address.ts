/**
 * Postal addresses: postal-code checks for delivery and address validation, delivery-area prefixes, and
 * the one-line/two-line forms used by the footer, maps links and structured data.
 */

/** Patterns for the countries the product ships in; other countries only need a non-empty code. */
const POSTAL_CODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(?:-\d{4})?$/,
  // Canada: letter-digit-letter digit-letter-digit; D, F, I, O, Q, U never appear, W and Z never first.
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  // UK: outward code (A9, A99, AA9, AA99, A9A, AA9A) and inward code (9AA); GIR 0AA is the one exception.
  GB: /^(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}|GIR ?0AA)$/i,
  AU: /^\d{4}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  IN: /^\d{6}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  MX: /^\d{5}$/,
};

export function validatePostalCode(country: string, postalCode: string): boolean {
  const code = (postalCode ?? "").trim();
  if (code === "") return false;
  const pattern = POSTAL_CODE_PATTERNS[(country ?? "").trim().toUpperCase()];
  return pattern ? pattern.test(code) : true;
}

/** Upper case without spaces or hyphens, for comparing codes typed differently (`sw1a 1aa`, `SW1A1AA`). */
export function normalizePostalCode(code: string): string {
  return (code ?? "").toUpperCase().replace(/[\s-]/g, "");
}

/** True when a code falls in a delivery area given as code prefixes; no prefixes means anywhere. */
export function postalCodeMatchesPrefixes(code: string, prefixes: readonly string[]): boolean {
  const cleanedPrefixes = prefixes.map(normalizePostalCode).filter((prefix) => prefix !== "");
  if (cleanedPrefixes.length === 0) return true;
  const normalized = normalizePostalCode(code);
  return normalized !== "" && cleanedPrefixes.some((prefix) => normalized.startsWith(prefix));
}

export type AddressInput = {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
};

function clean(value: string | null | undefined): string {
  return (value ?? "").trim();
}

/** `["12 Main St", "Springfield, IL 62701"]`; empty parts are left out, and so is an empty line. */
export function addressLines(address: AddressInput): string[] {
  const street = clean(address.street);
  const city = clean(address.city);
  const region = [clean(address.state), clean(address.zip)].filter(Boolean).join(" ");
  const locality = [city, region].filter(Boolean).join(", ");
  return [street, locality].filter(Boolean);
}

/** `12 Main St, Springfield, IL 62701` */
export function formatAddress(address: AddressInput): string {
  return addressLines(address).join(", ");
}
