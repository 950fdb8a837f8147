import React, { useEffect, useReducer, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { Link, navigate } from "gatsby";
import {
  checkoutCalls,
  checkoutReducer,
  defaultTipChoice,
  emptyCheckoutForm,
  firstErrorField,
  refusalToErrors,
  tipFromChoice,
  validateCheckoutForm,
  type CheckoutCall,
  type CheckoutField,
  type CheckoutForm,
  type FieldErrors,
  type TipChoice,
} from "@mainstreet/rules/checkout";
import { CHECKOUT_ACTIONS, cartNotices, lineDescription, orderingEvent, storedCart, type StoredCart } from "@mainstreet/rules/cart";
import { computeOrderTotals } from "@mainstreet/rules/pricing";
import { ORDERING_PATHS } from "@mainstreet/rules/order-paths";
import type { CheckoutView, OrderView } from "@mainstreet/rules/order-api";
import { browserSessionStorage, createStore, siteStorageKey } from "@mainstreet/rules/storage";
import { TEST_CARDS, TEST_PROVIDER_ID, formatCardNumber, tokenizeTestCard } from "@mainstreet/rules/test-card";
import { ApiError, apiRequest } from "../runtime/api-client";
import { BOT_ACTIONS, getBotProof } from "../runtime/bot-protection";
import { track } from "../runtime/analytics";
import { useMounted } from "../hooks/use-mounted";
import { acceptAdjustments, announce, clearCart, refreshCart, rememberPlaced, saveCart, useCart, useOrderingLocation } from "./cart-store";
import { locationLabel } from "./cart-drawer";
import { useSiteFormats } from "../components/site-formats";
import { useMoney } from "../components/use-money";
import { useOrderingConfig, type OrderingConfig, type OrderingLocation } from "./use-ordering-config";
import "./ordering.css";

const FIELD_LABELS: Record<CheckoutField, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  fulfillment: "Pickup or delivery",
  street: "Street address",
  unit: "Apartment, suite or unit",
  city: "City",
  state: "State",
  postalCode: "Postal code",
  country: "Country",
  tip: "Tip",
  tipAmount: "Tip amount",
  instructions: "Order instructions",
  cardNumber: "Card number",
  cardExpiry: "Expiry date",
  cardCvc: "Security code",
};

/** Stable ids so an error summary and a failed call can move focus to the field concerned. */
export const fieldId = (field: CheckoutField) => `checkout-${field}`;
const errorId = (field: CheckoutField) => `checkout-${field}-error`;

/** What the visitor typed (never the card), kept for the tab's session so a reload asks nothing twice. */
type SavedForm = Omit<CheckoutForm, "cardNumber" | "cardExpiry" | "cardCvc">;
const sessionStore = createStore(browserSessionStorage);
const formKey = (siteId: string) => siteStorageKey(siteId, "checkout-form");

interface TextFieldProps {
  field: CheckoutField;
  form: CheckoutForm;
  errors: FieldErrors;
  onChange: (field: keyof CheckoutForm, value: string) => void;
  autoComplete: string;
  type?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal";
  required?: boolean;
  hint?: ReactNode;
  format?: (value: string) => string;
}

function TextField({ field, form, errors, onChange, autoComplete, type = "text", inputMode, required = true, hint, format }: TextFieldProps) {
  const hintId = `${fieldId(field)}-hint`;
  const error = errors[field];
  const key = field as keyof CheckoutForm;
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor={fieldId(field)}>
        {FIELD_LABELS[field]}
        {required ? "" : " (optional)"}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={fieldId(field)}
        name={field}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        required={required}
        aria-required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? hintId : "", error ? errorId(field) : ""].filter(Boolean).join(" ") || undefined}
        value={form[key] as string}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(key, format ? format(event.target.value) : event.target.value)}
      />
      {error ? (
        <p id={errorId(field)} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function FieldError({ field, errors }: { field: CheckoutField; errors: FieldErrors }) {
  const error = errors[field];
  return error ? (
    <p id={errorId(field)} className="field-error">
      {error}
    </p>
  ) : null;
}

function OrderSummary({ order }: { order: OrderView }) {
  const money = useMoney();
  return (
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
          <p className="cart-line__price">{money(line.total_price_cents, order.currency)}</p>
        </li>
      ))}
    </ul>
  );
}

