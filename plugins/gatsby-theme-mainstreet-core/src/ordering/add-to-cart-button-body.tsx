import React, { Suspense, lazy, useState } from "react";
import { UI_TEXT } from "@mainstreet/rules/constants";
import type { OrderableItem } from "@mainstreet/rules/cart";
import type { AddableItem } from "./add-to-cart-button";
import { useOrderingConfig } from "./use-ordering-config";
import { useOrderingLocation } from "./cart-store";
import "./ordering.css";

// The modal's code loads on the first Add (or the first touch of the button), so menu pages carry only this button.
const loadItemModal = () => import("./item-modal");
const ItemModal = lazy(loadItemModal);

/** The `Add` button's behaviour (add-to-cart-button.tsx decides whether there is one). */
export default function AddToCartButtonBody({ item, className }: { item: AddableItem; className?: string }) {
  const config = useOrderingConfig();
  const [location] = useOrderingLocation(config);
  const [open, setOpen] = useState(false);
  if (!config || !location) return null;
  const orderable: OrderableItem = {
    id: item.itemId,
    name: item.name,
    available: item.available,
    variations: item.variations.map(({ id, name, priceCents, order, available }) => ({ id, name, priceCents, order, available: available !== false })),
    modifierSets: config.modifierSetsOf(item.itemId),
  };
  return (
    <>
      <button
        type="button"
        className={["button", "button--small", "add-to-cart", className].filter(Boolean).join(" ")}
        aria-haspopup="dialog"
        onPointerDown={() => void loadItemModal()}
        onClick={() => setOpen(true)}
      >
        {UI_TEXT.addItem}
        <span className="visually-hidden">{item.name}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ItemModal item={orderable} config={config} locationId={location.locationId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
