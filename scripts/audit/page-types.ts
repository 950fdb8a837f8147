/**
 * Which pages the audit visits: the first planned page of each page type, and what
 * structured data each must carry. Pure: the business and its page plan in, choices out.
 */
import type { Business } from "@mainstreet/rules/business/schema";
import { hasAnyHours } from "@mainstreet/rules/hours/hours";
import type { PageSpec, PageTemplate } from "@mainstreet/rules/site/page-plan";
import { localBusinessType, priceString } from "@mainstreet/rules/site/structured-data";
import type { JsonLdExpectations } from "./json-ld";

/** The page types the audit covers, the blog's included; each is a page-plan template. */
export const AUDIT_PAGE_TYPES = [
  "home",
  "about",
  "services",
  "service-category",
  "service-item",
  "team",
  "team-member",
  "location",
  "products",
  "contact",
  "work-with-us",
  "appointments",
  "blog-index",
  "blog-post",
  "404",
] as const satisfies readonly PageTemplate[];
export type AuditPageType = (typeof AUDIT_PAGE_TYPES)[number];

export interface PageChoice {
  pageType: AuditPageType;
  /** The first planned page of this type, or null when the business has none. */
  page: PageSpec | null;
}

/** One entry per page type, in AUDIT_PAGE_TYPES order; `only` narrows to the named types. */
export function choosePages(pages: readonly PageSpec[], only?: readonly AuditPageType[]): PageChoice[] {
  return AUDIT_PAGE_TYPES.filter((pageType) => !only || only.includes(pageType)).map((pageType) => ({
    pageType,
    page: pages.find((page) => page.template === pageType) ?? null,
  }));
}

export function isAuditPageType(value: string): value is AuditPageType {
  return (AUDIT_PAGE_TYPES as readonly string[]).includes(value);
}

/**
 * Structured data each page must carry: the navigation list on every page (SPEC §2); the business
 * (LocalBusiness subtype, with opening hours when a location has them) on the home page and on each
 * location page; Offers with the item's prices on service-item pages; a BlogPosting with the post's title,
 * image and author on blog posts. Blocks present elsewhere are still checked for shape and vocabulary.
 */
export function jsonLdExpectations(business: Business, page: PageSpec): JsonLdExpectations {
  const businessPage = page.template === "home" || page.template === "location";
  const locations = page.template === "location" ? business.locations.filter((location) => location.id === page.context.locationId) : business.locations;
  const item = page.template === "service-item" ? business.menu.items.find((candidate) => candidate.id === page.context.itemId) : undefined;
  const post = page.template === "blog-post" ? business.blogPosts.find((candidate) => candidate.id === page.context.postId) : undefined;
  return {
    localBusinessType: localBusinessType(business.categories),
    requireLocalBusiness: businessPage,
    requireOpeningHours: businessPage && locations.some((location) => hasAnyHours(location.hours)),
    requireNavigation: true,
    blogPosting: post ? { headline: post.title, image: post.heroImage !== undefined, author: post.author ?? null } : null,
    offers: item ? { prices: item.variations.map((variation) => priceString(variation.priceCents, business.ordering.currency)), currency: business.ordering.currency } : null,
  };
}