interface RunContext {
  config: OrderingConfig;
  location: OrderingLocation;
  cart: StoredCart;
  form: CheckoutForm;
  token: string;
}

/** The calls of SPEC §4 "Order flow" from where the order stands; every answer is saved as the cart. */
async function runCheckout(ctx: RunContext, onStep: (call: CheckoutCall) => void): Promise<{ placed: CheckoutView } | { adjustments: OrderView }> {
  const { config, location, form } = ctx;
  let cart = ctx.cart;
  const save = (order: OrderView) => {
    cart = storedCart(order, cart.token, location.locationId);
    saveCart(config.siteId, cart);
  };
  const orderCall = async (path: string, method: "GET" | "PUT", body?: unknown) => {
    const order = await apiRequest<OrderView>(`orders/${cart.orderId}/${path}`, { method, body, token: cart.token });
    save(order);
    return order;
  };
  let checkoutId = cart.order.checkout?.id ?? null;
  for (const call of checkoutCalls({ fulfillment: form.fulfillment, orderStatus: cart.order.status })) {
    onStep(call);
    switch (call) {
      case "validate_address":
        await apiRequest("fulfillments/address-validation/", {
          method: "POST",
          body: {
            country: form.country,
            state: form.state.trim(),
            city: form.city.trim(),
            postal_code: form.postalCode.trim(),
            line1: form.street.trim(),
            line2: form.unit.trim(),
            merchant_product: config.merchantProduct,
            merchant_location: location.locationId,
            fulfillment_type: "delivery",
            fulfillment_provider: "merchant",
          },
        });
        break;
      case "set_customer":
        await orderCall("customers/", "PUT", { first_name: form.firstName.trim(), last_name: form.lastName.trim(), email: form.email.trim(), phone: form.phone.trim() });
        break;
      case "set_recipient":
        // The recipient is the customer: their name is not asked twice (WCAG 3.3.7).
        await orderCall("recipient/", "PUT", {
          first_name: form.firstName.trim(),
          last_name: form.lastName.trim(),
          street_address: form.street.trim(),
          extended_address: form.unit.trim(),
          locality: form.city.trim(),
          administrative_area_level_1: form.state.trim(),
          postal_code: form.postalCode.trim(),
          country: form.country,
        });
        break;
      case "set_fulfillment":
        await orderCall("fulfillments/", "PUT", { method: form.fulfillment });
        break;
      case "set_attributes": {
        const tip = tipFromChoice(form.tip, form.instructions, { currency: cart.order.currency });
        if (!tip.ok) throw new ApiError(tip.message, 422, { detail: [{ path: "body.tip", message: tip.message }] });
        await orderCall("attributes/", "PUT", tip.attributes);
        break;
      }
      case "set_payment_source":
        await orderCall("payment-source/", "PUT", { token: ctx.token, provider_id: TEST_PROVIDER_ID, default: false });
        break;
      case "read_adjustments": {
        const order = await orderCall("", "GET");
        if (order.adjustments.length > 0) return { adjustments: order };
        break;
      }
      case "start_checkout": {
        try {
          const checkout = await apiRequest<CheckoutView>("checkouts/", { method: "POST", body: { order_uuid: cart.orderId }, token: cart.token, botProof: await getBotProof(BOT_ACTIONS.startCheckout) });
          checkoutId = checkout.id;
          save({ ...cart.order, status: checkout.order_status, checkout: { id: checkout.id, status: checkout.status, payment_status: null, failure_message: null } });
        } catch (error) {
          // The catalog changed between the read above and this call: show what changed.
          if (error instanceof ApiError && error.status === 409) {
            const order = await orderCall("", "GET");
            if (order.adjustments.length > 0) return { adjustments: order };
          }
          throw error;
        }
        break;
      }
      case "close_checkout": {
        if (!checkoutId) throw new ApiError("The checkout could not be found; place the order again.", 409, undefined);
        const closed = await apiRequest<CheckoutView>(`checkouts/${checkoutId}/close/`, { method: "POST", token: cart.token, botProof: await getBotProof(BOT_ACTIONS.closeCheckout) });
        return { placed: closed };
      }
    }
  }
  const order = await orderCall("", "GET");
  if (order.status === "placed" && order.checkout) {
    return {
      placed: {
        id: order.checkout.id,
        order_uuid: order.id,
        order_number: order.number,
        status: "closed",
        order_status: "placed",
        currency: order.currency,
        totals: order.totals,
        payment: null,
        location_time_zone: order.location_time_zone,
        promised_at: order.promised_at,
        promised_until: order.promised_until,
        placed_at: order.placed_at,
      },
    };
  }
  throw new ApiError("The order could not be placed; please try again.", 409, undefined);
}

