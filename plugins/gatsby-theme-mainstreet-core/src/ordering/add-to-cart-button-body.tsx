import React, { Suspense, lazy, useEffect, useRef, useState } from "react";
import { UI_TEXT } from "@mainstreet/rules/business/constants";
import { NOT_TAKING_ORDERS_LABEL, SOLD_OUT_LABEL } from "@mainstreet/rules/orders/sold-out";
import type { OrderableItem } from "@mainstreet/rules/orders/cart";
import { useOrderingConfig, useOrderingLocation } from "./use-ordering-config";
import { loadLiveAvailability, useItemSoldOutNow, useTakesNoOrders } from "./live-availability";
import { ControlBusy } from "../components/control-busy";
import { prefetchCode, whenIdle } from "../hydration/prefetch";
import "./ordering.css";

export interface AddableItem {
  itemId: string;
  name: string;
  available: boolean;
  /** `available: false` on a variation: that one is sold out. */
  variations: { id: string; name: string; priceCents: number; order: number; available?: boolean }[];
}

// The modal's code is not in the page's first load: it is prefetched (into the cache, not run: prefetch.ts) when the
// browser is idle once an Add button is near the screen, loaded as the finger lands on one, and meanwhile the
// button shows it is busy (ControlBusy).
const loadItemModal = () => import("./item-modal");
const ItemModal = lazy(loadItemModal);
let modalPrefetch = false;
/** Once per page, however many Add buttons there are. */
function prefetchItemModal(): void {
  if (modalPrefetch) return;
  modalPrefetch = true;
  whenIdle(() => prefetchCode(loadItemModal));
}

/**
 * The `Add` button's behaviour (add-to-cart-button.tsx decides whether there is one from the build data).
 * Its code loading is the moment to ask what is sold out now: an item the merchant sold out since the
 * build shows "Sold out" in its place, and a location that stopped taking online orders since then shows
 * "Not taking orders". Closed or paused, Add stays: the service takes orders for later, and the dialog says when.
 */
export default function AddToCartButtonBody({ item, className }: { item: AddableItem; className?: string }) {
  const config = useOrderingConfig();
  const [location] = useOrderingLocation(config);
  const [open, setOpen] = useState(false);
  const soldOut = useItemSoldOutNow(item);
  const noOrders = useTakesNoOrders(location?.locationId);
  const siteId = config?.siteId;
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (siteId) void loadLiveAvailability(siteId);
  }, [siteId]);
  useEffect(prefetchItemModal, []);
  if (!config || !location) return null;
  if (noOrders && !open) return <span className="badge">{NOT_TAKING_ORDERS_LABEL}</span>;
  if (soldOut && !open) return <span className="badge">{SOLD_OUT_LABEL}</span>;
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
        onPointerDown={() => void loadItemModal()}
        onClick={() => setOpen(true)}
      >
        {UI_TEXT.addItem}
        <span className="visually-hidden">{item.name}</span>
      </button>
      {open ? (
        <Suspense fallback={<ControlBusy control={button} />}>
          <ItemModal item={orderable} config={config} locationId={location.locationId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
