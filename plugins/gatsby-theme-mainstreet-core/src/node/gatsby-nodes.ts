import { publishedAt } from "@mainstreet/rules/blog";
import type { Business, ImageRef } from "@mainstreet/rules/business/schema";
import { isoDateIn } from "@mainstreet/rules/hours";
import { primaryLocationOf } from "@mainstreet/rules/business/schema";
import { buildOpenSchedule } from "@mainstreet/rules/open-status";
import type { PageSpec } from "@mainstreet/rules/page-plan";
import { siteNavigation } from "@mainstreet/rules/navigation";
import { normalizeLinkUrl } from "@mainstreet/rules/links";
import { itemPriceText, variationPriceText } from "@mainstreet/rules/money";
import { bookingTarget } from "@mainstreet/rules/booking";
import { holdsPlaceAtBuild, resolveTimedElementSettings } from "@mainstreet/rules/timed-element";
import type { SiteConfig } from "@mainstreet/rules/site-config";

/**
 * The GraphQL shape of a business. Types are declared explicitly (no inference) so every query
 * works for a business that has no team, no menu or no announcement.
 */
export const typeDefs = /* GraphQL */ `
  type MainstreetImage {
    src: String!
    alt: String!
    caption: String
    file: File @link(by: "relativePath", from: "src")
  }

  type MainstreetBusiness implements Node @dontInfer {
    businessId: String!
    type: String!
    name: String!
    description: String
    categories: [String!]!
    subCategory: String
    url: String
    logo: MainstreetImage
    heroImage: MainstreetImage
    images: [MainstreetImage!]!
    socialMedia: JSON!
    domains: JSON!
    brandIdentity: JSON
    bookingUrl: String
    """
    The announcement with its timed-element settings resolved: startAt and endAt in epoch ms instead of
    the data's local startTime, endTime and timezone.
    """
    announcement: JSON
    ordering: JSON!
    """
    The navigation tree (@mainstreet/rules/navigation siteNavigation): links with their resolved targets
    and child pages in groups, built once here instead of in every visitor's browser.
    """
    navigation: JSON!
    "Where Book Now goes (@mainstreet/rules/booking bookingTarget): { href, external }, or null for no button."
    bookingTarget: JSON
    "BCP 47 tag the site is written in: the document's lang, and how prices, dates and times are formatted."
    locale: String!
    "ISO 4217 code of every price (ordering.currency): the minor units every priceCents counts."
    currency: String!
    siteUrl: String!
    recipe: String!
    """
    The recipe's design tokens as one :root rule of CSS custom properties, the business's brand colour
    worked into the AA-checked palette (recipe-tokens.ts); every page's head carries it.
    """
    recipeStyle: String!
    "URLs of the recipe's font files, preloaded in every page's head."
    recipeFonts: [String!]!
    apiBase: String!
    gtmId: String
    providerBrand: String!
    brandCode: String!
    bannerColor: String!
  }

  type MainstreetLocation implements Node @dontInfer {
    locationId: String!
    primaryLocation: Boolean!
    order: Int!
    name: String
    path: String
    street: String!
    city: String!
    state: String!
    zip: String!
    country: String!
    latitude: Float
    longitude: Float
    phone: String
    email: String
    hours: JSON!
    "Dated overrides of the hours (holiday closures, changed hours) from the build's date on."
    specialHours: JSON!
    timezone: String!
    """
    The hours, special hours included, expanded into instants around the build (open-status-core.ts
    OpenSchedule), so the browser tells open from closed without luxon.
    """
    openSchedule: JSON!
    link: JSON
    actions: JSON!
    orderingEnabled: Boolean!
    pickupEnabled: Boolean!
    delivery: JSON!
    "Preparation minutes, days ahead and orders per 15-minute slot of online orders (ready-times.ts)."
    orderTimes: JSON!
    taxRateBps: Int!
    reservations: JSON!
    contactEmails: [String!]!
  }

  type MainstreetPage implements Node @dontInfer {
    pageId: String!
    title: String!
    pageType: String!
    slug: String!
    url: String
    path: String
    groupName: String
    navigationPriority: Float!
    navigationOrder: Float!
    navigationGroup: String
    navigationGroupOrder: Float!
    props: String
    as: String
    className: String
    seoTitle: String
    seoDescription: String
    components: JSON!
  }

  type MainstreetPlannedPage implements Node @dontInfer {
    path: String!
    template: String!
    title: String!
    pageId: String!
    navigationOrder: Float!
    navigationGroup: String
    navigationGroupOrder: Float!
    parentPageId: String
    parentPageType: String
  }

  type MainstreetMenuCategory implements Node @dontInfer {
    categoryId: String!
    name: String!
    description: String
    order: Float!
    path: String
    schedule: JSON
    interactions: JSON!
    itemIds: [String!]!
    items: [MainstreetMenuItem!]! @link(by: "itemId", from: "itemIds")
  }

  type MainstreetMenuItem implements Node @dontInfer {
    itemId: String!
    name: String!
    description: String
    image: MainstreetImage
    "Each with its priceText: its price as the site writes it, worked out at build."
    variations: JSON!
    "The price as the card and the page write it (one price, or the range), in the business's locale and currency."
    priceText: String!
    modifierSetIds: [String!]!
    available: Boolean!
    visible: Boolean!
    order: Float!
    interactions: JSON!
    likeCount: Int!
    path: String
    categoryIds: [String!]!
    categories: [MainstreetMenuCategory!]! @link(by: "categoryId", from: "categoryIds")
  }

  type MainstreetModifierSet implements Node @dontInfer {
    setId: String!
    name: String!
    description: String
    modifierIds: [String!]!
    minAllowed: Int!
    maxAllowed: Int
    modifiers: [MainstreetModifier!]! @link(by: "modifierId", from: "modifierIds")
  }

  type MainstreetModifier implements Node @dontInfer {
    modifierId: String!
    name: String!
    priceCents: Int!
    available: Boolean!
  }

  "A blog post (SPEC §3) that has a page; the index lists them by position, newest first."
  type MainstreetBlogPost implements Node @dontInfer {
    postId: String!
    title: String!
    author: String
    summary: String
    "The body in the blog's small Markdown (docs/business-data.md), rendered as elements, never as HTML."
    content: String
    heroImage: MainstreetImage
    "When it was published, ISO 8601 at the business's offset (structured data's datePublished)."
    publishedAt: String!
    "The local date it was published, YYYY-MM-DD, in the business's zone."
    publishedDate: String!
    "That date as the site writes it, in the business's locale: 14 March 2025, 2025年3月14日."
    publishedLabel: String!
    "0 is the newest post."
    position: Int!
    path: String!
    newerPostId: String
    olderPostId: String
    newer: MainstreetBlogPost @link(by: "postId", from: "newerPostId")
    older: MainstreetBlogPost @link(by: "postId", from: "olderPostId")
  }

  type MainstreetTeamMember implements Node @dontInfer {
    memberId: String!
    name: String!
    show: Boolean!
    role: String
    bio: String
    image: MainstreetImage
    specialties: [String!]!
    order: Float!
    path: String
  }
`;