/**
 * The checkout page body: the order, the customer, pickup or delivery, tip, instructions, the test
 * card, the totals, and one Place order button that makes the calls in order. Errors appear next to
 * their fields (and are announced); the cart is kept on every failure; a second click while a run is
 * under way does nothing.
 */
export function CheckoutPage() {
  const mounted = useMounted();
  const config = useOrderingConfig();
  const [location] = useOrderingLocation(config);
  const cart = useCart(config?.siteId, location?.locationId);
  if (!config) return <p className="container">This business does not take online orders.</p>;
  if (!mounted || !location) return <p className="container" aria-busy="true">Loading your cart…</p>;
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
  return <CheckoutForm_ config={config} location={location} cart={cart} />;
}

function CheckoutForm_({ config, location, cart }: { config: OrderingConfig; location: OrderingLocation; cart: StoredCart }) {
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
  const order = cart.order;
  const currency = order.currency;
  const { locale } = useSiteFormats();
  const money = useMoney();

  useEffect(() => {
    const { cardNumber: _n, cardExpiry: _e, cardCvc: _c, ...keep } = form;
    sessionStore.set(formKey(config.siteId), keep);
  }, [form, config.siteId]);

  useEffect(() => {
    track(orderingEvent(CHECKOUT_ACTIONS.beginCheckout, location.locationId, cart.order.totals.subtotal_cents, currency));
    // Prices and availability may have changed since the cart was filled.
    refreshCart(config, location.locationId).catch(() => undefined);
    // Once per visit of the page, whatever later renders bring.
  }, []);

  const change = (field: keyof CheckoutForm, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field as CheckoutField]) setErrors((current) => ({ ...current, [field]: undefined }));
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
    const invalid = validateCheckoutForm(form, {
      now: Date.now(),
      zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      options,
      delivery: { minimumCents: location.delivery.minimumCents, subtotalCents: order.totals.subtotal_cents, currency },
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
      const outcome = await runCheckout({ config, location, cart, form, token: card.token }, (call) => {
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
      if (failure instanceof ApiError) {
        const sorted = refusalToErrors(step, { status: failure.status, message: failure.message, body: failure.body });
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
          <OrderSummary order={order} />
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
            <TextField field="firstName" form={form} errors={errors} onChange={change} autoComplete="given-name" />
            <TextField field="lastName" form={form} errors={errors} onChange={change} autoComplete="family-name" />
          </div>
          <TextField field="email" form={form} errors={errors} onChange={change} autoComplete="email" type="email" inputMode="email" hint="For your receipt." />
          <TextField field="phone" form={form} errors={errors} onChange={change} autoComplete="tel" type="tel" inputMode="tel" hint="In case we have a question about your order." />
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
              <TextField field="street" form={form} errors={errors} onChange={change} autoComplete="address-line1" />
              <TextField field="unit" form={form} errors={errors} onChange={change} autoComplete="address-line2" required={false} />
              <div className="field-row">
                <TextField field="city" form={form} errors={errors} onChange={change} autoComplete="address-level2" />
                <TextField field="state" form={form} errors={errors} onChange={change} autoComplete="address-level1" required={false} />
              </div>
              <TextField field="postalCode" form={form} errors={errors} onChange={change} autoComplete="postal-code" inputMode={form.country === "US" ? "numeric" : "text"} />
              <p className="field__hint">
                Delivering to {form.country}. {location.delivery.postalCodes.length > 0 ? `Delivery area: postal codes starting ${location.delivery.postalCodes.join(", ")}.` : ""}
              </p>
            </div>
          ) : null}
        </section>

        <section className="checkout__section" aria-labelledby="checkout-tip-heading">
          <h2 id="checkout-tip-heading">Tip</h2>
          <fieldset className="choice-group choice-group--inline" aria-describedby={errors.tip ? errorId("tip") : undefined}>
            <legend className="visually-hidden">Tip</legend>
            {presets.map((percent, index) => (
              <label key={percent} className="choice choice--pill">
                <input
                  id={index === 0 ? fieldId("tip") : undefined}
                  type="radio"
                  name="tip"
                  value={`percent-${percent}`}
                  checked={form.tip.kind === "percent" && form.tip.percent === percent}
                  onChange={() => chooseTip({ kind: "percent", percent })}
                />
                <span>
                  {percent}% <span className="choice__price">({money(computeOrderTotals({ subtotalCents: order.totals.subtotal_cents, taxRateBps: 0, tip: { tip_percentage: percent, instructions: "" } }).tipCents, currency)})</span>
                </span>
              </label>
            ))}
            <label className="choice choice--pill">
              <input
                id={presets.length === 0 ? fieldId("tip") : undefined}
                type="radio"
                name="tip"
                value="custom"
                checked={form.tip.kind === "custom"}
                onChange={() => chooseTip({ kind: "custom", amount: form.tip.kind === "custom" ? form.tip.amount : "" })}
              />
              <span>Custom amount</span>
            </label>
            <label className="choice choice--pill">
              <input type="radio" name="tip" value="none" checked={form.tip.kind === "none"} onChange={() => chooseTip({ kind: "none" })} />
              <span>No tip</span>
            </label>
            <FieldError field="tip" errors={errors} />
          </fieldset>
          {form.tip.kind === "custom" ? (
            <div className={errors.tipAmount ? "field has-error" : "field"}>
              <label htmlFor={fieldId("tipAmount")}>Tip amount ({currency})</label>
              <input
                id={fieldId("tipAmount")}
                name="tipAmount"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={errors.tipAmount ? true : undefined}
                aria-describedby={errors.tipAmount ? errorId("tipAmount") : undefined}
                value={form.tip.amount}
                onChange={(event) => chooseTip({ kind: "custom", amount: event.target.value })}
              />
              <FieldError field="tipAmount" errors={errors} />
            </div>
          ) : null}
        </section>

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

        <section className="checkout__section" aria-labelledby="checkout-payment-heading">
          <h2 id="checkout-payment-heading">Payment</h2>
          <div className="test-mode" id="checkout-test-cards">
            <p>
              <strong>Test mode.</strong> This store takes payments through the test processor: no money moves and no real card is accepted. The card form turns a test card into a
              payment token (the only thing sent to the store); the token decides the outcome.
            </p>
            <table className="test-mode__cards">
              <caption className="visually-hidden">Test cards</caption>
              <thead>
                <tr>
                  <th scope="col">Card number</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {TEST_CARDS.map((card) => (
                  <tr key={card.number}>
                    <td>{formatCardNumber(card.number)}</td>
                    <td>
                      {card.outcome} <code>{card.token}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>Any future expiry date and any 3-digit security code work.</p>
          </div>
          <TextField field="cardNumber" form={form} errors={errors} onChange={change} autoComplete="cc-number" inputMode="numeric" format={formatCardNumber} />
          <div className="field-row">
            <TextField field="cardExpiry" form={form} errors={errors} onChange={change} autoComplete="cc-exp" inputMode="numeric" hint="MM/YY" />
            <TextField field="cardCvc" form={form} errors={errors} onChange={change} autoComplete="cc-csc" inputMode="numeric" />
          </div>
        </section>

        <section className="checkout__section" aria-labelledby="checkout-total-heading">
          <h2 id="checkout-total-heading">Total</h2>
          <dl className="totals">
            <div>
              <dt>Subtotal</dt>
              <dd>{money(preview.subtotalCents, currency)}</dd>
            </div>
            <div>
              <dt>Tax</dt>
              <dd>{money(preview.taxCents, currency)}</dd>
            </div>
            {form.fulfillment === "delivery" ? (
              <div>
                <dt>{location.delivery.kind === "shipping" ? "Shipping" : "Delivery fee"}</dt>
                <dd>{money(preview.deliveryFeeCents, currency)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Tip</dt>
              <dd>{money(preview.tipCents, currency)}</dd>
            </div>
            <div className="totals__total">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{money(preview.totalCents, currency)}</dd>
            </div>
          </dl>
          <p className="sr-status visually-hidden" role="status">
            {progress}
          </p>
          <button type="submit" className="button checkout__place" aria-disabled={submitting || state.phase === "adjustments"} aria-describedby={state.phase === "adjustments" ? "checkout-adjustments-heading" : undefined}>
            {submitting ? progress || "Placing your order…" : `Place order · ${money(preview.totalCents, currency)}`}
          </button>
        </section>
      </form>
    </div>
  );
}
