import React, { type ReactNode, type RefObject } from "react";
import { CHECKOUT_LABELS, type CheckoutField, type CheckoutForm, type TipValue } from "@mainstreet/rules/orders/checkout";
import type { OrderView } from "@mainstreet/rules/api/order-api";
import { computeOrderTotals, type OrderTotals } from "@mainstreet/rules/orders/pricing";
import { SUGGESTED_TEST_CARD, formatCardExpiry, formatCardNumber } from "@mainstreet/rules/orders/test-card";
import { ErrorNote, ErrorSummary, TextField, type FormFields, type TextFieldProps } from "../forms/form-fields";
import { useMoney } from "../hooks/use-money";
import { checkoutFieldId } from "./use-checkout-form";
import { OrderLines } from "./order-lines";

type CheckoutFields = FormFields<CheckoutForm>;

/** A checkout text field: its label from the rules, "(optional)" unless the rules require it, the hint above. */
function CheckoutText({ form, name, required, ...rest }: Omit<TextFieldProps<CheckoutForm>, "label" | "optional" | "form"> & { form: CheckoutFields; required: readonly CheckoutField[]; label?: ReactNode }) {
  return <TextField form={form} name={name} label={CHECKOUT_LABELS[name]} optional={!required.includes(name)} hintAbove {...rest} />;
}

/** A group's error (pickup or delivery, the tip), tied to the group by its id. */
export function GroupError({ form, field }: { form: CheckoutFields; field: CheckoutField }) {
  return <ErrorNote id={`${checkoutFieldId(field)}-error`} error={form.state.errors[field]} />;
}

export const groupDescribedBy = (form: CheckoutFields, field: CheckoutField) => (form.state.errors[field] ? `${checkoutFieldId(field)}-error` : undefined);

