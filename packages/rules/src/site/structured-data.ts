/**
 * Search-engine structured data (SPEC §1, §2 Routing behaviour, §3): LocalBusiness per location, the
 * navigation list, and an Offer block for item pages. Every type and property emitted is checked against
 * the schema.org vocabulary in the tests.
 *
 * Choices made for Google's validator (developers.google.com/search/docs/appearance/structured-data/local-business):
 * - A close of 2400 (midnight ending the day) is written `23:59:59`: Google documents `23:59` as the
 *   end-of-day close for all-day hours and reads `00:00`–`00:00` as closed all day; `24:00:00` is not in
 *   its documented forms.
 * - Overnight ranges keep closes < opens in one specification (`18:00:00`–`02:00:00`), as Google documents
 *   for hours past midnight and schema.org defines.
 * - Days are written as schema.org enumeration urls (`https://schema.org/Monday`).
 * - Special hours (holiday closures, changed hours) go to `specialOpeningHoursSpecification`, one entry per
 *   range with `validFrom` and `validThrough` set to its date; a closed date is `00:00:00`–`00:00:00`, the
 *   form Google documents for a day closed outright.
 */
import { type HoursInput, type SpecialHoursInput, isCompleteEntry, isValidHhmm } from "../hours/hours-format";
import { joinUrl } from "./canonical";
import { safeHref } from "./hrefs";
import { absoluteBusinessUrl, normalizeLinkUrl } from "./links";
import { DEFAULT_CURRENCY, decimalAmount } from "../orders/currency";
import { ANONYMOUS_AUTHOR } from "../forms/reviews";

export type JsonLd = { [key: string]: JsonLdValue };
export type JsonLdValue = string | number | boolean | JsonLd | JsonLdValue[];

export const SCHEMA_CONTEXT = "https://schema.org";
const SCHEMA_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/**
 * An image as a url string, or a record carrying one. A business-data ImageRef (`{ file, alt }`) names a
 * file beside business.json, not a published url, so it only resolves through the `imageUrl` option.
 */
export type ImageRecord = { url?: string | null; src?: string | null; publicURL?: string | null; file?: string | null };
export type ImageInput = string | ImageRecord | null | undefined;
/** Maps an image record to its published url (for example Gatsby's processed file), or nothing. */
export type ImageUrlResolver = (image: ImageRecord) => string | null | undefined;

export type StructuredLocationInput = {
  id?: string | null;
  _id?: string | null;
  name?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  zipCode?: string | null;
  country?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  phone?: string | null;
  phoneNumber?: string | null;
  email?: string | null;
  hours?: readonly HoursInput[] | null;
  /** Dated overrides of the hours (holiday closures, changed hours). */
  specialHours?: readonly SpecialHoursInput[] | null;
  /** The location's own page, when it has one. */
  url?: string | null;
};

export type StructuredBusinessInput = {
  id?: string | null;
  name: string;
  type?: string | null;
  categories?: readonly string[] | null;
  subCategory?: string | null;
  description?: string | null;
  logo?: ImageInput;
  heroImage?: ImageInput;
  images?: readonly ImageInput[] | null;
  socialMedia?: readonly { link?: string | null; url?: string | null }[] | null;
  locations?: readonly StructuredLocationInput[] | null;
  /** SPEC §3 defaultType: the type when no category decides one. Default LocalBusiness. */
  defaultType?: string | null;
};

/**
 * SPEC §3: the first category decides; rest → FoodEstablishment; spa, salon, hair → HealthAndBeautyBusiness.
 * Merchants' exports write the restaurant category both as the provider's `rest` and spelled out.
 */
export function localBusinessType(categories: readonly string[] | null | undefined, defaultType = "LocalBusiness"): string {
  const first = (categories ?? [])[0]?.trim().toLowerCase();
  if (first === "rest" || first === "restaurant") return "FoodEstablishment";
  if (first === "spa" || first === "salon" || first === "hair") return "HealthAndBeautyBusiness";
  return defaultType;
}

