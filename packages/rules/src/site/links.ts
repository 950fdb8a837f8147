/**
 * Link rules (SPEC §2 Layout, §3 Website page, §5 Email link): where a navigation entry or a content link
 * points, whether it opens a new tab, whether it is styled as a button, and which urls may be emitted at
 * all (only http(s), mailto, tel and relative urls: a `javascript:` url from data never reaches a page).
 */
import { emailHref, safeHref, telHref } from "./hrefs";
import { isValidEmail } from "../forms/validation";
import { looksLikePhoneNumber } from "../business/phone";

/** A website page or link as the business data gives it. */
export type LinkPageInput = {
  _id?: string | null;
  id?: string | null;
  title?: string | null;
  pageType?: string | null;
  slug?: string | null;
  url?: string | null;
  as?: string | null;
  className?: string | null;
  /** JSON object text (or an object) merged into the link. */
  props?: string | Record<string, unknown> | null;
};

export type LinkKind = "internal" | "external" | "email" | "phone";

export type ResolvedLink = {
  /** Null when the page's url is unusable (for example `javascript:`); render the label without a link. */
  href: string | null;
  kind: LinkKind;
  /** True for an http(s) url off this site: render an <a>, not a client-side router link. */
  external: boolean;
  target?: string;
  rel?: string;
  isButton: boolean;
  className?: string;
  label: string;
  /** The remaining `props` keys (aria-label, title, data-*, …) to spread onto the element. */
  attributes: Record<string, string | number | boolean>;
  /** Build warnings (invalid props JSON, dropped url or attribute); the link still renders. */
  warnings: string[];
};

/** Props keys that could turn data into script or override the checked href. */
const BLOCKED_PROP = /^(?:on.*|href|dangerouslysetinnerhtml|style|ref|key|children)$/i;

