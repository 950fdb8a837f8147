import { publishedAt } from "@mainstreet/rules/site/blog";
import type { Business, ImageRef } from "@mainstreet/rules/business/schema";
import { isoDateIn } from "@mainstreet/rules/hours/hours";
import { primaryLocationOf } from "@mainstreet/rules/business/schema";
import { displayPhone, phoneHref } from "@mainstreet/rules/business/phone";
import { buildOpenSchedule } from "@mainstreet/rules/hours/open-status";
import type { PageSpec } from "@mainstreet/rules/site/page-plan";
import { siteNavigation } from "@mainstreet/rules/site/navigation";
import { normalizeLinkUrl } from "@mainstreet/rules/site/links";
import { itemPriceText, variationPriceText } from "@mainstreet/rules/orders/money";
import { leadWithOrdering, orderAction } from "@mainstreet/rules/site/order-action";
import { appointmentLink, appointmentsHref, bookingTarget, interactionHref, type BookingPreselect } from "@mainstreet/rules/booking/booking";
import { holdsPlaceAtBuild, resolveTimedElementSettings } from "@mainstreet/rules/site/timed-element";
import type { SiteConfig } from "@mainstreet/rules/business/site-config";
import type { WebFontFace } from "@mainstreet/rules/site/recipe-fonts";
import type { AnnouncementNode, BlogPostNode, BusinessNode, MainstreetImage, LocationNode, MenuCategoryNode, MenuItemNode, ModifierNode, ModifierSetNode, PageNode, PlannedPageNode, TeamMemberNode } from "../data/node-shapes";

export { typeDefs } from "./type-defs";

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
  recipeFonts: WebFontFace[];
  config: SiteConfig;
  pages: PageSpec[];
  /** The build's clock: open-status schedules start the day before it. */
  buildTime: Date | number;
}

const imageNode = (ref: ImageRef): MainstreetImage => ({ src: ref.file, alt: ref.alt, caption: ref.caption });
const image = (ref: ImageRef | undefined) => (ref ? imageNode(ref) : null);

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
function announcementNode(announcement: NonNullable<Business["announcement"]>, buildTime: Date | number): AnnouncementNode {
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
    const fields: BlogPostNode = {
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
    };
    return [{ type: "MainstreetBlogPost", key: post.id, fields }];
  });
}

/** The business with what every page reads of it worked out at build: navigation, booking target, announcement window. */
function siteBookingTarget(business: Business, pages: PageSpec[]) {
  return bookingTarget({ type: business.type, bookingUrl: business.bookingUrl, reservationsPath: pages.find((page) => page.template === "reservations")?.path ?? null, appointmentsPath: pages.find((page) => page.template === "appointments")?.path ?? null });
}

/**
 * Interaction buttons with the address each opens, worked out at build (the booking flow preselecting
 * `preselect` when appointments are on, else the data's link): the same for every visitor, so an item page
 * carries no booking rules of its own.
 */
function withHrefs(interactions: Business["menu"]["items"][number]["interactions"], booking: { bookingUrl: string | null | undefined; appointments: string | null; preselect?: BookingPreselect }) {
  return interactions.map((interaction) => ({ ...interaction, href: interaction.enabled ? interactionHref(interaction, booking) : null }));
}

function businessNode({ business, siteUrl, recipe, recipeStyle, recipeFonts, config, pages, buildTime }: NodeSource): BusinessNode {
  return {
    businessId: business.id,
    type: business.type,
    name: business.name,
    description: business.description,
    categories: business.categories,
    subCategory: business.subCategory,
    url: business.url,
    logo: image(business.logo),
    heroImage: image(business.heroImage),
    images: business.images.map(imageNode),
    socialMedia: business.socialMedia,
    domains: business.domains,
    brandIdentity: business.brandIdentity ?? null,
    bookingUrl: business.bookingUrl,
    announcement: business.announcement ? announcementNode(business.announcement, buildTime) : null,
    ordering: business.ordering,
    navigation: leadWithOrdering(
      siteNavigation(business, pages, siteUrl),
      orderAction({ type: business.type, ordering: business.ordering, locations: business.locations, menuPath: pages.find((page) => page.template === "services" || page.template === "products")?.path ?? null }),
    ),
    bookingTarget: siteBookingTarget(business, pages),
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
    dataRevision: config.dataRevision,
  };
}

