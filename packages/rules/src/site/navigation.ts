/**
 * The navigation tree (SPEC §2 Layout, §3 Website page, §7 build-time queries): website pages in
 * navigationPriority order, regular pages and button-style pages apart, each page with its child pages
 * (static `childPages` and generated pages such as service categories) grouped by navigation group.
 */
import { POPUP_ACCORDION } from "../business/constants";
import { type LinkPageInput, type ResolveLinkOptions, type ResolvedLink, resolveLink, sortButtonsLast } from "./links";
import type { Business } from "../business/schema";
import type { PageSpec } from "./page-plan";
import { DEFAULT_NAVIGATION_ORDER } from "./page-plan/types";
import { leadsToBookingUrl } from "../booking/booking";


/**
 * Generated page types that never become menu links: an item page sits under its category page, so
 * listing items too would mix two levels in one menu, repeat an item that is in two categories, and
 * fill a group with dozens of links. The category page is the item's way in.
 */
export const NAVIGATION_EXCLUDED_PAGE_TYPES: readonly string[] = ["service-item"];

export type NavPageInput = LinkPageInput & {
  navigationPriority?: number | null;
  navigationOrder?: number | null;
  navigationGroup?: string | null;
  navigationGroupOrder?: number | null;
  groupName?: string | null;
  childPages?: readonly NavPageInput[] | null;
};

/** A generated page's context (SPEC §3), attached under its parent page. */
export type ChildPageInput = NavPageInput & {
  fishermanParentPageId?: string | null;
  fishermanParentPageType?: string | null;
};

export type NavItem = ResolvedLink & {
  id: string | null;
  children: NavItem[];
  /** `children` split by navigation group, in order. */
  groups: NavGroup[];
};

export type NavGroup = {
  /** The navigationGroup name; null for children without one. */
  name: string | null;
  links: NavItem[];
};

export type Navigation = {
  /** Regular pages, for the main menu and the footer sitemap. */
  links: NavItem[];
  /** Button-style pages, shown at the side. */
  buttons: NavItem[];
  /** Both, buttons last (SPEC §2). */
  all: NavItem[];
  /** Build warnings gathered from every link (invalid props JSON, dropped urls). */
  warnings: string[];
  /** Where online ordering starts, when a location takes orders (order-action.ts): the hero leads with it too. */
  order?: NavItem | null;
};

function numberOr(value: number | null | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function stableSort<T>(items: readonly T[], compare: (a: T, b: T) => number): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => compare(a.item, b.item) || a.index - b.index)
    .map(({ item }) => item);
}

function pageId(page: NavPageInput): string | null {
  return page._id ?? page.id ?? null;
}

