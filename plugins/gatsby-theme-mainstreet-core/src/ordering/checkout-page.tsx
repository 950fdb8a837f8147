import React, { Suspense } from "react";
import { Link } from "gatsby";
import { useMounted } from "../hooks/use-mounted";
import { lazyComponent } from "../hydration/deferred";
import { BusyLine } from "../components/busy-line";
import { useCart } from "./cart-store";
import { useOrderingConfig, useOrderingLocation } from "./use-ordering-config";
import "./ordering.css";

// The form, its rules and its calls come only for a cart with lines: an empty cart's checkout, or
// one whose cart has expired, loads the page's own code and little more.
const CheckoutForm = lazyComponent(() => import("./checkout-form"));

/**
 * The checkout page body: the form (checkout-form.tsx) for the active location's cart, or what to do when
 * there is no cart. The cart lives in browser storage, so the server render says it is loading.
 */
export function CheckoutPage() {
  const mounted = useMounted();
  const config = useOrderingConfig();
  const [location] = useOrderingLocation(config);
  const cart = useCart(config?.siteId, location?.locationId);
  if (!config) return <p className="container">This business does not take online orders.</p>;
  if (!mounted || !location) return <BusyLine>Loading your cart…</BusyLine>;
  if (!cart || cart.order.line_items.length === 0) {
    return (
      <div className="container prose checkout-empty">
        <p>Your cart is empty.</p>
        <p>
          <Link to={config.menuPath} className="button">
            See the menu
          </Link>
        </p>
      </div>
    );
  }
  return (
    <Suspense fallback={<BusyLine>Loading your cart…</BusyLine>}>
      <CheckoutForm config={config} location={location} cart={cart} />
    </Suspense>
  );
}
