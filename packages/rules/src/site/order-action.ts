/**
 * Where a site that takes online orders sends its visitors first. A restaurant whose header offered "Call to
 * order" and whose hero offered only the menu and a table, while its Add buttons took orders, hid the quickest
 * way to eat: when a location takes online orders, the header's first button and the hero's first action lead
 * to ordering, and a phone button that offers ordering by call gives its place to it (the number stays in the
 * header's call icon and the footer).
 */
import { resolveLink } from "./links";
import type { Navigation, NavItem } from "./navigation";

export interface OrderActionInput {
  /** Business type: a merchant sells products, the others take orders from a menu. */
  type: string;
  ordering: { enabled: boolean };
  locations: readonly { orderingEnabled: boolean }[];
  /** The page the Add buttons are on (the services or products list); null when there is none. */
  menuPath: string | null;
}

/** The order action's link, or null when no location takes online orders (or there is no page to order on). */
export function orderAction(input: OrderActionInput): NavItem | null {
  if (!input.ordering.enabled || !input.locations.some((location) => location.orderingEnabled) || !input.menuPath) return null;
  const label = input.type.trim().toLowerCase() === "merchant" ? "Shop online" : "Order online";
  return { ...resolveLink({ title: label, slug: input.menuPath, as: "Button" }), id: null, children: [], groups: [] };
}

/** A phone button whose label offers ordering ("Call to order"): what an order action replaces. */
function callsToOrder(item: NavItem): boolean {
  return item.href?.startsWith("tel:") === true && /\border/i.test(item.label);
}

/**
 * The navigation with the order action as its first button, in place of a "call to order" button; unchanged
 * without one.
 */
export function leadWithOrdering(navigation: Navigation, order: NavItem | null): Navigation {
  if (!order) return { ...navigation, order: null };
  const buttons = [order, ...navigation.buttons.filter((item) => !callsToOrder(item))];
  const all = [...navigation.all.filter((item) => !item.isButton), ...buttons];
  return { ...navigation, buttons, all, order };
}
