import React, { useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { navigate } from "gatsby";
import {
  checkoutReducer,
  defaultTipChoice,
  emptyCheckoutForm,
  firstErrorField,
  reconcileReadyChoice,
  refusalToErrors,
  tipFromChoice,
  validateCheckoutForm,
  type CheckoutCall,
  type CheckoutField,
  type CheckoutForm,
  type FieldErrors,
  type ReadyTimeContext,
  type TipChoice,
} from "@mainstreet/rules/checkout";
import { CHECKOUT_ACTIONS, cartNotices, orderingEvent, type StoredCart } from "@mainstreet/rules/cart";
import { computeOrderTotals } from "@mainstreet/rules/pricing";
import { ORDERING_PATHS } from "@mainstreet/rules/order-paths";
import { promiseText } from "@mainstreet/rules/ready-times-format";
import { browserSessionStorage, createStore, siteStorageKey } from "@mainstreet/rules/storage";
import { tokenizeTestCard } from "@mainstreet/rules/test-card";
import type { PlaceAddress } from "@mainstreet/rules/address-search";
import { isApiError } from "../runtime/api-client";
import { track } from "../runtime/analytics";
import { acceptAdjustments, announce, clearCart, refreshCart } from "./cart-store";
import { rememberPlaced } from "./placed-orders";
import { locationLabel } from "./location-label";
import { FIELD_LABELS, FieldError, TextField, errorId, fieldId, type TextFieldKey } from "./checkout-fields";
import { PaymentSection, TipSection, TotalsSection } from "./checkout-sections";
import { runCheckout } from "./checkout-flow";
import { OrderLines } from "./order-lines";
import { ReadyTimePicker, type ReadyChoice } from "./ready-time-picker";
import { StreetAddressField } from "./street-address-field";
import { useReadyTimes, type ReadyTimesState } from "./use-ready-times";
import { useSiteFormats } from "../hooks/site-formats";
import { useMoney } from "../hooks/use-money";
import type { OrderingConfig, OrderingLocation } from "./use-ordering-config";
import "./ordering.css";

/** What the visitor typed (never the card, never a time that may be gone by a reload), kept for the tab's session. */
type SavedForm = Omit<CheckoutForm, "cardNumber" | "cardExpiry" | "cardCvc" | "when" | "scheduledFor">;
const sessionStore = createStore(browserSessionStorage);
const formKey = (siteId: string) => siteStorageKey(siteId, "checkout-form");

function readyContext(state: ReadyTimesState): ReadyTimeContext | null {
  return state.status === "ready" ? { timed: state.view.timed, asapAvailable: state.view.asap.available } : null;
}

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
 * (checkout-flow.ts). Errors appear next to their fields (and are announced); the cart is kept on every
 * failure; a second click while a run is under way does nothing.
 */
export default function CheckoutForm({ config, location, cart }: { config: OrderingConfig; location: OrderingLocation; cart: StoredCart }) {
  const options = { pickup: location.pickupEnabled, delivery: location.delivery.enabled };
  const [form, setForm] = useState<CheckoutForm>(() => {
    const saved = sessionStore.get<Partial<SavedForm> | null>(formKey(config.siteId), null, { now: Date.now() });
    const empty = emptyCheckoutForm({ fulfillment: options, country: location.country, tip: defaultTipChoice(config) });
    const merged = { ...empty, ...(saved ?? {}) };
    return options[merged.fulfillment] ? merged : { ...merged, fulfillment: empty.fulfillment };
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<string>("");
  const [state, dispatch] = useReducer(checkoutReducer, { phase: "editing", attempt: 0 });
  const running = useRef(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { state: times, reload: reloadTimes } = useReadyTimes(cart, form.fulfillment);
  const latestForm = useRef(form);
  latestForm.current = form;
  const order = cart.order;
  const currency = order.currency;
  const shipping = form.fulfillment === "delivery" && location.delivery.kind === "shipping";
  const { locale } = useSiteFormats();
  const money = useMoney();

  useEffect(() => {
    const { cardNumber: _n, cardExpiry: _e, cardCvc: _c, when: _w, scheduledFor: _s, ...keep } = form;
    sessionStore.set(formKey(config.siteId), keep);
  }, [form, config.siteId]);

  useEffect(() => {
    track(orderingEvent(CHECKOUT_ACTIONS.beginCheckout, location.locationId, cart.order.totals.subtotal_cents, currency));
    // Prices and availability may have changed since the cart was filled.
    refreshCart(config, location.locationId).catch(() => undefined);
    // Once per visit of the page, whatever later renders bring.
  }, []);

  // Each new reading of the times: keep the visitor's choice while it is offered, else offer the first time there is.
  const view = times.status === "ready" ? times.view : null;
  useEffect(() => {
    if (!view) return;
    const current = latestForm.current;
    const next = reconcileReadyChoice(current, view);
    if (next.when !== current.when || next.scheduledFor !== current.scheduledFor) setForm((previous) => ({ ...previous, when: next.when, scheduledFor: next.scheduledFor }));
    if (next.lost) {
      const message = "The time you chose is no longer available (it has just been booked, or it has passed): choose another time.";
      setErrors((previous) => ({ ...previous, scheduledFor: message }));
      announce(message);
    }
  }, [view]);

  const change = (field: TextFieldKey | "fulfillment", value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const chooseTime = (next: ReadyChoice) => {
    setForm((current) => ({ ...current, ...next }));
    setErrors((current) => ({ ...current, scheduledFor: undefined, when: undefined }));
  };
  // A chosen address suggestion fills the street, city, state and postal code at once.
  const fillAddress = (address: PlaceAddress) => {
    setForm((current) => ({
      ...current,
      street: address.street,
      city: address.city || current.city,
      state: address.state || current.state,
      postalCode: address.postalCode || current.postalCode,
    }));
    const abroad = address.country !== "" && address.country !== form.country;
    setErrors((current) => ({
      ...current,
      street: abroad ? `Street address: this address is in ${address.country}; ${locationLabel(location)} delivers in ${form.country} only` : undefined,
      city: undefined,
      state: undefined,
      postalCode: undefined,
    }));
  };
  const chooseTip = (tip: TipChoice) => {
    setForm((current) => ({ ...current, tip }));
    setErrors((current) => ({ ...current, tip: undefined, tipAmount: undefined }));
  };

  const tip = tipFromChoice(form.tip, form.instructions, { currency, locale });
  const deliveryFee = form.fulfillment === "delivery" ? location.delivery.feeCents : 0;
  const preview = computeOrderTotals({ subtotalCents: order.totals.subtotal_cents, taxRateBps: location.taxRateBps, tip: tip.ok ? tip.attributes : null, deliveryFeeCents: deliveryFee });
  const adjustments = cartNotices(order, { locationId: location.locationId, locationName: locationLabel(location), locale }).filter((notice) => notice.kind === "adjustment");
  const submitting = state.phase === "submitting";
  const promise = promiseLine(times, form, locale);

  const showErrors = (next: FieldErrors, message: string | null) => {
    setErrors(next);
    setFormError(message);
    const first = firstErrorField(next);
    const count = Object.values(next).filter(Boolean).length;
    if (first) {
      announce(`${count === 1 ? "1 field needs" : `${count} fields need`} attention: ${Object.keys(next).filter((key) => next[key as CheckoutField]).map((key) => FIELD_LABELS[key as CheckoutField]).join(", ")}.`);
      window.setTimeout(() => document.getElementById(fieldId(first))?.focus(), 0);
    } else if (message) {
      window.setTimeout(() => summaryRef.current?.focus(), 0);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A double click (or Enter pressed twice) while a run is under way starts nothing.
    if (running.current || state.phase !== "editing") return;
    const readyTimes = readyContext(times);
    const invalid = validateCheckoutForm(form, {
      now: Date.now(),
      zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      options,
      delivery: { minimumCents: location.delivery.minimumCents, subtotalCents: order.totals.subtotal_cents, currency },
      readyTimes,
      money: { currency, locale },
    });
    if (firstErrorField(invalid)) {
      showErrors(invalid, null);
      return;
    }
    const card = tokenizeTestCard({ number: form.cardNumber, expiry: form.cardExpiry, cvc: form.cardCvc }, Date.now());
    if (!card.ok) {
      showErrors(card.errors, null);
      return;
    }
    running.current = true;
    dispatch({ type: "submit" });
    setErrors({});
    setFormError(null);
    let step: CheckoutCall = "set_customer";
    try {
      const outcome = await runCheckout({ config, location, cart, form, token: card.token, readyTimes }, (call) => {
        step = call;
        setProgress(call === "start_checkout" || call === "close_checkout" ? "Placing your order…" : "Saving your details…");
      });
      if ("adjustments" in outcome) {
        dispatch({ type: "adjustments_found" });
        announce("Some prices or items changed since you added them. Review and accept the changes to continue.");
        window.setTimeout(() => summaryRef.current?.focus(), 0);
        return;
      }
      const placed = outcome.placed;
      rememberPlaced(config.siteId, { orderId: placed.order_uuid, token: cart.token, number: placed.order_number });
      track(orderingEvent(CHECKOUT_ACTIONS.placeOrder, placed.order_number, placed.totals.total_cents, currency));
      dispatch({ type: "placed" });
      clearCart(config.siteId, location.locationId);
      sessionStore.remove(formKey(config.siteId));
      await navigate(`${ORDERING_PATHS.order}?id=${encodeURIComponent(placed.order_uuid)}`);
    } catch (failure) {
      dispatch({ type: "failed" });
      if (isApiError(failure)) {
        const sorted = refusalToErrors(step, { status: failure.status, message: failure.message, body: failure.body });
        // A refused time: read the times again, so the picker offers what can still be promised.
        if (sorted.fields.scheduledFor) reloadTimes();
        showErrors(sorted.fields, sorted.form);
      } else {
        showErrors({}, failure instanceof Error ? failure.message : String(failure));
      }
    } finally {
      running.current = false;
      setProgress("");
    }
  };

  const accept = async () => {
    try {
      await acceptAdjustments(
        config,
        location.locationId,
        adjustments.map((notice) => (notice.kind === "adjustment" ? notice.adjustment.id : "")),
      );
      dispatch({ type: "adjustments_accepted" });
      announce("Changes accepted. Check the new total, then place your order.");
    } catch (failure) {
      // A newer proposal replaced the one shown: read the order again and show that one.
      await refreshCart(config, location.locationId).catch(() => undefined);
      setFormError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const presets = config.tipPercentages.filter((percent) => percent > 0);
  const errorCount = Object.values(errors).filter(Boolean).length;
  const text = (field: TextFieldKey) => form[field];

  return (
    <div className="container checkout">
      <form className="checkout__form" aria-label="Checkout" onSubmit={submit} noValidate aria-describedby={formError ? "checkout-form-error" : undefined}>
        <div ref={summaryRef} tabIndex={-1} className="checkout__messages">
          {errorCount > 0 ? (
            <div className="form-error" role="alert">
              <p>{errorCount === 1 ? "1 field needs attention:" : `${errorCount} fields need attention:`}</p>
              <ul>
                {(Object.keys(errors) as CheckoutField[])
                  .filter((field) => errors[field])
                  .map((field) => (
                    <li key={field}>
                      <a href={`#${fieldId(field)}`}>{FIELD_LABELS[field]}</a>
                    </li>
                  ))}
              </ul>
            </div>
          ) : null}
          {formError ? (
            <p id="checkout-form-error" className="form-error" role="alert">
              {formError}
            </p>
          ) : null}
        </div>

        <section className="checkout__section" aria-labelledby="checkout-order-heading">
          <h2 id="checkout-order-heading">Your order</h2>
          <p className="checkout__location">From {locationLabel(location)}</p>
          <OrderLines order={order} />
          {state.phase === "adjustments" || adjustments.length > 0 ? (
            <div className="adjustments" role="region" aria-labelledby="checkout-adjustments-heading">
              <h3 id="checkout-adjustments-heading">Changes since you added these items</h3>
              <ul>
                {adjustments.map((notice, index) => (
                  <li key={index}>{notice.message}</li>
                ))}
              </ul>
              <button type="button" className="button button--outline" onClick={() => void accept()}>
                Accept changes
              </button>
            </div>
          ) : null}
        </section>

        <section className="checkout__section" aria-labelledby="checkout-contact-heading">
          <h2 id="checkout-contact-heading">Your details</h2>
          <div className="field-row">
            <TextField field="firstName" value={text("firstName")} errors={errors} onChange={change} autoComplete="given-name" />
            <TextField field="lastName" value={text("lastName")} errors={errors} onChange={change} autoComplete="family-name" />
          </div>
          <TextField field="email" value={text("email")} errors={errors} onChange={change} autoComplete="email" type="email" inputMode="email" hint="For your receipt." />
          <TextField field="phone" value={text("phone")} errors={errors} onChange={change} autoComplete="tel" type="tel" inputMode="tel" hint="In case we have a question about your order." />
        </section>

        <section className="checkout__section" aria-labelledby="checkout-fulfillment-heading">
          <h2 id="checkout-fulfillment-heading">Pickup or delivery</h2>
          <fieldset className="choice-group" aria-describedby={errors.fulfillment ? errorId("fulfillment") : undefined}>
            <legend className="visually-hidden">Pickup or delivery</legend>
            {options.pickup ? (
              <label className="choice">
                <input id={fieldId("fulfillment")} type="radio" name="fulfillment" value="pickup" checked={form.fulfillment === "pickup"} onChange={() => change("fulfillment", "pickup")} />
                <span className="choice__name">
                  Pickup at {locationLabel(location)}, {location.street}, {location.city}
                </span>
              </label>
            ) : null}
            {options.delivery ? (
              <label className="choice">
                <input
                  id={options.pickup ? undefined : fieldId("fulfillment")}
                  type="radio"
                  name="fulfillment"
                  value="delivery"
                  checked={form.fulfillment === "delivery"}
                  onChange={() => change("fulfillment", "delivery")}
                />
                <span className="choice__name">{location.delivery.kind === "shipping" ? "Shipping" : "Delivery"}</span>
                <span className="choice__price">
                  {location.delivery.feeCents > 0 ? `+${money(location.delivery.feeCents, currency)}` : "Free"}
                  {location.delivery.minimumCents > 0 ? `, ${money(location.delivery.minimumCents, currency)} minimum` : ""}
                </span>
              </label>
            ) : null}
            <FieldError field="fulfillment" errors={errors} />
          </fieldset>
          {form.fulfillment === "delivery" ? (
            <div className="checkout__address">
              <StreetAddressField value={form.street} error={errors.street} onType={(value) => change("street", value)} onPlace={fillAddress} />
              <TextField field="unit" value={text("unit")} errors={errors} onChange={change} autoComplete="address-line2" required={false} />
              <div className="field-row">
                <TextField field="city" value={text("city")} errors={errors} onChange={change} autoComplete="address-level2" />
                <TextField field="state" value={text("state")} errors={errors} onChange={change} autoComplete="address-level1" required={false} />
              </div>
              <TextField field="postalCode" value={text("postalCode")} errors={errors} onChange={change} autoComplete="postal-code" inputMode={form.country === "US" ? "numeric" : "text"} />
              <p className="field__hint">
                Delivering to {form.country}. {location.delivery.postalCodes.length > 0 ? `Delivery area: postal codes starting ${location.delivery.postalCodes.join(", ")}.` : ""}
              </p>
            </div>
          ) : null}
          {shipping ? null : <ReadyTimePicker state={times} location={location} locationName={locationLabel(location)} choice={form} errors={errors} onChoose={chooseTime} onRetry={reloadTimes} />}
        </section>

        <TipSection form={form} errors={errors} presets={presets} subtotalCents={order.totals.subtotal_cents} currency={currency} onChoose={chooseTip} />

        <section className="checkout__section" aria-labelledby="checkout-instructions-heading">
          <h2 id="checkout-instructions-heading">Instructions</h2>
          <div className={errors.instructions ? "field has-error" : "field"}>
            <label htmlFor={fieldId("instructions")}>Order instructions (optional)</label>
            <textarea
              id={fieldId("instructions")}
              name="instructions"
              rows={3}
              maxLength={1000}
              aria-invalid={errors.instructions ? true : undefined}
              aria-describedby={errors.instructions ? errorId("instructions") : undefined}
              value={form.instructions}
              onChange={(event) => change("instructions", event.target.value)}
            />
            <FieldError field="instructions" errors={errors} />
          </div>
        </section>

        <PaymentSection form={form} errors={errors} onChange={change} />

        <TotalsSection
          preview={preview}
          currency={currency}
          delivery={form.fulfillment === "delivery" ? (location.delivery.kind === "shipping" ? "Shipping" : "Delivery fee") : null}
          promise={promise}
          promisePending={!shipping && times.status === "loading"}
          progress={progress}
          submitting={submitting}
          blocked={state.phase === "adjustments"}
        />
      </form>
    </div>
  );
}
