import React, { useRef } from "react";
import { adjustmentNotices, type StoredCart } from "@mainstreet/rules/orders/cart";
import { tipChoiceOf, tipFromChoice } from "@mainstreet/rules/orders/checkout";
import { computeOrderTotals } from "@mainstreet/rules/orders/pricing";
import { deliveryMinimumNote } from "@mainstreet/rules/orders/delivery-minimum";
import { promiseText } from "@mainstreet/rules/orders/ready-times-format";
import { useSiteFormats } from "../hooks/site-formats";
import { AddressFields, CheckoutMessages, ContactSection, InstructionsSection, OrderSection, PaymentSection, TipSection, TotalsSection } from "./checkout-sections";
import { FulfillmentSection } from "./fulfillment-section";
import { locationLabel } from "./location-label";
import { StreetAddressField } from "./street-address-field";
import { useCheckoutForm } from "./use-checkout-form";
import { preparePlacing, usePlaceOrder } from "./use-place-order";
import type { ReadyChoice, ReadyTimesState } from "./use-ready-times";
import type { OrderingConfig, OrderingLocation } from "./use-ordering-config";
import "./ordering.css";

/** The promise for the summary: what was chosen, on the location's wall clock; null while unknown or untimed. */
function promiseLine(state: ReadyTimesState, choice: ReadyChoice, locale: string): string | null {
  if (state.status !== "ready" || !state.view.timed) return null;
  const { view } = state;
  const now = Date.now();
  if (choice.when === "asap") {
    if (!view.asap.available || !view.asap.promised_at) return null;
    return `${promiseText({ method: view.method, readyAt: view.asap.promised_at, until: view.asap.promised_until, timeZone: view.time_zone, now, locale })} (as soon as possible)`;
  }
  if (!choice.scheduledFor) return null;
  const until = view.delivery_window_minutes && view.method === "delivery" ? new Date(Date.parse(choice.scheduledFor) + view.delivery_window_minutes * 60_000).toISOString() : null;
  return promiseText({ method: view.method, readyAt: choice.scheduledFor, until, timeZone: view.time_zone, now, locale });
}

/**
 * The checkout form for a cart that has lines: the order, the customer, pickup or delivery and when, tip,
 * instructions, the test card, the totals, and one Place order button that makes the calls in order
 * (use-place-order.ts). Its fields are form-kit's, its state a form-kit store moved by the checkout's
 * rules (rules/orders/checkout.ts); errors appear next to their fields and are announced; the cart is kept on
 * every failure.
 */
export default function CheckoutForm({ config, location, cart }: { config: OrderingConfig; location: OrderingLocation; cart: StoredCart }) {
  const model = useCheckoutForm(config, location, cart);
  const { form, fields, times } = model;
  const { values, status } = form.state;
  const summary = useRef<HTMLDivElement>(null);
  const { locale } = useSiteFormats();
  const order = cart.order;
  const currency = order.currency;
  const from = locationLabel(location);
  const adjustments = adjustmentNotices(order);
  const place = usePlaceOrder({
    config,
    location,
    cart,
    form,
    readyTimes: model.readyTimes,
    reloadTimes: model.reloadTimes,
    locale,
    summary,
    adjustmentIds: adjustments.map((notice) => notice.adjustment.id),
  });
  const delivery = values.fulfillment === "delivery";
  const tip = tipFromChoice(tipChoiceOf(values), values.instructions, { currency, locale });
  const preview = computeOrderTotals({ subtotalCents: order.totals.subtotal_cents, taxRateBps: location.taxRateBps, tip: tip.ok ? tip.attributes : null, deliveryFeeCents: delivery ? location.delivery.feeCents : 0 });
  const short = delivery ? deliveryMinimumNote(order.totals.subtotal_cents, location.delivery.minimumCents, { currency, locale }, location.delivery.kind === "shipping") : null;
  const message = (status === "failed" || status === "held") && form.state.message ? form.state.message : null;

  return (
    <div className="container checkout">
      <form className="checkout__form" aria-label="Checkout" onSubmit={place.submit} onFocus={preparePlacing} noValidate aria-describedby={message ? "checkout-form-error" : undefined}>
        <CheckoutMessages form={form} message={message} summary={summary} />
        <OrderSection order={order} from={from} adjustments={adjustments.map((notice) => notice.message)} showAdjustments={status === "held" || adjustments.length > 0} onAccept={() => void place.accept()} />
        <ContactSection form={form} required={fields.required} />
        <FulfillmentSection model={model} location={location} currency={currency}>
          {fields.shown.includes("street") ? (
            <AddressFields
              form={form}
              required={fields.required}
              postalCodes={location.delivery.postalCodes}
              street={<StreetAddressField value={values.street} error={form.state.errors.street} onType={(value) => form.setValue("street", value)} onPlace={model.fillAddress} />}
            />
          ) : null}
        </FulfillmentSection>
        <TipSection form={form} required={fields.required} presets={config.tipPercentages.filter((percent) => percent > 0)} subtotalCents={order.totals.subtotal_cents} currency={currency} onChoose={model.chooseTip} />
        <InstructionsSection form={form} required={fields.required} />
        <PaymentSection form={form} required={fields.required} />
        <TotalsSection
          preview={preview}
          currency={currency}
          delivery={delivery ? (location.delivery.kind === "shipping" ? "Shipping" : "Delivery fee") : null}
          promise={promiseLine(times, values, locale)}
          promisePending={!model.shipping && times.status === "loading"}
          progress={place.progress}
          submitting={status === "submitting"}
          blocked={status === "held"}
          reason={short}
        />
      </form>
    </div>
  );
}
