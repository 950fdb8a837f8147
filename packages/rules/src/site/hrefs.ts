/**
 * Which urls a page may emit (SPEC §2, §5 Email link): only http(s), mailto, tel and relative urls, so a
 * `javascript:` url from data never reaches a page; and the mailto:/tel: forms of an email and a phone. The
 * link rules (links.ts) build on these; components that only write an href need nothing more.
 */
import { isValidEmail } from "../forms/validation";

const ALLOWED_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

/**
 * The url itself when it is http(s), mailto, tel or relative; otherwise null. Browsers drop tabs and
 * newlines inside urls and ignore leading control characters, so those are removed before the scheme is
 * read (`java\tscript:` is still javascript). Protocol-relative `//host` urls are refused: they are
 * relative in name only.
 */
export function safeHref(url: string | null | undefined): string | null {
  if (typeof url !== "string") return null;
  const cleaned = url.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (cleaned === "") return null;
  if (/^[/\\]{2}/.test(cleaned)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  if (scheme) return ALLOWED_SCHEMES.has(scheme[1].toLowerCase()) ? cleaned : null;
  // No scheme: a path, query or fragment. A colon before any slash would be read as a scheme by some parsers.
  const firstSlash = cleaned.search(/[/?#]/);
  const firstColon = cleaned.indexOf(":");
  if (firstColon !== -1 && (firstSlash === -1 || firstColon < firstSlash)) return null;
  return cleaned;
}

/** `mailto:` with the address lower-cased (SPEC §5), or null when it is not an email address. */
export function emailHref(email: string | null | undefined): string | null {
  const cleaned = (email ?? "").trim().replace(/^mailto:/i, "").toLowerCase();
  return isValidEmail(cleaned) ? `mailto:${cleaned}` : null;
}

/** `tel:` with the digits and a leading plus only, or null when there are no digits. */
export function telHref(phone: string | null | undefined): string | null {
  const cleaned = (phone ?? "").trim().replace(/^tel:/i, "");
  const digits = cleaned.replace(/\D/g, "");
  if (digits === "") return null;
  return `tel:${cleaned.startsWith("+") ? "+" : ""}${digits}`;
}