/** `09:00:00`; 2400 → `23:59:59` (see the file comment). */
export function schemaTime(hhmm: number): string {
  if (hhmm === 2400) return "23:59:59";
  const hours = Math.floor(hhmm / 100);
  const minutes = hhmm % 100;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}:00`;
}

/** One minute before `hhmm`, as `HH:mm:59`: the close of a 24-hour range that starts at `hhmm`. */
function secondBefore(hhmm: number): string {
  const minutes = (Math.floor(hhmm / 100) * 60 + (hhmm % 100) + 1439) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:59`;
}

/**
 * OpeningHoursSpecification entries for entries that have both times (SPEC §3). An equal open and close is
 * a 24-hour range (see hours.ts), written to end one second before it starts, because Google reads equal
 * times as closed.
 */
export function openingHoursSpecification(hours: readonly HoursInput[] | null | undefined): JsonLd[] {
  return (hours ?? [])
    .filter(isCompleteEntry)
    .slice()
    .sort((a, b) => a.day - b.day || a.open - b.open)
    .map((entry) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `${SCHEMA_CONTEXT}/${SCHEMA_DAYS[entry.day - 1]}`,
      ...opensAndCloses(entry.open, entry.close),
    }));
}

function opensAndCloses(open: number, close: number): { opens: string; closes: string } {
  const fullDay = open === close || (open === 0 && close === 2400);
  return {
    opens: schemaTime(open === 2400 ? 0 : open),
    closes: fullDay ? (open === 0 || open === 2400 ? "23:59:59" : secondBefore(open)) : schemaTime(close),
  };
}

/**
 * specialOpeningHoursSpecification entries (see the file comment): one per changed range, one per closed
 * date, earliest first. Entries without a usable date or time are left out.
 */
export function specialOpeningHoursSpecification(specialHours: readonly SpecialHoursInput[] | null | undefined): JsonLd[] {
  const entries = (specialHours ?? []).filter((entry) => /^\d{4}-\d{2}-\d{2}$/.test(entry.date));
  const closedDates = new Set(entries.filter((entry) => entry.closed).map((entry) => entry.date));
  const specs: { date: string; sort: number; spec: JsonLd }[] = [];
  for (const date of closedDates) {
    specs.push({ date, sort: -1, spec: { "@type": "OpeningHoursSpecification", validFrom: date, validThrough: date, opens: "00:00:00", closes: "00:00:00" } });
  }
  for (const entry of entries) {
    if (entry.closed || closedDates.has(entry.date) || !isValidHhmm(entry.open) || !isValidHhmm(entry.close)) continue;
    specs.push({
      date: entry.date,
      sort: entry.open,
      spec: { "@type": "OpeningHoursSpecification", validFrom: entry.date, validThrough: entry.date, ...opensAndCloses(entry.open, entry.close) },
    });
  }
  return specs.sort((a, b) => a.date.localeCompare(b.date) || a.sort - b.sort).map((entry) => entry.spec);
}

/**
 * Minor units as the decimal string schema.org prices use, with the currency's own digits: 1250 USD →
 * `12.50`, 1200 JPY → `1200`, 1250 KWD → `1.250`.
 */
export function priceString(cents: number, currency: string = DEFAULT_CURRENCY): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`structured data: price: expected a whole number of minor units >= 0, got ${String(cents)}`);
  }
  return decimalAmount(cents, currency);
}

/** An absolute web url for an image or page, or null. Relative paths resolve against the site. */
export function absoluteUrl(image: ImageInput, siteUrl: string, resolve?: ImageUrlResolver): string | null {
  const raw =
    typeof image === "string"
      ? image
      : image
        ? ((resolve ? resolve(image) : null) ?? image.url ?? image.src ?? image.publicURL ?? null)
        : null;
  const href = safeHref(raw);
  if (!href || /^(?:mailto|tel):/i.test(href)) return null;
  return /^https?:/i.test(href) ? href : joinUrl(siteUrl, href);
}

