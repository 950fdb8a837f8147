/**
 * Structured data as search engines read it: every `<script type="application/ld+json">` block in the
 * served HTML, parsed, checked against the shapes Mainstreet promises (SPEC §1–§3) and against the
 * schema.org vocabulary. Pure: HTML text and expectations in, problems out.
 */
import { isSubclassOf, typeNames, vocabularyProblems, type Vocabulary } from "@mainstreet/rules/site/schema-vocabulary";

export interface JsonLdBlock {
  /** 1-based position among the page's JSON-LD blocks. */
  index: number;
  text: string;
  value?: unknown;
  parseError?: string;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/**
 * The JSON-LD blocks of a page. Script content ends at the first `</script`, which is how HTML parsers
 * read it too, so a regular expression is exact here.
 */
export function extractJsonLdBlocks(html: string): JsonLdBlock[] {
  const blocks: JsonLdBlock[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const type = TYPE_ATTRIBUTE.exec(match[1]);
    const mime = (type?.[1] ?? type?.[2] ?? type?.[3] ?? "").trim().toLowerCase();
    if (mime !== "application/ld+json") continue;
    const text = match[2];
    const block: JsonLdBlock = { index: blocks.length + 1, text };
    try {
      block.value = JSON.parse(text) as unknown;
    } catch (error) {
      block.parseError = (error as Error).message;
    }
    blocks.push(block);
  }
  return blocks;
}

/** What a page of a given type must carry, derived from the business data by the caller. */
export interface JsonLdExpectations {
  /** The LocalBusiness subtype the categories map to (localBusinessType in packages/rules/src/site/structured-data.ts). */
  localBusinessType: string;
  requireLocalBusiness: boolean;
  /** At least one LocalBusiness node must have openingHoursSpecification (a location has complete hours). */
  requireOpeningHours: boolean;
  requireNavigation: boolean;
  /** Service-item pages: the item's prices as decimal strings with the currency's digits ("45.00", "1200" JPY) and their currency; null elsewhere. */
  offers: { prices: string[]; currency: string } | null;
  /**
   * Blog posts: the BlogPosting Google's Article rich result reads, with the post's headline,
   * whether it has a hero image, and its author's name (null: the business is the author); null elsewhere.
   */
  blogPosting?: { headline: string; image: boolean; author: string | null } | null;
}

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node => value !== null && typeof value === "object" && !Array.isArray(value);
const asList = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const CONTEXTS = new Set(["https://schema.org", "https://schema.org/", "http://schema.org", "http://schema.org/"]);
const ABSOLUTE_URL = /^https?:\/\/[^\s/]+\S*$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/** schema.org prices: digits with an optional decimal part (`45.00` USD, `1200` JPY, `1.250` KWD). */
const DECIMAL_PRICE = /^\d+(\.\d{1,4})?$/;

const nonEmptyText = (value: unknown) => typeof value === "string" && value.trim() !== "";
const show = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value));

/** Top-level nodes of a block: the object itself, its @graph members, or the members of a top-level array. */
function topNodes(value: unknown): { node: Node; where: string }[] {
  const roots = Array.isArray(value) ? value.map((node, index) => ({ node, where: `$[${index}]` })) : [{ node: value, where: "$" }];
  return roots.flatMap(({ node, where }) => {
    if (!isObject(node)) return [];
    if (Array.isArray(node["@graph"])) {
      return (node["@graph"] as unknown[]).flatMap((child, index) => (isObject(child) ? [{ node: child, where: `${where}.@graph[${index}]` }] : []));
    }
    return [{ node, where }];
  });
}

/** Every node in a tree (nested values included), with its path. */
function allNodes(node: Node, where: string, out: { node: Node; where: string }[] = []): { node: Node; where: string }[] {
  out.push({ node, where });
  for (const [key, value] of Object.entries(node)) {
    if (key === "@context") continue;
    asList(value).forEach((child, index) => {
      if (isObject(child)) allNodes(child, Array.isArray(value) ? `${where}.${key}[${index}]` : `${where}.${key}`, out);
    });
  }
  return out;
}