export interface NodeInput {
  type: string;
  key: string;
  fields: Record<string, unknown>;
}

interface NodeSource {
  business: Business;
  siteUrl: string;
  recipe: string;
  recipeStyle: string;
  recipeFonts: string[];
  config: SiteConfig;
  pages: PageSpec[];
  /** The build's clock: open-status schedules start the day before it. */
  buildTime: Date | number;
}

const image = (ref: ImageRef | undefined) => (ref ? { src: ref.file, alt: ref.alt, caption: ref.caption } : null);

/** Path of the first planned page whose context names this record (the canonical one). */
function pathIndex(pages: PageSpec[], key: "categoryId" | "itemId" | "memberId" | "locationId"): Map<string, string> {
  const index = new Map<string, string>();
  for (const page of pages) {
    const id = page.context[key];
    if (id && !index.has(id)) index.set(id, page.context.canonicalPath);
  }
  return index;
}

/** The announcement with its window as instants, and whether the page's HTML holds its place. */
function announcementNode(announcement: NonNullable<Business["announcement"]>, buildTime: Date | number) {
  const settings = resolveTimedElementSettings(announcement.settings);
  // The link's target is worked out here (normalizeLinkUrl), so the bar needs no link rules in the browser.
  const target = announcement.link ? normalizeLinkUrl(announcement.link.url).href : null;
  const link = announcement.link && target ? { ...announcement.link, href: target, internal: target.startsWith("/") } : null;
  return { ...announcement, link, settings, holdsPlace: holdsPlaceAtBuild(settings, buildTime) };
}

/**
 * The posts that have a page, in the plan's order (newest first), with their dates worked out in the
 * business's zone and written in its locale at build: a publication date never changes, so the browser
 * gets text, not a date library.
 */
function blogPostNodes(business: Business, pages: PageSpec[]): NodeInput[] {
  const planned = pages.filter((page) => page.template === "blog-post" && page.context.postId);
  const zone = primaryLocationOf(business).timezone;
  return planned.flatMap((page, position) => {
    const post = business.blogPosts.find((candidate) => candidate.id === page.context.postId);
    if (!post) return [];
    const published = publishedAt(post.publishedAt, zone, business.locale);
    return [
      {
        type: "MainstreetBlogPost",
        key: post.id,
        fields: {
          postId: post.id,
          title: post.title,
          author: post.author,
          summary: post.summary,
          content: post.content,
          heroImage: image(post.heroImage),
          publishedAt: published.iso,
          publishedDate: published.date,
          publishedLabel: published.label,
          position,
          path: page.path,
          newerPostId: planned[position - 1]?.context.postId ?? null,
          olderPostId: planned[position + 1]?.context.postId ?? null,
        },
      },
    ];
  });
}

