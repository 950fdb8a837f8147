import React, { type ChangeEvent, type ReactNode } from "react";
import type { CheckoutField, CheckoutForm, FieldErrors } from "@mainstreet/rules/checkout";

/** Each field's visible label: the error summary links to the field with it. */
export const FIELD_LABELS: Record<CheckoutField, string> = {
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
  when: "When",
  scheduledFor: "Time",
  tip: "Tip",
  tipAmount: "Tip amount",
  instructions: "Order instructions",
  cardNumber: "Card number",
  cardExpiry: "Expiry date",
  cardCvc: "Security code",
};

/** Stable ids so an error summary and a failed call can move focus to the field concerned. */
export const fieldId = (field: CheckoutField) => `checkout-${field}`;
export const errorId = (field: CheckoutField) => `checkout-${field}-error`;

export function FieldError({ field, errors }: { field: CheckoutField; errors: FieldErrors }) {
  const error = errors[field];
  return error ? (
    <p id={errorId(field)} className="field-error">
      {error}
    </p>
  ) : null;
}

export type TextFieldKey = Exclude<keyof CheckoutForm, "tip" | "fulfillment" | "when">;

interface TextFieldProps {
  field: TextFieldKey;
  value: string;
  errors: FieldErrors;
  onChange: (field: TextFieldKey, value: string) => void;
  autoComplete: string;
  type?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal";
  required?: boolean;
  hint?: ReactNode;
  /** Rewrites what the visitor typed as they type it (card number groups, expiry slash). */
  format?: (value: string) => string;
  placeholder?: string;
  maxLength?: number;
}

/** A labelled input with its hint and error tied to it (aria-describedby), marked invalid while wrong. */
export function TextField({ field, value, errors, onChange, autoComplete, type = "text", inputMode, required = true, hint, format, placeholder, maxLength }: TextFieldProps) {
  const hintId = `${fieldId(field)}-hint`;
  const error = errors[field];
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
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(field, format ? format(event.target.value) : event.target.value)}
      />
      {error ? (
        <p id={errorId(field)} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
