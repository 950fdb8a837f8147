import React, { Suspense, lazy, useRef, useState } from "react";
import { cartButtonLabel, cartItemCount } from "@mainstreet/rules/orders/cart-storage";
import { useCart } from "./cart-store";
import { useOrderingLocation } from "./use-ordering-config";
import { useOrderingConfig } from "./use-ordering-config";
import { ControlBusy } from "../components/control-busy";
import "./ordering.css";

const CartDrawer = lazy(() => import("./cart-drawer"));

function BagIcon() {
  return (
    <svg className="icon" width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M5 8h14l-1 12H6z" />
      <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
    </svg>
  );
}

/**
 * The cart entry of the navigation: a button with the item count as a badge that opens the cart
 * drawer. The count comes from browser storage, so the server render shows the empty cart and the
 * badge appears after hydration. Nothing renders where the business does not take orders.
 */
export default function CartButtonBody({ className }: { className?: string }) {
  const config = useOrderingConfig();
  const [location] = useOrderingLocation(config);
  const cart = useCart(config?.siteId, location?.locationId);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!config || !location) return null;
  const count = cartItemCount(cart?.order);
  return (
    <>
      <button ref={button} type="button" className={["icon-button", "cart-button", className].filter(Boolean).join(" ")} aria-label={cartButtonLabel(count)} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <BagIcon />
        {count > 0 ? (
          <span className="cart-button__badge" aria-hidden="true" data-testid="cart-count">
            {count}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={<ControlBusy control={button} />}>
          <CartDrawer config={config} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