function clean(value: string | null | undefined): string | undefined {
  const trimmed = (value ?? "").trim();
  return trimmed === "" ? undefined : trimmed;
}

function siteBase(siteUrl: string): string {
  const absolute = absoluteBusinessUrl(siteUrl);
  if (!absolute) throw new RangeError(`structured data: siteUrl: expected the site's url like https://example.com, got ${JSON.stringify(siteUrl)}`);
  return absolute.replace(/\/+$/, "");
}

/** The @id of a location's LocalBusiness node: stable per location, unique within the site. */
export function locationJsonLdId(siteUrl: string, location: StructuredLocationInput | null, index = 0): string {
  if (!location) return `${siteBase(siteUrl)}/#business`;
  const key = clean(location.id ?? location._id) ?? String(index + 1);
  return `${siteBase(siteUrl)}/#location-${encodeURIComponent(key)}`;
}

function postalAddress(location: StructuredLocationInput): JsonLd | undefined {
  const address: JsonLd = { "@type": "PostalAddress" };
  const parts: [string, string | undefined][] = [
    ["streetAddress", clean(location.street)],
    ["addressLocality", clean(location.city)],
    ["addressRegion", clean(location.state)],
    ["postalCode", clean(location.zip ?? location.zipCode)],
    ["addressCountry", clean(location.country)],
  ];
  for (const [key, value] of parts) if (value) address[key] = value;
  return Object.keys(address).length > 1 ? address : undefined;
}

export type LocalBusinessOptions = {
  siteUrl: string;
  /** Resolves image records (business-data ImageRefs) to published urls. */
  imageUrl?: ImageUrlResolver;
};

function businessNode(
  business: StructuredBusinessInput,
  location: StructuredLocationInput | null,
  index: number,
  options: LocalBusinessOptions,
  multiple: boolean,
): JsonLd {
  const siteUrl = options.siteUrl;
  const base = siteBase(siteUrl);
  const type = localBusinessType(business.categories, clean(business.defaultType) ?? "LocalBusiness");
  const locationName = clean(location?.name);
  const node: JsonLd = {
    "@type": type,
    "@id": locationJsonLdId(siteUrl, location, index),
    name: multiple && locationName ? `${business.name.trim()} – ${locationName}` : business.name.trim(),
    url: (location && absoluteUrl(clean(location.url), base)) ?? `${base}/`,
  };
  const description = clean(business.description);
  if (description) node.description = description;
  const logo = absoluteUrl(business.logo, base, options.imageUrl);
  if (logo) node.logo = logo;
  const images = [business.heroImage, ...(business.images ?? [])]
    .map((image) => absoluteUrl(image, base, options.imageUrl))
    .filter((url): url is string => url !== null);
  const uniqueImages = [...new Set(images)];
  if (uniqueImages.length > 0) node.image = uniqueImages;
  else if (logo) node.image = [logo];
  if (type === "FoodEstablishment") {
    const cuisine = clean(business.subCategory);
    if (cuisine) node.servesCuisine = cuisine;
  }
  if (location) {
    const address = postalAddress(location);
    if (address) node.address = address;
    const telephone = clean(location.phone ?? location.phoneNumber);
    if (telephone) node.telephone = telephone;
    const email = clean(location.email);
    if (email) node.email = email.toLowerCase();
    if (typeof location.latitude === "number" && typeof location.longitude === "number") {
      node.geo = { "@type": "GeoCoordinates", latitude: location.latitude, longitude: location.longitude };
    }
    const hours = openingHoursSpecification(location.hours);
    if (hours.length > 0) node.openingHoursSpecification = hours;
    const special = specialOpeningHoursSpecification(location.specialHours);
    if (special.length > 0) node.specialOpeningHoursSpecification = special;
  }
  const sameAs = (business.socialMedia ?? [])
    .map((social) => normalizeLinkUrl(social.link ?? social.url).href)
    .filter((href): href is string => href !== null && /^https?:/i.test(href));
  if (sameAs.length > 0) node.sameAs = [...new Set(sameAs)];
  return node;
}

