import React, { type Ref } from "react";
import { Link } from "gatsby";
import { ORDERING_PATHS } from "@mainstreet/rules/orders/order-paths";
import type { OrderView } from "@mainstreet/rules/api/order-api";
import { fulfillmentProgress } from "@mainstreet/rules/orders/fulfillment-status";
import { OrderLines } from "./order-lines";
import { useMoney } from "../hooks/use-money";
import { locationLabel } from "./location-label";
import type { OrderingConfig } from "./use-ordering-config";

const STATUS_TEXT: Record<OrderView["status"], string> = {
  placed: "Placed. We have your order.",
  checkout: "Payment authorised; the order is being placed.",
  open: "Not placed yet.",
};

interface OrderDetailsProps {
  config: OrderingConfig;
  order: OrderView;
  /** A Refresh status is under way. */
  refreshing: boolean;
  /** Why the last refresh failed; the order shown is the last one read. */
  error: string | null;
  onRefresh: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * A placed order as the confirmation page shows it: its number and status, the kitchen's progress, when it
 * will be ready, what was ordered, the totals the service computed, and pickup or delivery details. Loaded
 * only when there is an order to show (order-confirmation.tsx), alongside the call that reads it.
 */
export default function OrderDetails({ config, order, refreshing, error, onRefresh, headingRef }: OrderDetailsProps) {
  const formatMoney = useMoney();
  const money = (cents: number) => formatMoney(cents, order.currency);
  const location = config.locations.find((candidate) => candidate.locationId === order.merchant_location);
  const recipient = order.recipient;
  const attributes = order.attributes;
  // Written by the service, in the business's locale (order-api.ts promise_text): the page loads none of the
  // wall-clock and date formatting it takes.
  const promise = order.promise_text;
  const failure = order.status === "open" ? order.checkout?.failure_message : null;
  const progress = fulfillmentProgress(order);
  return (
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
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="actions">
        <button type="button" className="button button--outline" onClick={onRefresh} aria-busy={refreshing}>
          {refreshing ? "Refreshing…" : "Refresh status"}
        </button>
        <Link to={config.menuPath} className="button button--light">
          Back to the menu
        </Link>
      </p>
    </div>
  );
}