/** Every node one business contributes, as plain data (gatsby-node adds ids and digests). */
export function businessNodes(source: NodeSource): NodeInput[] {
  const { business, pages, buildTime } = source;
  const categoryPaths = pathIndex(pages, "categoryId");
  const itemPaths = pathIndex(pages, "itemId");
  const memberPaths = pathIndex(pages, "memberId");
  const locationPaths = pathIndex(pages, "locationId");
  // The first planned page of a record is its own (a blog's later index pages share its id).
  const pagePaths = new Map<string, string>();
  for (const page of pages) if (!pagePaths.has(page.context.id)) pagePaths.set(page.context.id, page.path);
  const nodes: NodeInput[] = [];

  nodes.push({ type: "MainstreetBusiness", key: business.id, fields: businessNode(source) });

  business.locations.forEach(({ id, ...location }, order) => {
    const fields: LocationNode = {
      ...location,
      locationId: id,
      // Formatted here so that no page downloads phone metadata to show or link a number.
      phone: location.phone === undefined ? undefined : displayPhone(location.phone, location.country),
      phoneHref: phoneHref(location.phone, location.country),
      order,
      path: locationPaths.get(id),
      specialHours: location.specialHours.filter((entry) => entry.date >= isoDateIn(buildTime, location.timezone)),
      openSchedule: buildOpenSchedule(location.hours, location.timezone, buildTime, undefined, location.specialHours),
    };
    nodes.push({ type: "MainstreetLocation", key: id, fields });
  });

  for (const { id, seo, ...page } of business.pages) {
    const fields: PageNode = {
      ...page,
      pageId: id,
      path: page.pageType === "External" ? null : (pagePaths.get(id) ?? null),
      seoTitle: seo.title,
      seoDescription: seo.description,
    };
    nodes.push({ type: "MainstreetPage", key: id, fields });
  }

  for (const page of pages) {
    const fields: PlannedPageNode = {
      path: page.path,
      template: page.template,
      title: page.context.title,
      pageId: page.context.id,
      navigationOrder: page.context.navigationOrder,
      navigationGroup: page.context.navigationGroup,
      navigationGroupOrder: page.context.navigationGroupOrder,
      parentPageId: page.context.fishermanParentPageId,
      parentPageType: page.context.fishermanParentPageType,
    };
    nodes.push({ type: "MainstreetPlannedPage", key: page.path, fields });
  }

  const appointments = appointmentsHref(siteBookingTarget(business, pages));
  const categoriesOfItem = new Map<string, string[]>();
  for (const { id, ...category } of business.menu.categories) {
    for (const itemId of category.itemIds) categoriesOfItem.set(itemId, [...(categoriesOfItem.get(itemId) ?? []), id]);
    const interactions = withHrefs(category.interactions, { bookingUrl: business.bookingUrl, appointments });
    nodes.push({ type: "MainstreetMenuCategory", key: id, fields: { ...category, interactions, categoryId: id, path: categoryPaths.get(id) } satisfies MenuCategoryNode });
  }
  // Prices are written at build in the business's locale and currency: the browser hydrates them as they are.
  const formats = { locale: business.locale, currency: business.ordering.currency };
  for (const { id, ...item } of business.menu.items) {
    const interactions = withHrefs(item.interactions, { bookingUrl: business.bookingUrl, appointments, preselect: { service: id } });
    // "Book this" where the item can be booked and its data offers no booking button of its own.
    const bookable = item.variations.some((variation) => typeof variation.durationMinutes === "number");
    const ownBooking = interactions.some((interaction) => interaction.href && interaction.behaviorType === "BOOKING");
    const fields: MenuItemNode = {
      ...item,
      interactions,
      bookHref: appointments && bookable && !ownBooking ? appointmentLink(appointments, { service: id }) : null,
      itemId: id,
      variations: item.variations.map((variation) => ({ ...variation, priceText: variationPriceText(variation, formats) })),
      priceText: itemPriceText(item.variations, formats),
      image: image(item.image),
      path: itemPaths.get(id),
      categoryIds: categoriesOfItem.get(id) ?? [],
    };
    nodes.push({ type: "MainstreetMenuItem", key: id, fields });
  }
  for (const { id, ...set } of business.menu.modifierSets) {
    nodes.push({ type: "MainstreetModifierSet", key: id, fields: { ...set, setId: id } satisfies ModifierSetNode });
  }
  for (const { id, ...modifier } of business.menu.modifiers) {
    nodes.push({ type: "MainstreetModifier", key: id, fields: { ...modifier, modifierId: id } satisfies ModifierNode });
  }
  // Time off stays with the service: a visitor sees only the times it leaves free, never why.
  for (const { id, timeOff: _timeOff, ...member } of business.team) {
    const fields: TeamMemberNode = { ...member, memberId: id, image: image(member.image), path: memberPaths.get(id) };
    nodes.push({ type: "MainstreetTeamMember", key: id, fields });
  }
  nodes.push(...blogPostNodes(business, pages));
  return nodes;
}