/**
 * LocalBusiness JSON-LD: one object for a business with at most one location, else an @graph with one
 * node (and one @id) per location.
 */
export function localBusinessJsonLd(business: StructuredBusinessInput, options: LocalBusinessOptions): JsonLd {
  const locations = business.locations ?? [];
  if (locations.length <= 1) {
    return { "@context": SCHEMA_CONTEXT, ...businessNode(business, locations[0] ?? null, 0, options, false) };
  }
  return {
    "@context": SCHEMA_CONTEXT,
    "@graph": locations.map((location, index) => businessNode(business, location, index, options, true)),
  };
}

export type NavigationLinkInput = {
  title?: string | null;
  pageType?: string | null;
  slug?: string | null;
  url?: string | null;
};

/**
 * The navigation list (SPEC §2): an ItemList of SiteNavigationElement. External entries use their own url;
 * others join the site url and the slug without double slashes. Entries without a usable web url (a
 * `mailto:` or a `javascript:` url) are left out.
 */
export function navigationJsonLd(links: readonly NavigationLinkInput[], siteUrl: string): JsonLd {
  const base = siteBase(siteUrl);
  const elements: JsonLd[] = [];
  for (const link of links) {
    const name = clean(link.title);
    const url =
      (link.pageType ?? "").trim().toLowerCase() === "external" ? normalizeLinkUrl(link.url).href : joinUrl(base, link.slug);
    if (!name || !url || !/^https?:/i.test(url)) continue;
    elements.push({ "@type": "SiteNavigationElement", position: elements.length + 1, name, url });
  }
  return { "@context": SCHEMA_CONTEXT, "@type": "ItemList", itemListElement: elements };
}

export type OfferItemInput = {
  name: string;
  description?: string | null;
  image?: ImageInput;
  available?: boolean | null;
  /** A variation with `available: false` is sold out on its own (its offer says OutOfStock). */
  variations: readonly { name?: string | null; priceCents: number; available?: boolean | null }[];
};

export type OfferOptions = {
  siteUrl: string;
  /** The item page's path or url. */
  url?: string | null;
  /** Business type: `restaurant` gets MenuItem, anything else Service. */
  businessType?: string | null;
  /** ISO 4217, default USD. */
  currency?: string | null;
  /** The @id of the business node, to name the seller. */
  sellerId?: string | null;
  /** Resolves image records (business-data ImageRefs) to published urls. */
  imageUrl?: ImageUrlResolver;
};

/** The @id of an item's node: its canonical url's, so the reviews block added in the browser names the same thing. */
export function itemJsonLdId(url: string): string {
  return `${url}#item`;
}

/**
 * An item page's block: MenuItem for restaurants, Service otherwise, with one Offer per variation whose
 * price is a decimal string with the currency's digits (`12.50` USD, `1200` JPY) and its currency.
 */
