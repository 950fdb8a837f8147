import type { OrderingLocation } from "./use-ordering-config";

/**
 * A location as the cart, checkout and the order page name it: its own name, else its street and city. A module
 * of its own so those pages take only this from the cart's code, and the menu's Add buttons none of it.
 */
export function locationLabel(location: Pick<OrderingLocation, "name" | "street" | "city">): string {
  return location.name ?? `${location.street}, ${location.city}`;
}