function sameText(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Children in navigationGroupOrder, then navigationOrder (both default -1), then data order. */
function orderChildren(children: readonly NavPageInput[]): NavPageInput[] {
  return stableSort(
    children,
    (a, b) =>
      numberOr(a.navigationGroupOrder, DEFAULT_NAVIGATION_ORDER) - numberOr(b.navigationGroupOrder, DEFAULT_NAVIGATION_ORDER) ||
      numberOr(a.navigationOrder, DEFAULT_NAVIGATION_ORDER) - numberOr(b.navigationOrder, DEFAULT_NAVIGATION_ORDER),
  );
}

function groupChildren(children: readonly NavItem[], source: readonly NavPageInput[]): NavGroup[] {
  const groups: NavGroup[] = [];
  children.forEach((child, index) => {
    const name = (source[index].navigationGroup ?? source[index].groupName ?? "").trim() || null;
    const group = groups.find((candidate) => candidate.name === name);
    if (group) group.links.push(child);
    else groups.push({ name, links: [child] });
  });
  return groups;
}

/** Where a link leads, for "each page once": internal paths compare without their trailing slash. */
function linkKey(link: ResolvedLink): string | null {
  if (!link.href) return null;
  return link.external ? link.href : link.href.replace(/\/+$/, "") || "/";
}

function toItem(page: NavPageInput, children: readonly NavPageInput[], options: ResolveLinkOptions, warnings: string[], seen: Set<string>): NavItem {
  const link = resolveLink(page, options);
  warnings.push(...link.warnings);
  const ordered: NavPageInput[] = [];
  const childItems: NavItem[] = [];
  for (const child of orderChildren(children)) {
    const childLink = resolveLink(child, options);
    const key = linkKey(childLink);
    // A page already in the menu (a top-level page, or a child listed under another parent) stays where
    // it first appeared.
    if (key !== null && seen.has(key)) continue;
    if (key !== null) seen.add(key);
    ordered.push(child);
    childItems.push(toItem(child, child.childPages ?? [], options, warnings, seen));
  }
  return { ...link, id: pageId(page), children: childItems, groups: groupChildren(childItems, ordered) };
}

/**
 * Pages sorted by navigationPriority (missing last), then navigationOrder, then data order; each gets its
 * static childPages plus the generated pages whose parent id matches it (or, without an id match, whose
 * parent page type matches its pageType). Item pages are left out (NAVIGATION_EXCLUDED_PAGE_TYPES), and
 * every page appears once: the top-level pages first, then children in menu order.
 */
/**
 * The site's navigation from its data and page plan: the business's website pages at their planned
 * paths, with the generated pages (categories, team members, locations…) under their parents. Built
 * once at build time and published with the business, so no page recomputes it in the browser.
 */
export function siteNavigation(business: Pick<Business, "pages" | "bookingUrl">, plan: readonly PageSpec[], siteUrl: string): Navigation {
  const planned = new Map(plan.map((page) => [page.context.id, page.path]));
  // With appointments on, a menu page pointing at the data's booking link opens the site's own booking page.
  const appointments = plan.find((page) => page.template === "appointments")?.path;
  const url = (page: Business["pages"][number]) => (appointments && page.pageType === "External" && leadsToBookingUrl(page.url, business.bookingUrl) ? appointments : page.url);
  return buildNavigation(
    business.pages.map((page) => ({ ...page, url: url(page), _id: page.id, path: page.pageType === "External" ? null : (planned.get(page.id) ?? null) })),
    plan
      .filter((page) => page.context.fishermanParentPageId)
      .map((page) => ({
        _id: page.path,
        title: page.context.title,
        pageType: page.template,
        slug: page.path,
        navigationOrder: page.context.navigationOrder,
        navigationGroup: page.context.navigationGroup,
        navigationGroupOrder: page.context.navigationGroupOrder,
        fishermanParentPageId: page.context.fishermanParentPageId,
        fishermanParentPageType: page.context.fishermanParentPageType,
      })),
    { siteUrl },
  );
}

export function buildNavigation(
  pages: readonly NavPageInput[],
  childPages: readonly ChildPageInput[] = [],
  options: ResolveLinkOptions = {},
): Navigation {
  const sorted = stableSort(
    pages,
    (a, b) =>
      numberOr(a.navigationPriority, Number.POSITIVE_INFINITY) - numberOr(b.navigationPriority, Number.POSITIVE_INFINITY) ||
      numberOr(a.navigationOrder, DEFAULT_NAVIGATION_ORDER) - numberOr(b.navigationOrder, DEFAULT_NAVIGATION_ORDER),
  );
  const ids = new Set(sorted.map(pageId).filter((id): id is string => id !== null));
  const warnings: string[] = [];
  const listed = childPages.filter((child) => !NAVIGATION_EXCLUDED_PAGE_TYPES.includes(child.pageType ?? ""));
  const seen = new Set(
    sorted.map((page) => linkKey(resolveLink(page, options))).filter((key): key is string => key !== null),
  );
  const items = sorted.map((page) => {
    const id = pageId(page);
    const generated = listed.filter((child) =>
      child.fishermanParentPageId && ids.has(child.fishermanParentPageId)
        ? child.fishermanParentPageId === id
        : sameText(child.fishermanParentPageType, page.pageType),
    );
    return toItem(page, [...(page.childPages ?? []), ...generated], options, warnings, seen);
  });
  const links = items.filter((item) => !item.isButton);
  const buttons = items.filter((item) => item.isButton);
  return { links, buttons, all: sortButtonsLast(items), warnings };
}

export type PopupAccordionGroup = {
  name: string | null;
  /** The links to show now: the first `linksPerGroup`, or all when expanded. */
  visible: NavItem[];
  hiddenCount: number;
  expanded: boolean;
  /** `See more` / `See less`, or null when the group fits. */
  toggleLabel: string | null;
};

/**
 * Popup accordion menus (SPEC §2, §9): child pages by navigation group, at most 4 links per group until the
 * group is expanded with its `See more` toggle.
 */
export function popupAccordionGroups(
  groups: readonly NavGroup[],
  options: { expandedGroups?: ReadonlySet<string | null>; linksPerGroup?: number } = {},
): PopupAccordionGroup[] {
  const limit = options.linksPerGroup ?? POPUP_ACCORDION.linksPerGroup;
  return groups.map((group) => {
    const fits = group.links.length <= limit;
    const expanded = !fits && (options.expandedGroups?.has(group.name) ?? false);
    const visible = fits || expanded ? group.links : group.links.slice(0, limit);
    return {
      name: group.name,
      visible,
      hiddenCount: group.links.length - visible.length,
      expanded,
      toggleLabel: fits ? null : expanded ? POPUP_ACCORDION.seeLessLabel : POPUP_ACCORDION.seeMoreLabel,
    };
  });
}