/** Every node one business contributes, as plain data (gatsby-node adds ids and digests). */
export function businessNodes({ business, siteUrl, recipe, recipeStyle, recipeFonts, config, pages, buildTime }: NodeSource): NodeInput[] {
  const categoryPaths = pathIndex(pages, "categoryId");
  const itemPaths = pathIndex(pages, "itemId");
  const memberPaths = pathIndex(pages, "memberId");
  const locationPaths = pathIndex(pages, "locationId");
  // The first planned page of a record is its own (a blog's later index pages share its id).
  const pagePaths = new Map<string, string>();
  for (const page of pages) if (!pagePaths.has(page.context.id)) pagePaths.set(page.context.id, page.path);
  const nodes: NodeInput[] = [];

  nodes.push({
    type: "MainstreetBusiness",
    key: business.id,
    fields: {
      businessId: business.id,
      type: business.type,
      name: business.name,
      description: business.description,
      categories: business.categories,
      subCategory: business.subCategory,
      url: business.url,
      logo: image(business.logo),
      heroImage: image(business.heroImage),
      images: business.images.map(image),
      socialMedia: business.socialMedia,
      domains: business.domains,
      brandIdentity: business.brandIdentity ?? null,
      bookingUrl: business.bookingUrl,
      announcement: business.announcement ? announcementNode(business.announcement, buildTime) : null,
      ordering: business.ordering,
      navigation: siteNavigation(business, pages, siteUrl),
      bookingTarget: bookingTarget({ type: business.type, bookingUrl: business.bookingUrl, reservationsPath: pages.find((page) => page.template === "reservations")?.path ?? null }),
      locale: business.locale,
      currency: business.ordering.currency,
      siteUrl,
      recipe,
      recipeStyle,
      recipeFonts,
      apiBase: config.apiBase,
      gtmId: config.gtmId,
      providerBrand: config.providerBrand,
      brandCode: config.brandCode,
      bannerColor: config.bannerColor,
    },
  });

  business.locations.forEach((location, order) => {
    nodes.push({
      type: "MainstreetLocation",
      key: location.id,
      fields: {
        ...location,
        id: undefined,
        locationId: location.id,
        order,
        path: locationPaths.get(location.id),
        specialHours: location.specialHours.filter((entry) => entry.date >= isoDateIn(buildTime, location.timezone)),
        openSchedule: buildOpenSchedule(location.hours, location.timezone, buildTime, undefined, location.specialHours),
      },
    });
  });

  for (const page of business.pages) {
    nodes.push({
      type: "MainstreetPage",
      key: page.id,
      fields: {
        ...page,
        id: undefined,
        seo: undefined,
        pageId: page.id,
        path: page.pageType === "External" ? null : (pagePaths.get(page.id) ?? null),
        seoTitle: page.seo.title,
        seoDescription: page.seo.description,
      },
    });
  }

  for (const page of pages) {
    nodes.push({
      type: "MainstreetPlannedPage",
      key: page.path,
      fields: {
        path: page.path,
        template: page.template,
        title: page.context.title,
        pageId: page.context.id,
        navigationOrder: page.context.navigationOrder,
        navigationGroup: page.context.navigationGroup,
        navigationGroupOrder: page.context.navigationGroupOrder,
        parentPageId: page.context.fishermanParentPageId,
        parentPageType: page.context.fishermanParentPageType,
      },
    });
  }

  const categoriesOfItem = new Map<string, string[]>();
  for (const category of business.menu.categories) {
    for (const itemId of category.itemIds) categoriesOfItem.set(itemId, [...(categoriesOfItem.get(itemId) ?? []), category.id]);
    nodes.push({
      type: "MainstreetMenuCategory",
      key: category.id,
      fields: { ...category, id: undefined, categoryId: category.id, path: categoryPaths.get(category.id) },
    });
  }
  // Prices are written at build in the business's locale and currency: the browser hydrates them as they are.
  const formats = { locale: business.locale, currency: business.ordering.currency };
  for (const item of business.menu.items) {
    nodes.push({
      type: "MainstreetMenuItem",
      key: item.id,
      fields: {
        ...item,
        id: undefined,
        itemId: item.id,
        variations: item.variations.map((variation) => ({ ...variation, priceText: variationPriceText(variation, formats) })),
        priceText: itemPriceText(item.variations, formats),
        image: image(item.image),
        path: itemPaths.get(item.id),
        categoryIds: categoriesOfItem.get(item.id) ?? [],
      },
    });
  }
  for (const set of business.menu.modifierSets) {
    nodes.push({ type: "MainstreetModifierSet", key: set.id, fields: { ...set, id: undefined, setId: set.id } });
  }
  for (const modifier of business.menu.modifiers) {
    nodes.push({ type: "MainstreetModifier", key: modifier.id, fields: { ...modifier, id: undefined, modifierId: modifier.id } });
  }
  for (const member of business.team) {
    nodes.push({
      type: "MainstreetTeamMember",
      key: member.id,
      fields: { ...member, id: undefined, memberId: member.id, image: image(member.image), path: memberPaths.get(member.id) },
    });
  }
  nodes.push(...blogPostNodes(business, pages));
  return nodes;
}