/** One of the checkout's sections, labelled by its heading. */
export function CheckoutSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="checkout__section" aria-labelledby={`checkout-${id}-heading`}>
      <h2 id={`checkout-${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/** The fields to fix, as links, and the message of a refusal that names no field. */
export function CheckoutMessages({ form, message, summary }: { form: CheckoutFields; message: string | null; summary: RefObject<HTMLDivElement> }) {
  return (
    <div ref={summary} tabIndex={-1} className="checkout__messages">
      <ErrorSummary form={form} labels={CHECKOUT_LABELS} />
      {message ? (
        <p id="checkout-form-error" className="form-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The order's lines, and the changes since they were added, to accept before placing it. */
export function OrderSection({ order, from, adjustments, showAdjustments, onAccept }: { order: OrderView; from: string; adjustments: string[]; showAdjustments: boolean; onAccept(): void }) {
  return (
    <CheckoutSection id="order" title="Your order">
      <p className="checkout__location">From {from}</p>
      <OrderLines order={order} />
      {showAdjustments ? (
        <div className="adjustments" role="region" aria-labelledby="checkout-adjustments-heading">
          <h3 id="checkout-adjustments-heading">Changes since you added these items</h3>
          <ul>
            {adjustments.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
          <button type="button" className="button button--outline" onClick={onAccept}>
            Accept changes
          </button>
        </div>
      ) : null}
    </CheckoutSection>
  );
}

export function ContactSection({ form, required }: { form: CheckoutFields; required: readonly CheckoutField[] }) {
  return (
    <CheckoutSection id="contact" title="Your details">
      <div className="site-form__row site-form__row--fit">
        <CheckoutText form={form} required={required} name="firstName" autoComplete="given-name" />
        <CheckoutText form={form} required={required} name="lastName" autoComplete="family-name" />
      </div>
      <CheckoutText form={form} required={required} name="email" autoComplete="email" type="email" inputMode="email" hint="For your receipt." />
      <CheckoutText form={form} required={required} name="phone" autoComplete="tel" type="tel" inputMode="tel" hint="In case we have a question about your order." />
    </CheckoutSection>
  );
}

/** The delivery address (the street with its suggestions comes in as `street`), and where it delivers. */
export function AddressFields({ form, required, street, postalCodes }: { form: CheckoutFields; required: readonly CheckoutField[]; street: ReactNode; postalCodes: string[] }) {
  const country = form.state.values.country;
  return (
    <div className="checkout__address">
      {street}
      <CheckoutText form={form} required={required} name="unit" autoComplete="address-line2" />
      <div className="site-form__row site-form__row--fit">
        <CheckoutText form={form} required={required} name="city" autoComplete="address-level2" />
        <CheckoutText form={form} required={required} name="state" autoComplete="address-level1" />
      </div>
      <CheckoutText form={form} required={required} name="postalCode" autoComplete="postal-code" inputMode={country === "US" ? "numeric" : "text"} />
      <p className="form-field__hint">
        Delivering to {country}. {postalCodes.length > 0 ? `Delivery area: postal codes starting ${postalCodes.join(", ")}.` : ""}
      </p>
    </div>
  );
}

/** The tip: the business's percentages with their amounts, a custom amount, or none (SPEC §5). */
export function TipSection({ form, required, presets, subtotalCents, currency, onChoose }: { form: CheckoutFields; required: readonly CheckoutField[]; presets: number[]; subtotalCents: number; currency: string; onChoose: (tip: TipValue) => void }) {
  const money = useMoney();
  const tip = form.state.values.tip;
  return (
    <CheckoutSection id="tip" title="Tip">
      <fieldset className="choice-group choice-group--inline" aria-describedby={groupDescribedBy(form, "tip")}>
        <legend className="visually-hidden">Tip</legend>
        {presets.map((percent, index) => (
          <label key={percent} className="choice choice--pill">
            <input id={index === 0 ? checkoutFieldId("tip") : undefined} type="radio" name="tip" value={`percent-${percent}`} checked={tip === `percent-${percent}`} onChange={() => onChoose(`percent-${percent}`)} />
            <span>
              {percent}% <span className="choice__price">({money(computeOrderTotals({ subtotalCents: subtotalCents, taxRateBps: 0, tip: { tip_percentage: percent, instructions: "" } }).tipCents, currency)})</span>
            </span>
          </label>
        ))}
        <label className="choice choice--pill">
          <input id={presets.length === 0 ? checkoutFieldId("tip") : undefined} type="radio" name="tip" value="custom" checked={tip === "custom"} onChange={() => onChoose("custom")} />
          <span>Custom amount</span>
        </label>
        <label className="choice choice--pill">
          <input type="radio" name="tip" value="none" checked={tip === "none"} onChange={() => onChoose("none")} />
          <span>No tip</span>
        </label>
        <GroupError form={form} field="tip" />
      </fieldset>
      {tip === "custom" ? (
        <CheckoutText form={form} required={required} name="tipAmount" label={`Tip amount (${currency})`} inputMode="decimal" autoComplete="off" onChange={() => onChoose("custom")} />
      ) : null}
    </CheckoutSection>
  );
}

export function InstructionsSection({ form, required }: { form: CheckoutFields; required: readonly CheckoutField[] }) {
  return (
    <CheckoutSection id="instructions" title="Instructions">
      <CheckoutText form={form} required={required} name="instructions" multiline rows={3} maxLength={1000} />
    </CheckoutSection>
  );
}

/** The test processor's card form: number in groups of four, expiry as MM/YY, the test-mode badge with the card to use. */
export function PaymentSection({ form, required }: { form: CheckoutFields; required: readonly CheckoutField[] }) {
  return (
    <CheckoutSection id="payment" title="Payment">
      <CheckoutText
        form={form}
        required={required}
        name="cardNumber"
        autoComplete="cc-number"
        inputMode="numeric"
        format={formatCardNumber}
        hint={
          <>
            <span className="test-mode-badge">Test mode</span> No real card is charged: use card {formatCardNumber(SUGGESTED_TEST_CARD.number)}, any future expiry date and any 3-digit security code.
          </>
        }
      />
      <div className="site-form__row site-form__row--fit">
        <CheckoutText form={form} required={required} name="cardExpiry" autoComplete="cc-exp" inputMode="numeric" hint="MM/YY" format={formatCardExpiry} maxLength={7} />
        <CheckoutText form={form} required={required} name="cardCvc" autoComplete="cc-csc" inputMode="numeric" maxLength={4} />
      </div>
    </CheckoutSection>
  );
}

/** The totals as the service will compute them, the promise, and the one Place order button. */
export function TotalsSection({
  preview,
  currency,
  delivery,
  promise,
  promisePending,
  progress,
  submitting,
  blocked,
  reason,
}: {
  preview: OrderTotals;
  currency: string;
  /** The delivery line's name ("Delivery fee", "Shipping"), or null for pickup. */
  delivery: string | null;
  promise: string | null;
  /** The ready times are still being read: the promise's line is kept for it, so the button does not move. */
  promisePending: boolean;
  progress: string;
  submitting: boolean;
  /** Adjustments wait to be accepted. */
  blocked: boolean;
  /** What the order still lacks before it can be placed (the delivery minimum): announced as delivery is chosen, and the button's description. */
  reason: string | null;
}) {
  const money = useMoney();
  return (
    <CheckoutSection id="total" title="Total">
      {promise ? (
        <p className="checkout__promise" data-testid="checkout-promise">
          {promise}
        </p>
      ) : promisePending ? (
        <p className="checkout__promise" aria-hidden="true">
          {"\u00a0"}
        </p>
      ) : null}
      <dl className="totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{money(preview.subtotalCents, currency)}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{money(preview.taxCents, currency)}</dd>
        </div>
        {delivery ? (
          <div>
            <dt>{delivery}</dt>
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
      <p id="checkout-place-reason" className="checkout__place-reason" role="status">
        {reason}
      </p>
      <button
        type="submit"
        className="button checkout__place"
        aria-disabled={submitting || blocked || reason !== null}
        aria-describedby={blocked ? "checkout-adjustments-heading" : reason ? "checkout-place-reason" : undefined}
      >
        {submitting ? progress || "Placing your order…" : `Place order · ${money(preview.totalCents, currency)}`}
      </button>
    </CheckoutSection>
  );
}
