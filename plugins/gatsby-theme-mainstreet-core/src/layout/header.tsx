import React, { useEffect, useRef } from "react";
import { useStickyFlag } from "../hooks/use-sticky-flag";
import { CART_SIGNAL, hasStoredCart } from "../ordering/cart-signal";
import { deferred, openDeferred } from "../hydration/deferred";
import type { HeaderProps } from "./header-body";

/**
 * The header's code (menus, dropdowns, the tray, the cart button) loads when the visitor points at, touches or
 * tabs into it, or when there is a cart to show; until then it is the server's links and buttons, and a tap on
 * one is held and done once it has hydrated.
 */
const HeaderBody = deferred(() => import("./header-body"), { openOn: CART_SIGNAL, code: "part-header-body" });

/**
 * The header's place (SPEC §2 Layout) and its sticky style (SPEC §4): past 300 px of scrolling the slot's
 * `data-sticky` pins the bar to the top, set by a scroll listener here, so it works before the header's own
 * code has arrived and renders nothing.
 */
export function Header(props: HeaderProps) {
  const slot = useRef<HTMLDivElement>(null);
  useStickyFlag(slot);
  const { ordering, businessId } = props.business;
  useEffect(() => {
    if (ordering?.enabled && hasStoredCart(businessId)) openDeferred(CART_SIGNAL);
  }, [ordering?.enabled, businessId]);
  return (
    <div ref={slot} className="site-header-slot" data-sticky="false">
      <HeaderBody {...props} />
    </div>
  );
}
