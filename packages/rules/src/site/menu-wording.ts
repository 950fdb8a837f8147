import type { BUSINESS_TYPES } from "../business/schema";

/**
 * What a business calls its menu: a restaurant has a menu, a salon or studio (generic) services, a shop
 * products. Said once, for the site's home page and for the workspace's editor of that section.
 */
export interface MenuWording {
  /** The section's name, as a heading or a navigation link: "Menu". */
  section: string;
  /** The home page's call to open it: "See the menu". */
  call: string;
}

const WORDING: Record<(typeof BUSINESS_TYPES)[number], MenuWording> = {
  restaurant: { section: "Menu", call: "See the menu" },
  generic: { section: "Services", call: "See our services" },
  merchant: { section: "Products", call: "Shop the collection" },
};

/** The wording for a business type; a type not yet known reads as a restaurant's, as an empty type does in the API paths (SPEC §5). */
export function menuWording(type: string | undefined): MenuWording {
  return Object.hasOwn(WORDING, type ?? "") ? WORDING[type as keyof typeof WORDING] : WORDING.restaurant;
}