function checkAddress(address: unknown, where: string, problems: string[]) {
  if (!isObject(address)) {
    problems.push(`${where}.address: expected a PostalAddress node, found ${show(address)}`);
    return;
  }
  if (!typeNames(address["@type"]).includes("PostalAddress")) problems.push(`${where}.address: expected @type PostalAddress, found ${show(address["@type"])}`);
  for (const field of ["streetAddress", "addressLocality", "addressCountry"]) {
    if (!nonEmptyText(address[field])) problems.push(`${where}.address.${field}: expected non-empty text, found ${show(address[field])}`);
  }
}

/**
 * A list field whose entries must be nodes of one @type: an empty list, an entry that is not a node and a
 * node of another type are problems; `check` looks at the rest of each node.
 */
function checkNodeList(value: unknown, at: string, type: string, whenEmpty: string, problems: string[], check: (node: Node, at: string, index: number) => void) {
  const entries = asList(value);
  if (entries.length === 0) problems.push(`${at}: expected at least one ${type}, ${whenEmpty}`);
  entries.forEach((entry, index) => {
    const entryAt = `${at}[${index}]`;
    if (!isObject(entry)) {
      problems.push(`${entryAt}: expected ${/^[AEIOU]/.test(type) ? "an" : "a"} ${type} node, found ${show(entry)}`);
      return;
    }
    if (!typeNames(entry["@type"]).includes(type)) problems.push(`${entryAt}: expected @type ${type}, found ${show(entry["@type"])}`);
    check(entry, entryAt, index);
  });
}