export function offerJsonLd(item: OfferItemInput, options: OfferOptions): JsonLd {
  const base = siteBase(options.siteUrl);
  const url = options.url ? (/^https?:/i.test(options.url) ? options.url : joinUrl(base, options.url)) : undefined;
  const currency = (clean(options.currency) ?? DEFAULT_CURRENCY).toUpperCase();
  const node: JsonLd = {
    "@context": SCHEMA_CONTEXT,
    "@type": (options.businessType ?? "").trim().toLowerCase() === "restaurant" ? "MenuItem" : "Service",
  };
  if (url) node["@id"] = itemJsonLdId(url);
  node.name = item.name.trim();
  const description = clean(item.description);
  if (description) node.description = description;
  const image = absoluteUrl(item.image, base, options.imageUrl);
  if (image) node.image = image;
  if (url) node.url = url;
  const offers = item.variations.map((variation) => {
    const offer: JsonLd = { "@type": "Offer", price: priceString(variation.priceCents, currency), priceCurrency: currency };
    const name = clean(variation.name);
    if (name && item.variations.length > 1) offer.name = name;
    if (typeof item.available === "boolean" || typeof variation.available === "boolean") {
      const inStock = item.available !== false && variation.available !== false;
      offer.availability = `${SCHEMA_CONTEXT}/${inStock ? "InStock" : "OutOfStock"}`;
    }
    if (url) offer.url = url;
    if (options.sellerId) offer.seller = { "@id": options.sellerId };
    return offer;
  });
  if (offers.length > 0) node.offers = offers;
  return node;
}

/**
 * A JSON-LD block as the text of its <script type="application/ld+json">: with "<" escaped, the text
 * cannot close the script element, whatever the data holds.
 */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** The navigation list of SPEC §2 from the built navigation (siteNavigation): every link, buttons last. */
export function navigationListJsonLd(links: readonly { label: string; kind: string; href: string | null }[], siteUrl: string): JsonLd {
  return navigationJsonLd(
    links.map((link) => ({
      title: link.label,
      pageType: link.kind === "internal" ? "internal" : "External",
      // Internal pages are published with a trailing slash; the list names the same urls.
      slug: link.href && !link.href.endsWith("/") ? `${link.href}/` : link.href,
      url: link.href,
    })),
    siteUrl,
  );
}

export type BlogPostingInput = {
  title: string;
  summary?: string | null;
  /** The author's name; without one the business is the author. */
  author?: string | null;
  /** ISO 8601 with an offset, e.g. `2025-03-14T00:00:00-04:00` (blog.ts publishedAt). */
  datePublished: string;
  image?: ImageInput;
  /** The post's page, a site path or an absolute url. */
  url: string;
};

export type BlogPostingOptions = {
  siteUrl: string;
  /** The business, which publishes every post (and writes those without an author). */
  publisher: { name: string; logo?: ImageInput };
  /** BCP 47 language of the post (the site's locale). */
  inLanguage?: string | null;
  /** Resolves image records (business-data ImageRefs) to published urls. */
  imageUrl?: ImageUrlResolver;
};

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A blog post's BlogPosting block, as Google's Article rich result reads it: headline, image,
 * datePublished with its offset, the author as a Person with a name (the business as an Organization when
 * the post names nobody), and the business as publisher with its logo.
 */
export function blogPostingJsonLd(post: BlogPostingInput, options: BlogPostingOptions): JsonLd {
  const base = siteBase(options.siteUrl);
  if (!OFFSET_DATE_TIME.test(post.datePublished)) {
    throw new RangeError(`structured data: datePublished: expected an ISO date-time with its offset like 2025-03-14T00:00:00-04:00, got ${JSON.stringify(post.datePublished)}`);
  }
  const url = /^https?:/i.test(post.url) ? post.url : joinUrl(base, post.url);
  const publisherName = options.publisher.name.trim();
  const publisher: JsonLd = { "@type": "Organization", name: publisherName, url: `${base}/` };
  const logo = absoluteUrl(options.publisher.logo, base, options.imageUrl);
  if (logo) publisher.logo = { "@type": "ImageObject", url: logo };
  const author = clean(post.author);
  const node: JsonLd = {
    "@context": SCHEMA_CONTEXT,
    "@type": "BlogPosting",
    "@id": `${url}#post`,
    mainEntityOfPage: url,
    url,
    headline: post.title.trim(),
    datePublished: post.datePublished,
    author: author ? { "@type": "Person", name: author } : { "@type": "Organization", name: publisherName, url: `${base}/` },
    publisher,
  };
  const description = clean(post.summary);
  if (description) node.description = description;
  const image = absoluteUrl(post.image, base, options.imageUrl);
  if (image) node.image = [image];
  const language = clean(options.inLanguage);
  if (language) node.inLanguage = language;
  return node;
}

