import React from "react";
import type { CheckoutForm, FieldErrors, TipChoice } from "@mainstreet/rules/checkout";
import { computeOrderTotals, type OrderTotals } from "@mainstreet/rules/pricing";
import { SUGGESTED_TEST_CARD, formatCardExpiry, formatCardNumber } from "@mainstreet/rules/test-card";
import { FieldError, TextField, errorId, fieldId, type TextFieldKey } from "./checkout-fields";
import { useMoney } from "../hooks/use-money";

/** The tip: the business's percentages with their amounts, a custom amount, or none (SPEC §5). */
export function TipSection({ form, errors, presets, subtotalCents, currency, onChoose }: { form: CheckoutForm; errors: FieldErrors; presets: number[]; subtotalCents: number; currency: string; onChoose: (tip: TipChoice) => void }) {
  const money = useMoney();
  return (
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
              onChange={() => onChoose({ kind: "percent", percent })}
            />
            <span>
              {percent}% <span className="choice__price">({money(computeOrderTotals({ subtotalCents: subtotalCents, taxRateBps: 0, tip: { tip_percentage: percent, instructions: "" } }).tipCents, currency)})</span>
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
            onChange={() => onChoose({ kind: "custom", amount: form.tip.kind === "custom" ? form.tip.amount : "" })}
          />
          <span>Custom amount</span>
        </label>
        <label className="choice choice--pill">
          <input type="radio" name="tip" value="none" checked={form.tip.kind === "none"} onChange={() => onChoose({ kind: "none" })} />
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
            onChange={(event) => onChoose({ kind: "custom", amount: event.target.value })}
          />
          <FieldError field="tipAmount" errors={errors} />
        </div>
      ) : null}
    </section>
  );
}

/** The test processor's card form: number in groups of four, expiry as MM/YY, the test-mode badge with the card to use. */
export function PaymentSection({ form, errors, onChange }: { form: CheckoutForm; errors: FieldErrors; onChange: (field: TextFieldKey, value: string) => void }) {
  return (
    <section className="checkout__section" aria-labelledby="checkout-payment-heading">
      <h2 id="checkout-payment-heading">Payment</h2>
      <TextField
        field="cardNumber"
        value={form.cardNumber}
        errors={errors}
        onChange={onChange}
        autoComplete="cc-number"
        inputMode="numeric"
        format={formatCardNumber}
        hint={
          <>
            <span className="test-mode-badge">Test mode</span> No real card is charged: use card {formatCardNumber(SUGGESTED_TEST_CARD.number)}, any future expiry date and any 3-digit security code.
          </>
        }
      />
      <div className="field-row">
        <TextField field="cardExpiry" value={form.cardExpiry} errors={errors} onChange={onChange} autoComplete="cc-exp" inputMode="numeric" hint="MM/YY" format={formatCardExpiry} maxLength={7} />
        <TextField field="cardCvc" value={form.cardCvc} errors={errors} onChange={onChange} autoComplete="cc-csc" inputMode="numeric" maxLength={4} />
      </div>
    </section>
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
}) {
  const money = useMoney();
  return (
    <section className="checkout__section" aria-labelledby="checkout-total-heading">
      <h2 id="checkout-total-heading">Total</h2>
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
      <button type="submit" className="button checkout__place" aria-disabled={submitting || blocked} aria-describedby={blocked ? "checkout-adjustments-heading" : undefined}>
        {submitting ? progress || "Placing your order…" : `Place order · ${money(preview.totalCents, currency)}`}
      </button>
    </section>
  );
}