function checkOpeningHours(hours: unknown, where: string, problems: string[]) {
  checkNodeList(hours, `${where}.openingHoursSpecification`, "OpeningHoursSpecification", "found an empty list", problems, (entry, at) => {
    const days = asList(entry.dayOfWeek);
    if (days.length === 0) problems.push(`${at}.dayOfWeek: expected a day like https://schema.org/Monday, found nothing`);
    for (const day of days) {
      const name = typeof day === "string" ? day.replace(/^https?:\/\/schema\.org\//, "") : "";
      if (!DAYS.includes(name)) problems.push(`${at}.dayOfWeek: expected a day like https://schema.org/Monday, found ${show(day)}`);
    }
    for (const field of ["opens", "closes"]) {
      const value = entry[field];
      if (typeof value !== "string" || !TIME.test(value)) problems.push(`${at}.${field}: expected a time as HH:mm:ss, found ${show(value)}`);
    }
  });
}

function checkLocalBusiness(node: Node, where: string, expectations: JsonLdExpectations, problems: string[]) {
  const types = typeNames(node["@type"]);
  if (!types.includes(expectations.localBusinessType)) {
    problems.push(`${where}.@type: expected ${expectations.localBusinessType} (from the business's first category), found ${show(node["@type"])}`);
  }
  if (!nonEmptyText(node.name)) problems.push(`${where}.name: expected the business name, found ${show(node.name)}`);
  if (typeof node.url !== "string" || !ABSOLUTE_URL.test(node.url)) problems.push(`${where}.url: expected an absolute http(s) url, found ${show(node.url)}`);
  checkAddress(node.address, where, problems);
  if (node.openingHoursSpecification !== undefined) checkOpeningHours(node.openingHoursSpecification, where, problems);
}

function checkNavigation(node: Node, where: string, problems: string[]) {
  checkNodeList(node.itemListElement, `${where}.itemListElement`, "SiteNavigationElement", "found none", problems, (element, at, index) => {
    if (element.position !== index + 1) problems.push(`${at}.position: expected ${index + 1} (positions count from 1 in list order), found ${show(element.position)}`);
    if (!nonEmptyText(element.name)) problems.push(`${at}.name: expected the link text, found ${show(element.name)}`);
    if (typeof element.url !== "string" || !ABSOLUTE_URL.test(element.url)) problems.push(`${at}.url: expected an absolute http(s) url, found ${show(element.url)}`);
  });
}

function checkOffer(offer: unknown, where: string, currency: string | null, problems: string[]): string | null {
  if (!isObject(offer)) {
    problems.push(`${where}: expected an Offer node, found ${show(offer)}`);
    return null;
  }
  if (!typeNames(offer["@type"]).includes("Offer")) problems.push(`${where}: expected @type Offer, found ${show(offer["@type"])}`);
  const price = offer.price;
  if (typeof price !== "string" || !DECIMAL_PRICE.test(price)) {
    problems.push(`${where}.price: expected a decimal string like "45.00", found ${typeof price === "number" ? `the number ${price}` : show(price)}`);
  }
  const found = offer.priceCurrency;
  if (typeof found !== "string" || !/^[A-Z]{3}$/.test(found)) problems.push(`${where}.priceCurrency: expected an ISO 4217 code like "USD", found ${show(found)}`);
  else if (currency && found !== currency) problems.push(`${where}.priceCurrency: expected ${currency} (the business's currency), found ${show(found)}`);
  return typeof price === "string" ? price : typeof price === "number" ? String(price) : null;
}

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Google's Article rules on a BlogPosting: headline, image, datePublished with its offset, a named author, the publisher. */
function checkBlogPosting(node: Node, where: string, expected: NonNullable<JsonLdExpectations["blogPosting"]>, problems: string[]) {
  if (!nonEmptyText(node.headline)) problems.push(`${where}.headline: expected the post's title, found ${show(node.headline)}`);
  else if (node.headline !== expected.headline) problems.push(`${where}.headline: expected ${show(expected.headline)} (the post's title), found ${show(node.headline)}`);
  const images = asList(node.image);
  if (expected.image && images.length === 0) problems.push(`${where}.image: expected the post's hero image as an absolute url, found nothing`);
  images.forEach((image, index) => {
    const url = isObject(image) ? image.url : image;
    if (typeof url !== "string" || !ABSOLUTE_URL.test(url)) problems.push(`${where}.image[${index}]: expected an absolute http(s) url, found ${show(image)}`);
  });
  if (typeof node.datePublished !== "string" || !OFFSET_DATE_TIME.test(node.datePublished)) {
    problems.push(`${where}.datePublished: expected an ISO 8601 date-time with its offset like 2025-03-14T00:00:00-04:00, found ${show(node.datePublished)}`);
  }
  const authors = asList(node.author);
  if (authors.length === 0) problems.push(`${where}.author: expected a Person with a name, found nothing`);
  authors.forEach((author, index) => {
    const at = `${where}.author${authors.length > 1 ? `[${index}]` : ""}`;
    if (!isObject(author)) {
      problems.push(`${at}: expected a Person or Organization node with a name, found ${show(author)}`);
      return;
    }
    const types = typeNames(author["@type"]);
    const wanted = expected.author ? "Person" : "Organization";
    if (!types.includes(wanted)) problems.push(`${at}.@type: expected ${wanted} (${expected.author ? "the post's author" : "the business, as the post names no author"}), found ${show(author["@type"])}`);
    if (!nonEmptyText(author.name)) problems.push(`${at}.name: expected the author's name, found ${show(author.name)}`);
    else if (expected.author && author.name !== expected.author) problems.push(`${at}.name: expected ${show(expected.author)}, found ${show(author.name)}`);
  });
  const publisher = node.publisher;
  if (!isObject(publisher)) problems.push(`${where}.publisher: expected the business as an Organization with a name, found ${show(publisher)}`);
  else if (!nonEmptyText(publisher.name)) problems.push(`${where}.publisher.name: expected the business name, found ${show(publisher.name)}`);
}

/**
 * Every problem with a page's JSON-LD, one line each: unparsable blocks, a wrong @context, missing or
 * misshapen LocalBusiness / PostalAddress / OpeningHoursSpecification / ItemList of
 * SiteNavigationElement / Offer / BlogPosting nodes, and terms the schema.org vocabulary does not define.
 */
export function checkJsonLd(blocks: readonly JsonLdBlock[], expectations: JsonLdExpectations, vocabulary: Vocabulary): string[] {
  const problems: string[] = [];
  const localBusinesses: { node: Node; where: string }[] = [];
  const navigations: { node: Node; where: string }[] = [];
  const offerPrices: string[] = [];
  let offerCount = 0;
  const postings: { node: Node; where: string }[] = [];

  for (const block of blocks) {
    const label = `block ${block.index}`;
    if (block.parseError !== undefined) {
      problems.push(`${label}: expected valid JSON, got ${block.parseError}`);
      continue;
    }
    const roots = Array.isArray(block.value) ? block.value : [block.value];
    roots.forEach((root, index) => {
      const where = Array.isArray(block.value) ? `${label} $[${index}]` : `${label} $`;
      if (!isObject(root)) {
        problems.push(`${where}: expected a JSON-LD object, found ${show(root)}`);
        return;
      }
      if (!CONTEXTS.has(String(root["@context"]))) problems.push(`${where}.@context: expected "https://schema.org", found ${show(root["@context"])}`);
      problems.push(...vocabularyProblems(vocabulary, root, where));
    });
    for (const top of topNodes(block.value)) {
      for (const { node, where } of allNodes(top.node, `${label} ${top.where}`)) {
        const types = typeNames(node["@type"]);
        if (types.some((type) => vocabulary.classes.has(type) && isSubclassOf(vocabulary, type, "LocalBusiness"))) localBusinesses.push({ node, where });
        if (types.includes("ItemList") && asList(node.itemListElement).some((element) => isObject(element) && typeNames(element["@type"]).includes("SiteNavigationElement"))) {
          navigations.push({ node, where });
        }
        if (types.includes("BlogPosting")) postings.push({ node, where });
        if (types.includes("Offer")) {
          offerCount += 1;
          const price = checkOffer(node, where, expectations.offers?.currency ?? null, problems);
          if (price !== null) offerPrices.push(price);
        }
      }
    }
  }

  for (const { node, where } of localBusinesses) checkLocalBusiness(node, where, expectations, problems);
  if (expectations.requireLocalBusiness && localBusinesses.length === 0) {
    problems.push(`page: expected a ${expectations.localBusinessType} (LocalBusiness) block, found ${blocks.length === 0 ? "no JSON-LD at all" : "none"}`);
  }
  if (expectations.requireOpeningHours && localBusinesses.length > 0 && !localBusinesses.some(({ node }) => node.openingHoursSpecification !== undefined)) {
    problems.push(`page: expected openingHoursSpecification on the ${expectations.localBusinessType} node (the location has opening hours), found none`);
  }

  for (const { node, where } of navigations) checkNavigation(node, where, problems);
  if (expectations.requireNavigation && navigations.length === 0) {
    problems.push(`page: expected an ItemList of SiteNavigationElement (the navigation list, SPEC §2), found ${blocks.length === 0 ? "no JSON-LD at all" : "none"}`);
  }

  if (expectations.blogPosting) {
    for (const { node, where } of postings) checkBlogPosting(node, where, expectations.blogPosting, problems);
    if (postings.length === 0) problems.push(`page: expected a BlogPosting block (the post), found ${blocks.length === 0 ? "no JSON-LD at all" : "none"}`);
  }

  if (expectations.offers) {
    const expected = [...expectations.offers.prices].sort();
    if (offerCount === 0) {
      problems.push(`page: expected Offer nodes with prices ${expected.join(", ")} ${expectations.offers.currency}, found none`);
    } else {
      const found = [...offerPrices].sort();
      if (JSON.stringify(found) !== JSON.stringify(expected)) problems.push(`page: expected Offer prices ${expected.join(", ")} (the item's variations), found ${found.join(", ") || "none"}`);
    }
  }
  return problems;
}
