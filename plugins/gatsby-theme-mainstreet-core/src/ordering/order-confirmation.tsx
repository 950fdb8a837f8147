import React, { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "gatsby";
import { ORDERING_PATHS } from "@mainstreet/rules/order-paths";
import type { PlacedOrderRef } from "@mainstreet/rules/cart-storage";
import type { OrderView } from "@mainstreet/rules/order-api";
import { promiseText } from "@mainstreet/rules/ready-times-format";
import { ORDER_STATUS_REFRESH_MS, fulfillmentProgress, isActiveFulfillment } from "@mainstreet/rules/fulfillment-status";
import { apiRequest } from "../runtime/api-client";
import { readPlacedOrders } from "./cart-store";
import { OrderLines } from "./order-lines";
import { useMoney } from "../components/use-money";
import { useOrderingConfig } from "./use-ordering-config";
import { locationLabel } from "./location-label";
import { useSiteFormats } from "../components/site-formats";
import "./ordering.css";

type Load =
  | { state: "loading" }
  | { state: "unnamed"; placed: PlacedOrderRef[] }
  | { state: "missing"; message: string }
  | { state: "ready"; order: OrderView; refreshing: boolean; error: string | null };

/** The page's heading for what it shows: thanks only once there is an order to thank for. */
export function confirmationTitle(load: Pick<Load, "state"> & { order?: Pick<OrderView, "status"> }): string {
  if (load.state === "ready" && load.order?.status === "placed") return "Thank you for your order";
  return "Your order";
}

/** The promise as the confirmation states it: the date written out, in the location's zone. */
export function confirmationPromise(order: Pick<OrderView, "fulfillment" | "promised_at" | "promised_until" | "scheduled_for" | "location_time_zone">, locale?: string): string | null {
  if (!order.promised_at || !order.location_time_zone || !order.fulfillment) return null;
  const text = promiseText({ method: order.fulfillment.method, readyAt: order.promised_at, until: order.promised_until, timeZone: order.location_time_zone, locale });
  return `${text}${order.scheduled_for ? "" : " (as soon as possible)"}`;
}

const STATUS_TEXT: Record<OrderView["status"], string> = {
  placed: "Placed. We have your order.",
  checkout: "Payment authorised; the order is being placed.",
  open: "Not placed yet.",
};

/**
 * The confirmation page body: order number, when it will be ready, what was ordered, the totals the
 * service computed, and pickup or delivery details, read with `GET orders/{id}/` and the order's token
 * kept by the browser that placed it (tokens never travel in the URL). `header` renders the page heading
 * (the page body's PageHeader), whose words follow what there is to show.
 */
export function OrderConfirmation({ search, header }: { search: string; header: (title: string) => ReactNode }) {
  const config = useOrderingConfig();
  const { locale } = useSiteFormats();
  const formatMoney = useMoney();
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
      const order = await apiRequest<OrderView>(`orders/${ref.orderId}/`, { token: ref.token });
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
        <p className="container" aria-busy="true">
          Loading your order…
        </p>
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
  const { order } = load;
  const money = (cents: number) => formatMoney(cents, order.currency);
  const location = config.locations.find((candidate) => candidate.locationId === order.merchant_location);
  const recipient = order.recipient;
  const attributes = order.attributes;
  const promise = confirmationPromise(order, locale);
  const failure = order.status === "open" ? order.checkout?.failure_message : null;
  const progress = fulfillmentProgress(order);
  return (
    <>
      {header(title)}
      <div className="container confirmation">
        <h2 ref={headingRef} tabIndex={-1} className="confirmation__number">
          Order {order.number}
        </h2>
        <p className="confirmation__status" role="status" data-status={order.status}>
          {STATUS_TEXT[order.status]}
          {order.customer && order.status === "placed" ? ` A receipt is on its way to ${order.customer.email}.` : ""}
        </p>
        {/* Polite: a change of the kitchen's status is read out when the visitor is not busy elsewhere. */}
        {progress ? (
          <p className="confirmation__progress" aria-live="polite" data-fulfillment-status={progress.status}>
            <strong>{progress.label}</strong>
            {progress.note ? ` ${progress.note}` : ""}
          </p>
        ) : null}
        {failure ? (
          <p className="form-error">
            {failure} <Link to={ORDERING_PATHS.checkout}>Go to checkout</Link>
          </p>
        ) : null}
        {promise ? (
          <p className="confirmation__promise" data-testid="confirmation-promise">
            {promise}
          </p>
        ) : null}
        <section aria-labelledby="confirmation-items">
          <h3 id="confirmation-items">What you ordered</h3>
          <OrderLines order={order} />
        </section>
        <section aria-labelledby="confirmation-totals">
          <h3 id="confirmation-totals">Totals</h3>
          <dl className="totals" data-testid="confirmation-totals">
            <div>
              <dt>Subtotal</dt>
              <dd data-testid="subtotal">{money(order.totals.subtotal_cents)}</dd>
            </div>
            <div>
              <dt>Tax</dt>
              <dd data-testid="tax">{money(order.totals.tax_cents)}</dd>
            </div>
            {order.totals.delivery_fee_cents > 0 ? (
              <div>
                <dt>Delivery fee</dt>
                <dd data-testid="delivery-fee">{money(order.totals.delivery_fee_cents)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Tip</dt>
              <dd data-testid="tip">{money(order.totals.tip_cents)}</dd>
            </div>
            <div className="totals__total">
              <dt>Total</dt>
              <dd data-testid="total">{money(order.totals.total_cents)}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="confirmation-fulfillment">
          <h3 id="confirmation-fulfillment">{order.fulfillment?.method === "delivery" ? "Delivery" : "Pickup"}</h3>
          {order.fulfillment?.method === "delivery" && recipient ? (
            <address>
              {recipient.first_name} {recipient.last_name}
              <br />
              {recipient.street_address}
              {recipient.extended_address ? `, ${recipient.extended_address}` : ""}
              <br />
              {recipient.locality}
              {recipient.administrative_area_level_1 ? `, ${recipient.administrative_area_level_1}` : ""} {recipient.postal_code}
            </address>
          ) : (
            <address>
              {location ? locationLabel(location) : order.location_name}
              {location ? (
                <>
                  <br />
                  {location.street}, {location.city}
                  {location.state ? `, ${location.state}` : ""} {location.zip}
                </>
              ) : null}
            </address>
          )}
          {attributes?.instructions ? <p>Instructions: “{attributes.instructions}”</p> : null}
        </section>
        {load.error ? (
          <p className="form-error" role="alert">
            {load.error}
          </p>
        ) : null}
        <p className="actions">
          <button type="button" className="button button--outline" onClick={() => void fetchOrder()} aria-busy={load.refreshing}>
            {load.refreshing ? "Refreshing…" : "Refresh status"}
          </button>
          <Link to={config.menuPath} className="button button--light">
            Back to the menu
          </Link>
        </p>
      </div>
    </>
  );
}
