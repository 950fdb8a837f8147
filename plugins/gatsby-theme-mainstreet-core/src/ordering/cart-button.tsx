import React from "react";
import { deferred } from "../hydration/deferred";
import { useSiteData } from "../hooks/use-site-data";

// The cart (its storage, the order API, the drawer) is code only a business that takes orders loads.
const CartButtonBody = deferred(() => import("./cart-button-body"), { as: "span", code: "part-cart-button-body" });

/** The cart entry of the navigation (cart-button-body.tsx); nothing where the business does not take orders. */
export function CartButton({ className }: { className?: string }) {
  const { business } = useSiteData();
  if (!business.ordering?.enabled) return null;
  return <CartButtonBody className={className} />;
}
