import React from "react";
import { deferred } from "../components/deferred";
import { useSiteData } from "../hooks/use-site-data";

// The button's behaviour (the active location, the cart) loads with the item; the item dialog on the first Add.
const AddToCartButtonBody = deferred(() => import("./add-to-cart-button-body"), { as: "span" });

export interface AddableItem {
  itemId: string;
  name: string;
  available: boolean;
  variations: { id: string; name: string; priceCents: number; order: number }[];
}

/**
 * The `Add` button of a menu item (SPEC §8 label default "Add "), followed by the item's name for
 * screen readers. Renders nothing where the business does not take orders or the item is sold out.
 */
export function AddToCartButton({ item, className }: { item: AddableItem; className?: string }) {
  const { business } = useSiteData();
  if (!business.ordering?.enabled || !item.available || item.variations.length === 0) return null;
  return <AddToCartButtonBody item={item} className={className} />;
}
