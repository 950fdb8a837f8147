/** Rules across records of one business: unique ids, references between records, prices in minor units. */
import { z } from "zod";
import { priceToCents, type WrittenPrice } from "../orders/money";
import { priceExpectation } from "./fields";
import type { BlogPost } from "./blog";
import type { Domain } from "./brand";
import type { Interaction } from "./interactions";
import type { LocationSchema } from "./locations";
import type { MenuSchema } from "./menu";
import type { OrderingSchema } from "./ordering";
import type { WebsitePage } from "./pages";
import { type Ctx, inputKeyOf } from "./record";

type Path = (string | number)[];

/** Adds one issue per repeated id, pointing at the later record and naming the first. */
function checkUniqueIds(ctx: Ctx, records: readonly { id: string }[], base: Path, what: string): void {
  const seen = new Map<string, number>();
  records.forEach((entry, index) => {
    const first = seen.get(entry.id);
    if (first === undefined) {
      seen.set(entry.id, index);
      return;
    }
    ctx.addIssue({
      code: "custom",
      path: [...base, index, inputKeyOf(entry, "id")],
      message: `expected a unique ${what} id (${JSON.stringify(entry.id)} is already used by ${formatPathForMessage([...base, first])})`,
      input: entry.id,
    });
  });
}

function formatPathForMessage(path: Path): string {
  return path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");
}

/** One issue per id not among `known` (naming `target`) and per id repeated in the list. */
export function checkReferences(ctx: Ctx, ids: readonly string[], known: ReadonlySet<string>, base: Path, target: string): void {
  const repeated = new Set<string>();
  ids.forEach((id, index) => {
    if (!known.has(id)) {
      ctx.addIssue({ code: "custom", path: [...base, index], message: `expected the id of an entry in ${target}`, input: id });
    } else if (repeated.has(id)) {
      ctx.addIssue({ code: "custom", path: [...base, index], message: "expected each id only once in this list", input: id });
    }
    repeated.add(id);
  });
}

type ParsedMenu = z.output<typeof MenuSchema>;
type ParsedLocation = z.output<typeof LocationSchema>;

/**
 * Every price of the document in integer minor units of its currency: variations, modifiers, delivery fees
 * and minimums. A price with more decimals than the currency has (12.5 in JPY) is a problem at its own field.
 */
export function pricesInMinorUnits(ctx: Ctx, currency: string, menu: ParsedMenu, parsedLocations: readonly ParsedLocation[]) {
  const cents = (price: WrittenPrice, path: Path): number => {
    const value = priceToCents(price, currency);
    if (value === null) ctx.addIssue({ code: "custom", path, message: `expected ${priceExpectation(currency, price)}`, input: price });
    return value ?? 0;
  };
  const items = menu.items.map((item, itemIndex) => ({
    ...item,
    variations: item.variations.map(({ price, ...variation }, index) => ({
      ...variation,
      priceCents: cents(price, ["menu", "items", itemIndex, "variations", index, "price"]),
    })),
  }));
  const modifiers = menu.modifiers.map(({ price, ...modifier }, index) => ({ ...modifier, priceCents: cents(price, ["menu", "modifiers", index, "price"]) }));
  const locations = parsedLocations.map((location, index) => {
    const { fee, minimum, ...delivery } = location.delivery;
    return {
      ...location,
      delivery: {
        ...delivery,
        feeCents: cents(fee, ["locations", index, "delivery", "fee"]),
        minimumCents: cents(minimum, ["locations", index, "delivery", "minimum"]),
      },
    };
  });
  return { items, modifiers, locations };
}

/** The records of a business as its record schemas leave them, before the document-wide rules. */
interface ParsedDocument {
  locations: readonly ParsedLocation[];
  menu: ParsedMenu;
  team: readonly { id: string }[];
  pages: readonly WebsitePage[];
  blogPosts: readonly BlogPost[];
  domains: readonly Domain[];
  ordering: z.output<typeof OrderingSchema>;
}

/** Ids unique within each list (variation ids across the whole menu), and every reference naming a record. */
export function checkRecordIds(ctx: Ctx, v: ParsedDocument): void {
  const { menu } = v;
  checkUniqueIds(ctx, v.locations, ["locations"], "location");
  checkUniqueIds(ctx, menu.categories, ["menu", "categories"], "category");
  checkUniqueIds(ctx, menu.items, ["menu", "items"], "item");
  checkUniqueIds(ctx, menu.modifierSets, ["menu", "modifierSets"], "modifier set");
  checkUniqueIds(ctx, menu.modifiers, ["menu", "modifiers"], "modifier");
  checkUniqueIds(ctx, v.team, ["team"], "team member");
  checkUniqueIds(ctx, v.pages, ["pages"], "page");
  checkUniqueIds(ctx, v.blogPosts, ["blogPosts"], "blog post");

  // Cart lines name a variation by id alone, so variation ids must be unique across the whole menu.
  const variationOwner = new Map<string, Path>();
  menu.items.forEach((item, itemIndex) =>
    item.variations.forEach((variation, variationIndex) => {
      const path: Path = ["menu", "items", itemIndex, "variations", variationIndex];
      const first = variationOwner.get(variation.id);
      if (first) {
        ctx.addIssue({
          code: "custom",
          path: [...path, inputKeyOf(variation, "id")],
          message: `expected a unique variation id (${JSON.stringify(variation.id)} is already used by ${formatPathForMessage(first)})`,
          input: variation.id,
        });
      } else {
        variationOwner.set(variation.id, path);
      }
    }),
  );

  const itemIds = new Set(menu.items.map((item) => item.id));
  const setIds = new Set(menu.modifierSets.map((set) => set.id));
  const modifierIds = new Set(menu.modifiers.map((modifier) => modifier.id));
  menu.categories.forEach((category, index) => checkReferences(ctx, category.itemIds, itemIds, ["menu", "categories", index, "items"], "menu.items"));
  menu.items.forEach((item, index) => checkReferences(ctx, item.modifierSetIds, setIds, ["menu", "items", index, "modifierSets"], "menu.modifierSets"));
  menu.modifierSets.forEach((set, index) => checkReferences(ctx, set.modifierIds, modifierIds, ["menu", "modifierSets", index, "modifiers"], "menu.modifiers"));
}

