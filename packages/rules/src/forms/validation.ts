/**
 * Field and data rules of SPEC §5 shared by the site's forms, the build and the API service.
 */
import { PLURAL_BUSINESS_TYPES } from "../business/constants";

/** SPEC §5: non-empty, an @, a dot after it, no spaces. One @ only, with text on each side of the dot. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return typeof value === "string" && EMAIL_PATTERN.test(value.trim());
}

/**
 * The `{businessType}` segment of provider API paths (SPEC §5, §7): pluralised with `s` unless already
 * `restaurants` or `merchants`; empty means `restaurants`.
 */
export function businessTypePath(type?: string | null): string {
  const cleaned = (type ?? "").trim().toLowerCase();
  if (cleaned === "") return "restaurants";
  if ((PLURAL_BUSINESS_TYPES as readonly string[]).includes(cleaned)) return cleaned;
  return `${cleaned}s`;
}

/** A DNS label may not exceed 63 characters (RFC 1035). */
const MAX_DOMAIN_LABEL_LENGTH = 63;

/**
 * SPEC §5 domain label cleanup: lowercase, drop anything but letters, digits and hyphens, collapse repeated
 * hyphens, trim hyphens at either end. Also cut to the 63 characters DNS allows.
 */
export function cleanDomainLabel(label: string): string {
  const trimEnds = (text: string) => text.replace(/^-+|-+$/g, "");
  const cleaned = trimEnds(
    label
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, "")
      .replace(/-{2,}/g, "-"),
  );
  return trimEnds(cleaned.slice(0, MAX_DOMAIN_LABEL_LENGTH));
}