/** Types whose own page may carry its reviews (below). */
const REVIEWABLE_TYPES = new Set(["Product", "Service"]);
/** Reviews written into one block at most; the aggregate counts all of them. */
export const MAX_JSON_LD_REVIEWS = 10;

export type ReviewJsonLdInput = {
  reviews: readonly { rating: number; text: string; author: string; created_at: string }[];
  aggregate: { count: number; average: number | null };
};

/**
 * `aggregateRating` and `review` properties for the JSON-LD node of the thing reviewed (merge them into
 * it), or null where they must not be written:
 * - A business's reviews on its own site (LocalBusiness and its subtypes, Organization): Google's review
 *   snippet rules call these self-serving ("the entity being reviewed controls the reviews about itself")
 *   and do not allow them (developers.google.com/search/docs/appearance/structured-data/review-snippet), so a
 *   location page shows its reviews without marking them up.
 * - MenuItem: schema.org gives it neither property (a restaurant's dish page shows reviews as text only).
 * - Product and Service may carry them (schema.org lists both properties on both; Google shows stars for
 *   Product). No approved reviews: null as well.
 * Reviews without a name (ANONYMOUS_AUTHOR) count in the aggregate but are not written as Review nodes, whose author
 * must be a name.
 */
export function reviewJsonLd(kind: string, input: ReviewJsonLdInput): JsonLd | null {
  if (!REVIEWABLE_TYPES.has(kind.trim())) return null;
  const { count, average } = input.aggregate;
  if (count < 1 || average === null) return null;
  const rating = (value: number): JsonLd => ({ "@type": "Rating", ratingValue: value, bestRating: 5, worstRating: 1 });
  const reviews = input.reviews
    .filter((review) => review.author.trim() !== "" && review.author !== ANONYMOUS_AUTHOR)
    .slice(0, MAX_JSON_LD_REVIEWS)
    .map((review): JsonLd => {
      const node: JsonLd = { "@type": "Review", reviewRating: rating(review.rating), author: { "@type": "Person", name: review.author } };
      const date = /^\d{4}-\d{2}-\d{2}/.exec(review.created_at)?.[0];
      if (date) node.datePublished = date;
      if (review.text.trim()) node.reviewBody = review.text.trim();
      return node;
    });
  const block: JsonLd = { aggregateRating: { "@type": "AggregateRating", ratingValue: average, reviewCount: count, bestRating: 5, worstRating: 1 } };
  if (reviews.length > 0) block.review = reviews;
  return block;
}

/** One JSON-LD node from a block's text (the item's build-time block), or null when it is not one object. */
export function parseJsonLdNode(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const node: unknown = JSON.parse(text);
    return node && typeof node === "object" && !Array.isArray(node) ? (node as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The item page's reviews as a JSON-LD block of their own, added in the browser once the approved reviews
 * are read (the static page has none): the item's node from the build (`@type`, `@id`, name) with
 * reviewJsonLd's properties, so a search engine that renders the page merges them into the item. Null
 * where reviewJsonLd allows none (MenuItem, a business's own reviews) or without reviews.
 */
export function itemReviewsJsonLd(item: { "@type"?: unknown; "@id"?: unknown; name?: unknown }, input: ReviewJsonLdInput): JsonLd | null {
  const kind = typeof item["@type"] === "string" ? item["@type"] : "";
  const block = reviewJsonLd(kind, input);
  if (!block || typeof item.name !== "string") return null;
  const node: JsonLd = { "@context": SCHEMA_CONTEXT, "@type": kind };
  if (typeof item["@id"] === "string") node["@id"] = item["@id"];
  node.name = item.name;
  return { ...node, ...block };
}