/** Exactly one primary location (the index of it) and at most one primary domain. */
export function checkPrimaries(ctx: Ctx, v: ParsedDocument): number {
  // Several flagged is an error; no location flagged makes the first one primary.
  const location = onlyOnePrimary(ctx, v.locations.map((entry) => entry.primaryLocation), "locations", "primaryLocation", "location");
  onlyOnePrimary(ctx, v.domains.map((entry) => entry.primaryDomain), "domains", "primaryDomain", "domain");
  return location ?? 0;
}

/** One issue per record flagged after the first; the index of the first flagged, if any. */
function onlyOnePrimary(ctx: Ctx, flags: readonly boolean[], list: string, field: string, what: string): number | undefined {
  const flagged = flags.map((flag, index) => (flag ? index : -1)).filter((index) => index >= 0);
  flagged.slice(1).forEach((index) =>
    ctx.addIssue({ code: "custom", path: [list, index, field], message: `expected only one primary ${what} (${list}[${flagged[0]}] is already primary)`, input: true }),
  );
  return flagged[0];
}

/** One home page, and no slug used by two pages or by two posts. */
export function checkSlugs(ctx: Ctx, v: ParsedDocument): void {
  const slugOwner = new Map<string, number>();
  let homeIndex = -1;
  v.pages.forEach((page, index) => {
    if (page.pageType === "External") return;
    if (page.pageType === "home") {
      if (homeIndex >= 0) {
        ctx.addIssue({ code: "custom", path: ["pages", index, "pageType"], message: `expected only one home page (pages[${homeIndex}] is the home page)`, input: page.pageType });
      } else {
        homeIndex = index;
      }
    }
    const first = slugOwner.get(page.slug);
    if (first !== undefined) {
      ctx.addIssue({ code: "custom", path: ["pages", index, "slug"], message: `expected a slug not used by another page (pages[${first}] uses it)`, input: page.slug });
    } else {
      slugOwner.set(page.slug, index);
    }
  });

  const blogSlugs = new Map<string, number>();
  v.blogPosts.forEach((post, index) => {
    if (!post.slug) return;
    const first = blogSlugs.get(post.slug);
    if (first !== undefined) {
      ctx.addIssue({ code: "custom", path: ["blogPosts", index, "slug"], message: `expected a slug not used by another post (blogPosts[${first}] uses it)`, input: post.slug });
    } else {
      blogSlugs.set(post.slug, index);
    }
  });
}

/** Ordering on the business and on its locations agree. */
export function checkOrderingLocations(ctx: Ctx, v: ParsedDocument): void {
  const orderingLocations = v.locations.filter((location) => location.orderingEnabled);
  if (v.ordering.enabled && orderingLocations.length === 0) {
    ctx.addIssue({ code: "custom", path: ["ordering", "enabled"], message: "expected a location with orderingEnabled when ordering is enabled", input: true });
  }
  if (!v.ordering.enabled) {
    v.locations.forEach((location, index) => {
      if (location.orderingEnabled) {
        ctx.addIssue({ code: "custom", path: ["locations", index, "orderingEnabled"], message: "expected false while ordering.enabled is false", input: true });
      }
    });
  }
}

/** Without a bookingUrl on the business, every BOOKING interaction needs its own url. */
export function checkBookingUrls(ctx: Ctx, menu: ParsedMenu): void {
  const bookingWithoutUrl = (interactions: readonly Interaction[], base: Path) =>
    interactions.forEach((interaction, index) => {
      if (interaction.behaviorType === "BOOKING" && !interaction.url) {
        ctx.addIssue({ code: "custom", path: [...base, index, "url"], message: "expected a url, or a bookingUrl on the business, for a BOOKING interaction", input: undefined });
      }
    });
  menu.items.forEach((item, index) => bookingWithoutUrl(item.interactions, ["menu", "items", index, "interactions"]));
  menu.categories.forEach((category, index) => bookingWithoutUrl(category.interactions, ["menu", "categories", index, "interactions"]));
}
