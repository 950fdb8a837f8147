import React from "react";
import { deferred } from "../components/deferred";
import { useOrderingConfig } from "./use-ordering-config";

// The cart (its storage, the order API, the drawer) is code only a business that takes orders loads.
const CartButtonBody = deferred(() => import("./cart-button-body"), { as: "span" });

/** The cart entry of the navigation (cart-button-body.tsx); nothing where the business does not take orders. */
export function CartButton({ className }: { className?: string }) {
  const config = useOrderingConfig();
  if (!config) return null;
  return <CartButtonBody config={config} className={className} />;
}
