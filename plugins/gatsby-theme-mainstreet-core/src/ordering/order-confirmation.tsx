import React, { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "gatsby";
import { ORDERING_PATHS } from "@mainstreet/rules/orders/order-paths";
import type { PlacedOrderRef } from "@mainstreet/rules/orders/placed-orders";
import type { OrderView } from "@mainstreet/rules/api/order-api";
import { ORDER_STATUS_REFRESH_MS, isActiveFulfillment } from "@mainstreet/rules/orders/fulfillment-status";
import { apiGet } from "../runtime/api-read";
import { readPlacedOrders } from "./placed-orders";
import { useOrderingConfig } from "./use-ordering-config";
import { lazyComponent } from "../hydration/deferred";
import { BusyLine } from "../components/busy-line";
import "./ordering.css";

// What an order shows (its lines, totals, promise) comes only with an order to show, fetched alongside it.
const OrderDetails = lazyComponent(() => import("./order-details"));

type Load =
  | { state: "loading" }
  | { state: "unnamed"; placed: PlacedOrderRef[] }
  | { state: "missing"; message: string }
  | { state: "ready"; order: OrderView; refreshing: boolean; error: string | null };

/** The page's heading for what it shows: thanks only once there is an order to thank for. */
function confirmationTitle(load: Pick<Load, "state"> & { order?: Pick<OrderView, "status"> }): string {
  if (load.state === "ready" && load.order?.status === "placed") return "Thank you for your order";
  return "Your order";
}

/**
 * The confirmation page body: the order named in the address (order-details.tsx), read with
 * `GET orders/{id}/` and the order's token kept by the browser that placed it (tokens never travel in the
 * URL), or the orders this browser placed when it names none. `header` renders the page heading
 * (the page body's PageHeader), whose words follow what there is to show.
 */
export function OrderConfirmation({ search, header }: { search: string; header: (title: string) => ReactNode }) {
  const config = useOrderingConfig();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const orderId = new URLSearchParams(search).get("id") ?? "";

  // `quiet`: the page's own refresh of an active order, which does not busy the Refresh button.
  const fetchOrder = useCallback(async ({ quiet = false }: { quiet?: boolean } = {}) => {
    if (!config) return;
    const placed = readPlacedOrders(config.siteId);
    if (!orderId) {
      setLoad({ state: "unnamed", placed });
      return;
    }
    const ref = placed.find((entry) => entry.orderId === orderId);
    if (!ref) {
      setLoad({ state: "missing", message: "This order's details are kept only in the browser that placed it. Your receipt email has them too." });
      return;
    }
    if (!quiet) setLoad((current) => (current.state === "ready" ? { ...current, refreshing: true, error: null } : current));
    try {
      // The details' code comes with the order, so the heading is there to take focus when the order is.
      const [order] = await Promise.all([apiGet<OrderView>(`orders/${ref.orderId}/`, { token: ref.token }), OrderDetails.preload().catch(() => undefined)]);
      setLoad({ state: "ready", order, refreshing: false, error: null });
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      setLoad((current) => (current.state === "ready" ? { ...current, refreshing: false, error: message } : { state: "missing", message }));
    }
  }, [config, orderId]);

  // Effects run in the browser only: the order is read once the page has hydrated, in one render.
  useEffect(() => {
    void fetchOrder();
  }, [fetchOrder]);

  // While the kitchen has the order (received, being prepared, ready), it is read again every 20 seconds
  // as long as the page is shown, and at once when the visitor comes back to it; finished orders are not.
  const kitchenStatus = load.state === "ready" ? load.order.fulfillment_status : null;
  const following = kitchenStatus !== null && isActiveFulfillment(kitchenStatus);
  useEffect(() => {
    if (!following) return undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      timer = document.visibilityState === "hidden" ? undefined : setInterval(() => void fetchOrder({ quiet: true }), ORDER_STATUS_REFRESH_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") void fetchOrder({ quiet: true });
      start();
    };
    start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [following, fetchOrder]);

  useEffect(() => {
    if (load.state === "ready" && !load.refreshing) headingRef.current?.focus();
    // Focus moves to the heading once, when the order first appears, not on each refresh.
  }, [load.state]);

  if (!config) return <p className="container">This business does not take online orders.</p>;
  const title = confirmationTitle(load.state === "ready" ? { state: "ready", order: load.order } : load);
  if (load.state === "loading") {
    return (
      <>
        {header(title)}
        <BusyLine>Loading your order…</BusyLine>
      </>
    );
  }
  if (load.state === "unnamed") {
    return (
      <>
        {header(title)}
        <div className="container prose confirmation">
          <p>This page shows an order once it is placed, and its address names no order.</p>
          {load.placed.length > 0 ? (
            <>
              <p>Orders placed in this browser:</p>
              <ul className="confirmation__orders">
                {load.placed.map((entry) => (
                  <li key={entry.orderId}>
                    <Link to={`${ORDERING_PATHS.order}?id=${encodeURIComponent(entry.orderId)}`}>Order {entry.number}</Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>Placed an order? Its number and details are in your receipt email.</p>
          )}
          <p>
            <Link to={config.menuPath} className="button">
              Order from the menu
            </Link>
          </p>
        </div>
      </>
    );
  }
  if (load.state === "missing") {
    return (
      <>
        {header(title)}
        <div className="container prose">
          <p role="alert">{load.message}</p>
          <p>
            <Link to={config.menuPath}>Back to the menu</Link>
          </p>
        </div>
      </>
    );
  }
  return (
    <>
      {header(title)}
      <Suspense fallback={<BusyLine>Loading your order…</BusyLine>}>
        <OrderDetails config={config} order={load.order} refreshing={load.refreshing} error={load.error} onRefresh={() => void fetchOrder()} headingRef={headingRef} />
      </Suspense>
    </>
  );
}