/** A business page url made absolute (SPEC §3): `example.com` → `https://example.com`. */
export function absoluteBusinessUrl(url: string | null | undefined): string | null {
  const cleaned = (url ?? "").trim();
  if (cleaned === "") return null;
  if (/^https?:\/\//i.test(cleaned)) return cleaned;
  return `https://${cleaned.replace(/^\/+/, "")}`;
}


/** An internal page's path: `/services/haircut`, `/` for an empty slug. */
export function internalPath(slug: string | null | undefined): string {
  return `/${(slug ?? "").trim().replace(/^\/+/, "")}`.replace(/\/{2,}/g, "/");
}

export function isExternalPage(page: Pick<LinkPageInput, "pageType">): boolean {
  return (page.pageType ?? "").trim().toLowerCase() === "external";
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Where a data url points: an email address becomes `mailto:`, a phone number `tel:`, a bare domain gets
 * `https://`; anything then outside the safe schemes is null.
 */
export function normalizeLinkUrl(url: string | null | undefined): { href: string | null; kind: LinkKind } {
  const raw = (url ?? "").trim();
  if (/^mailto:/i.test(raw) || (!raw.includes("/") && isValidEmail(raw))) return { href: emailHref(raw), kind: "email" };
  if (/^tel:/i.test(raw) || looksLikePhoneNumber(raw)) return { href: telHref(raw), kind: "phone" };
  if (raw.startsWith("/") || raw.startsWith("#") || raw.startsWith("?")) return { href: safeHref(raw), kind: "internal" };
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw);
  // `www.example.com` or `example.com/page` without a scheme is meant as a web address.
  const looksLikeDomain = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:[/?#:]|$)/i.test(raw);
  const candidate = !hasScheme && looksLikeDomain ? absoluteBusinessUrl(raw) : raw;
  return { href: safeHref(candidate), kind: "external" };
}

type ParsedProps = { props: Record<string, unknown>; warning?: string };

function parseProps(props: LinkPageInput["props"], where: string): ParsedProps {
  if (props === null || props === undefined || props === "") return { props: {} };
  if (typeof props === "object") return { props: Array.isArray(props) ? {} : props };
  try {
    const parsed: unknown = JSON.parse(props);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
      return { props: parsed as Record<string, unknown> };
    }
    return { props: {}, warning: `${where}: props: expected a JSON object like {"as":"Button"}, got ${props} (ignored)` };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { props: {}, warning: `${where}: props: expected a JSON object like {"as":"Button"}, got invalid JSON ${JSON.stringify(props)} (${reason}; ignored)` };
  }
}

function describePage(page: LinkPageInput): string {
  const id = page._id ?? page.id;
  return `page ${JSON.stringify(page.title ?? "")}${id ? ` (${id})` : ""}`;
}

const isButtonStyle = (value: unknown) => typeof value === "string" && value.trim().toLowerCase() === "button";

export type ResolveLinkOptions = {
  /** The site's own url; absolute links to it are internal, not external. */
  siteUrl?: string;
  /** External links open in a new tab unless this is false or props give a target. */
  externalInNewTab?: boolean;
};

/**
 * Resolves a website page to a link. Internal pages go to their slug; External pages to their url (email
 * and phone normalised to mailto:/tel:); `as: Button` (on the page or in props) marks a button link;
 * `props` JSON is merged in, and invalid JSON only produces a warning. Never throws.
 */
export function resolveLink(page: LinkPageInput, options: ResolveLinkOptions = {}): ResolvedLink {
  const where = describePage(page);
  const warnings: string[] = [];
  const parsed = parseProps(page.props, where);
  if (parsed.warning) warnings.push(parsed.warning);

  let href: string | null;
  let kind: LinkKind;
  if (isExternalPage(page)) {
    ({ href, kind } = normalizeLinkUrl(page.url));
    if (href === null) warnings.push(`${where}: url: expected an http(s), mailto: or tel: url, got ${JSON.stringify(page.url ?? "")} (link dropped)`);
  } else {
    href = internalPath(page.slug);
    kind = "internal";
  }

  const siteHost = options.siteUrl ? hostOf(absoluteBusinessUrl(options.siteUrl) ?? "") : null;
  if (kind === "external" && href && /^https?:/i.test(href) && siteHost && hostOf(href) === siteHost) {
    const url = new URL(href);
    href = `${url.pathname}${url.search}${url.hash}`;
    kind = "internal";
  }
  if (kind === "external" && href && !/^https?:/i.test(href)) kind = "internal";
  const external = kind === "external";

  const attributes: Record<string, string | number | boolean> = {};
  let target: string | undefined;
  let rel: string | undefined;
  let propsClassName: string | undefined;
  let propsAs: unknown;
  for (const [key, value] of Object.entries(parsed.props)) {
    if (key === "as") propsAs = value;
    else if (key === "className" && typeof value === "string") propsClassName = value;
    else if (key === "target" && typeof value === "string") target = value;
    else if (key === "rel" && typeof value === "string") rel = value;
    else if (BLOCKED_PROP.test(key)) warnings.push(`${where}: props.${key}: not allowed on a link (ignored)`);
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") attributes[key] = value;
    else warnings.push(`${where}: props.${key}: expected text, a number or true/false, got ${JSON.stringify(value)} (ignored)`);
  }

  if (external && target === undefined && options.externalInNewTab !== false) target = "_blank";
  if (target === "_blank") {
    // A new tab must not get a handle on this page (window.opener) nor learn where the visitor came from.
    const parts = new Set((rel ?? "").split(/\s+/).filter(Boolean));
    parts.add("noopener");
    parts.add("noreferrer");
    rel = [...parts].join(" ");
  }
  const className = [page.className, propsClassName]
    .map((name) => (name ?? "").trim())
    .filter(Boolean)
    .join(" ");

  return {
    href,
    kind,
    external,
    ...(target ? { target } : {}),
    ...(rel ? { rel } : {}),
    isButton: isButtonStyle(page.as) || isButtonStyle(propsAs),
    ...(className ? { className } : {}),
    label: (page.title ?? "").trim(),
    attributes,
    warnings,
  };
}

/** Button-style links after the others, each group keeping its order (SPEC §2). */
export function sortButtonsLast<T extends { isButton: boolean }>(links: readonly T[]): T[] {
  return [...links.filter((link) => !link.isButton), ...links.filter((link) => link.isButton)];
}
