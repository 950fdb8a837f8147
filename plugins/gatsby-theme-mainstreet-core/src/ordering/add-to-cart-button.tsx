import React from "react";
import { isItemSoldOut } from "@mainstreet/rules/orders/sold-out";
import { deferred } from "../hydration/deferred";
import { useSiteData } from "../hooks/use-site-data";
import type { AddableItem } from "./add-to-cart-button-body";

export type { AddableItem };

// The button's behaviour (the active location, the cart) loads with the item; the item dialog on the first Add.
// "visible": its code reads what the merchant sold out since the build, which the card must show unasked.
// Its code and the dialog's are prefetched by the page watcher as the button nears the screen: a reader's first Add
// then waits for neither download once the app has started.
const AddToCartButtonBody = deferred(() => import("./add-to-cart-button-body"), { as: "span", when: "visible", name: "add-to-cart", code: "part-add-to-cart-button-body part-item-modal" });
// A tap that comes before that code is held by the deferred part and done again once it has hydrated.

/**
 * The `Add` button of a menu item (SPEC §8 label default "Add "), followed by the item's name for
 * screen readers. Renders nothing where the business does not take orders or the item is sold out (the
 * card and the item page say "Sold out" instead).
 */
export function AddToCartButton({ item, className }: { item: AddableItem; className?: string }) {
  const { business } = useSiteData();
  if (!business.ordering?.enabled || isItemSoldOut(item) || item.variations.length === 0) return null;
  return <AddToCartButtonBody item={item} className={className} />;
}
