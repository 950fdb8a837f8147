/**
 * Sold out: an item marked unavailable, or every one of its variations, cannot be ordered;
 * one variation marked unavailable is sold out on its own while the others stay orderable. Tiny and
 * dependency-free, because menu pages decide "Sold out" or "Add" on their first load.
 */

/** The words a sold-out item or variation shows. */
export const SOLD_OUT_LABEL = "Sold out";

/**
 * What stands in place of a menu item's Add button while its location takes no online orders at all. It sits
 * here, beside Sold out, rather than with the ordering state's rule: the Add buttons of a menu page load with
 * the page, and the rule (clock, hours, sentences) loads only with the cart or the item dialog.
 */
export const NOT_TAKING_ORDERS_LABEL = "Not taking orders";

export interface SoldOutVariation {
  /** false: this variation is sold out (absent or true: orderable). */
  available?: boolean | null;
}

export function isVariationSoldOut(variation: SoldOutVariation): boolean {
  return variation.available === false;
}

/** The item cannot be ordered at all: marked unavailable, or with no variation left to order. */
export function isItemSoldOut(item: { available?: boolean | null; variations: readonly SoldOutVariation[] }): boolean {
  return item.available === false || (item.variations.length > 0 && item.variations.every(isVariationSoldOut));
}
