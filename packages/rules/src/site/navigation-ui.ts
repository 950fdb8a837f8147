/**
 * Layout rules of the navigation (SPEC §2 Layout, §4 Sticky style, §9 Breakpoints and Popup accordion):
 * which navigation variant a width gets, when the bar turns sticky, how many masonry columns a popup
 * menu uses and how its groups are spread over them, and where arrow keys and Tab move focus in a menu.
 */
import { BREAKPOINTS, POPUP_ACCORDION } from "../business/constants";
import type { NavItem } from "./navigation";

/** A navigation item's key among its siblings, in the desktop menus, the trays and the header's buttons. */
export const itemKey = (item: NavItem): string => item.id ?? item.href ?? item.label;

export const NAVIGATION_VARIANTS = ["mobile", "tablet", "desktop"] as const;
export type NavigationVariant = (typeof NAVIGATION_VARIANTS)[number];

/**
 * The variant for a viewport width, from the variants a recipe provides. Phones get mobile; tablets get
 * tablet, falling back to mobile, then desktop (SPEC §2); wider screens get desktop. A recipe must provide
 * desktop, the last fallback of every width.
 * @internal Tests only: the header's CSS applies this rule; the browser tests check each width against it.
 */
export function navigationVariant(widthPx: number, provided: readonly NavigationVariant[] = ["mobile", "desktop"]): NavigationVariant {
  if (!provided.includes("desktop")) {
    throw new RangeError(`navigationVariant: provided variants: expected a list that includes "desktop", got ${JSON.stringify(provided)}`);
  }
  const fallbacks: NavigationVariant[] =
    widthPx <= BREAKPOINTS.mobileMax ? ["mobile", "tablet"] : widthPx <= BREAKPOINTS.tabletMax ? ["tablet", "mobile"] : [];
  return fallbacks.find((variant) => provided.includes(variant)) ?? "desktop";
}

/** Popup accordion columns (SPEC §9): 3, 2 up to 991 px, 1 up to 767 px; never more than there are groups. */
export function masonryColumnCount(widthPx: number, groupCount: number = Number.POSITIVE_INFINITY): number {
  const { masonryColumns } = POPUP_ACCORDION;
  const columns =
    widthPx <= BREAKPOINTS.mobileMax
      ? masonryColumns.upToMobileMax
      : widthPx <= BREAKPOINTS.tabletMax
        ? masonryColumns.upToTabletMax
        : masonryColumns.default;
  return Math.max(1, Math.min(columns, Math.floor(groupCount)));
}

/**
 * Masonry: each item (by its estimated height) goes to the currently shortest column, leftmost on a tie,
 * so columns end close to the same height while every column keeps the items' order top to bottom.
 * Returns the item indices of each column.
 */
export function distributeMasonry(heights: readonly number[], columns: number): number[][] {
  if (!Number.isInteger(columns) || columns < 1) {
    throw new RangeError(`distributeMasonry: columns: expected a whole number of at least 1, got ${String(columns)}`);
  }
  const result: number[][] = Array.from({ length: columns }, () => []);
  const totals = new Array<number>(columns).fill(0);
  heights.forEach((height, index) => {
    let target = 0;
    for (let column = 1; column < columns; column += 1) if (totals[column] < totals[target]) target = column;
    result[target].push(index);
    totals[target] += Math.max(0, height);
  });
  return result;
}

/**
 * Where focus goes inside an open menu for a key (WAI-ARIA menu keys): Down/Up move to the next/previous
 * item and wrap, Home/End go to the ends. `current` is -1 when focus is not on an item yet. Null for any
 * other key, or an empty menu.
 */
export function menuFocusIndex(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case "ArrowDown":
      return current < 0 ? 0 : (current + 1) % count;
    case "ArrowUp":
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/**
 * Tab inside a focus trap (modal, full-screen tray): the index to focus instead of leaving the trap, or
 * null when the browser's own Tab order stays inside. `current` is -1 when focus is outside the trap.
 */
export function trapFocusIndex(current: number, count: number, backwards: boolean): number | null {
  if (count <= 0) return null;
  if (current < 0) return backwards ? count - 1 : 0;
  if (backwards && current === 0) return count - 1;
  if (!backwards && current === count - 1) return 0;
  return null;
}
