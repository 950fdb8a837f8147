import React, { Suspense, lazy, useEffect, useRef, useState } from "react";
import { UI_TEXT } from "@mainstreet/rules/constants";
import type { OrderableItem } from "@mainstreet/rules/cart";
import type { AddableItem } from "./add-to-cart-button";
import type { OrderingConfig } from "./use-ordering-config";
import { useOrderingLocation } from "./cart-store";
import { ADD_BUTTON_ATTRIBUTE, markAddButtonLive, takeEarlyTap } from "./add-intent";
import "./ordering.css";

// The modal's code loads on the first Add (or the first touch of the button), so menu pages carry only this button.
const loadItemModal = () => import("./item-modal");
const ItemModal = lazy(loadItemModal);

/** The `Add` button's behaviour (add-to-cart-button.tsx decides whether there is one). */
export default function AddToCartButtonBody({ item, className, config }: { item: AddableItem; className?: string; config: OrderingConfig }) {
  const [location] = useOrderingLocation(config);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Live from now on; a tap made while this code was loading opens the dialog now.
  useEffect(() => {
    const element = button.current;
    if (!element) return;
    markAddButtonLive(element);
    if (takeEarlyTap(element)) setOpen(true);
  }, [location !== undefined]);
  if (!location) return null;
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
        ref={button}
        type="button"
        className={["button", "button--small", "add-to-cart", className].filter(Boolean).join(" ")}
        aria-haspopup="dialog"
        {...{ [ADD_BUTTON_ATTRIBUTE]: item.itemId }}
        onPointerDown={() => void loadItemModal()}
        onClick={() => {
          takeEarlyTap(button.current as HTMLButtonElement);
          setOpen(true);
        }}
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
