import React, { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "gatsby";
import { lineDescription } from "@mainstreet/rules/cart";
import { formatCents } from "@mainstreet/rules/money";
import type { OrderView } from "@mainstreet/rules/order-api";
import { apiRequest } from "../runtime/api-client";
import { useMounted } from "../hooks/use-mounted";
import { readPlacedOrders } from "./cart-store";
import { locationLabel } from "./cart-drawer";
import { useOrderingConfig } from "./use-ordering-config";
import { useSiteFormats } from "../components/site-formats";
import "./ordering.css";

type Load = { state: "loading" } | { state: "missing"; message: string } | { state: "ready"; order: OrderView; refreshing: boolean; error: string | null };

const STATUS_TEXT: Record<OrderView["status"], string> = {
  placed: "Placed. We have your order.",
  checkout: "Payment authorised; the order is being placed.",
  open: "Not placed yet.",
};

/**
 * The confirmation page body: order number, what was ordered, the totals the service computed, and
 * pickup or delivery details, read with `GET orders/{id}/` and the order's token kept by the browser
 * that placed it (tokens never travel in the URL).
 */
export function OrderConfirmation({ search }: { search: string }) {
  const mounted = useMounted();
  const config = useOrderingConfig();
  const { locale } = useSiteFormats();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const orderId = new URLSearchParams(search).get("id") ?? "";

  const fetchOrder = useCallback(async () => {
    if (!config) return;
    const ref = readPlacedOrders(config.siteId).find((entry) => entry.orderId === orderId);
    if (!orderId || !ref) {
      setLoad({ state: "missing", message: orderId ? "This order's details are kept only in the browser that placed it. Your receipt email has them too." : "No order was named in the address of this page." });
      return;
    }
    setLoad((current) => (current.state === "ready" ? { ...current, refreshing: true, error: null } : current));
    try {
      const order = await apiRequest<OrderView>(`orders/${ref.orderId}/`, { token: ref.token });
      setLoad({ state: "ready", order, refreshing: false, error: null });
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      setLoad((current) => (current.state === "ready" ? { ...current, refreshing: false, error: message } : { state: "missing", message }));
    }
  }, [config, orderId]);

  useEffect(() => {
    if (mounted) void fetchOrder();
  }, [mounted, fetchOrder]);

  useEffect(() => {
    if (load.state === "ready" && !load.refreshing) headingRef.current?.focus();
    // Focus moves to the heading once, when the order first appears, not on each refresh.
  }, [load.state]);

  if (!config) return <p className="container">This business does not take online orders.</p>;
  if (load.state === "loading") return <p className="container" aria-busy="true">Loading your order…</p>;
  if (load.state === "missing") {
    return (
      <div className="container prose">
        <p role="alert">{load.message}</p>
        <p>
          <Link to={config.menuPath}>Back to the menu</Link>
        </p>
      </div>
    );
  }
  const { order } = load;
  const money = (cents: number) => formatCents(cents, { currency: order.currency, locale, alwaysShowCents: true });
  const location = config.locations.find((candidate) => candidate.locationId === order.merchant_location);
  const recipient = order.recipient;
  const attributes = order.attributes;
  return (
    <div className="container confirmation">
      <h2 ref={headingRef} tabIndex={-1} className="confirmation__number">
        Order {order.number}
      </h2>
      <p className="confirmation__status" role="status" data-status={order.status}>
        {STATUS_TEXT[order.status]}
        {order.customer ? ` A receipt is on its way to ${order.customer.email}.` : ""}
      </p>
      <section aria-labelledby="confirmation-items">
        <h3 id="confirmation-items">What you ordered</h3>
        <ul className="cart-lines cart-lines--summary">
          {order.line_items.map((line) => (
            <li key={line.id} className="cart-line">
              <div className="cart-line__text">
                <p className="cart-line__name">
                  {line.quantity} × {line.name}
                </p>
                {lineDescription(line) ? <p className="cart-line__details">{lineDescription(line)}</p> : null}
                {line.special_instructions ? <p className="cart-line__details">“{line.special_instructions}”</p> : null}
              </div>
              <p className="cart-line__price">{money(line.total_price_cents)}</p>
            </li>
          ))}
        </ul>
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
  );
}
