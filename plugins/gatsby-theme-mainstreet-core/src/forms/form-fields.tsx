import React, { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { changeField, errorFields, initialFormState, type FormState, type FormValues } from "@mainstreet/rules/forms/form-state";
import "./forms.css";

/**
 * form-kit's fields and state: what a form with its own submission (checkout) needs, apart from the
 * submission, frame and other fields of form-kit.tsx, which re-exports all of this for the site's forms.
 */

export type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

/** What the fields need of a form: its values and errors, ids, and a way to change a value. */
export interface FormFields<V extends FormValues> {
  state: Pick<FormState<V, unknown>, "values" | "errors">;
  fieldId(name: keyof V & string): string;
  setValue<K extends keyof V & string>(name: K, value: V[K]): void;
  /** Read before each error by screen readers; empty when every message already names its field. */
  errorPrefix?: string;
}

/** A form's state, moved only by form-state's pure transitions, always applied to the latest state. */
export interface FormStore<V extends FormValues, R> extends FormFields<V> {
  state: FormState<V, R>;
  /** Applies a transition to the latest state (not the render's: a late answer may follow a keystroke). */
  apply(transition: (state: FormState<V, R>) => FormState<V, R>): FormState<V, R>;
}

interface FormStoreOptions {
  /** Stable ids for the fields (a page with one such form); without it each form gets its own. */
  idPrefix?: string;
  errorPrefix?: string;
}

/** The state of a form, kept for React. */
export function useFormStore<V extends FormValues, R>(initial: V | (() => V), options: FormStoreOptions = {}): FormStore<V, R> {
  const generated = useId();
  const prefix = options.idPrefix ?? generated;
  const [state, setState] = useState<FormState<V, R>>(() => initialFormState<V, R>(typeof initial === "function" ? initial() : initial));
  // The latest state, read synchronously so a double click cannot start two submissions.
  const current = useRef(state);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const apply = useCallback((transition: (state: FormState<V, R>) => FormState<V, R>) => {
    const next = transition(current.current);
    current.current = next;
    if (mounted.current) setState(next);
    return next;
  }, []);
  // Field ids get one hyphen, the form's own elements two, so a field named "message" cannot clash.
  const fieldId = useCallback((name: string) => `${prefix}-${name}`, [prefix]);
  return {
    state,
    apply,
    fieldId,
    errorPrefix: options.errorPrefix,
    setValue: (name, value) => apply((latest) => changeField(latest, name, value)),
  };
}

/** Moves focus to `target` once the render that shows it is on the page. */
export function focusSoon(target: () => HTMLElement | null | undefined): void {
  window.setTimeout(() => target()?.focus(), 0);
}

// ─── fields ─────────────────────────────────────────────────────────────────────────────────────────

/** The ids a field's hint and error take, and the control's description from them (plus any `more`). */
export function noteIds(id: string, hint: ReactNode, error: string | undefined, more?: string) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, more, errorId].filter(Boolean).join(" ") || undefined };
}

/** A field's classes: its kind (checkbox, rating) before the error state, a caller's class after. */
export const fieldClass = (error: string | undefined, { kind, extra }: { kind?: string; extra?: string } = {}) => ["form-field", kind, error ? "form-field--error" : undefined, extra].filter(Boolean).join(" ");

export function Hint({ id, children }: { id?: string; children: ReactNode }) {
  return children ? (
    <p id={id} className="form-field__hint">
      {children}
    </p>
  ) : null;
}

/** A field's or a group's error when it has one, under the id its control is described by. */
export function ErrorNote({ id, error, prefix = "Error: " }: { id?: string; error?: string; prefix?: string }) {
  return error && id ? (
    <p id={id} className="form-field__error">
      {prefix ? <span className="visually-hidden">{prefix}</span> : null}
      {error}
    </p>
  ) : null;
}

interface FieldFrame {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The hint between the label and the box (the checkout's look), rather than under the box. */
  hintAbove?: boolean;
  error?: string;
  errorPrefix?: string;
  optional?: boolean;
  className?: string;
  /** More ids describing the control (a note the field shows itself). */
  describedBy?: string;
  children(props: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }): ReactNode;
}

/** Label, hint, control and error, with the hint and error tied to the control. */
export function FieldFrame({ id, label, hint, hintAbove, error, errorPrefix, optional, className, describedBy, children }: FieldFrame) {
  const ids = noteIds(id, hint, error, describedBy);
  return (
    <div className={fieldClass(error, { extra: className })}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="form-field__optional"> (optional)</span> : null}
      </label>
      {hintAbove ? <Hint id={ids.hintId}>{hint}</Hint> : null}
      {children({ id, "aria-describedby": ids.describedBy, ...(error ? { "aria-invalid": true as const } : {}) })}
      {/* Under the box by default, so boxes side by side line up whether or not a field has a hint. */}
      {hintAbove ? null : <Hint id={ids.hintId}>{hint}</Hint>}
      <ErrorNote id={ids.errorId} error={error} prefix={errorPrefix} />
    </div>
  );
}

/** What every field takes: its form, the value's name, and what the visitor reads about it. */
export interface FieldProps<V extends FormValues, T> {
  form: FormFields<V>;
  name: KeysOf<V, T>;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  onChange?(value: T): void;
}

/** The frame's props for a field: its id, error and the notes around it. */
export function frameOf<V extends FormValues, T>({ form, name, label, hint, optional }: FieldProps<V, T>) {
  return { id: form.fieldId(name), label, hint, optional, error: form.state.errors[name], errorPrefix: form.errorPrefix };
}

export interface TextFieldProps<V extends FormValues> extends FieldProps<V, string> {
  hintAbove?: boolean;
  type?: "text" | "email" | "tel" | "number" | "date";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal";
  multiline?: boolean;
  rows?: number;
  min?: string | number;
  max?: string | number;
  maxLength?: number;
  placeholder?: string;
  className?: string;
  /** Rewrites what the visitor types as they type it (card number groups, expiry slash). */
  format?(value: string): string;
}

export function TextField<V extends FormValues>(props: TextFieldProps<V>) {
  const { form, name, optional, type = "text", autoComplete, inputMode, multiline, rows = 5, min, max, maxLength, placeholder, format, onChange: onValue } = props;
  const value = form.state.values[name] as string;
  const onChange = (event: { target: { value: string } }) => {
    const typed = format ? format(event.target.value) : event.target.value;
    form.setValue(name, typed as V[typeof name]);
    onValue?.(typed);
  };
  const shared = { name, value, onChange, maxLength, placeholder, "aria-required": optional ? undefined : true, className: "form-field__control" } as const;
  return (
    <FieldFrame {...frameOf(props)} hintAbove={props.hintAbove} className={props.className}>
      {(control) =>
        multiline ? <textarea {...control} {...shared} rows={rows} /> : <input {...control} {...shared} type={type} autoComplete={autoComplete} inputMode={inputMode} min={min} max={max} />
      }
    </FieldFrame>
  );
}

/**
 * The list of fields to fix, each a link to its field, announced when it appears: for a long form
 * (checkout) where the first problem may be far from the others.
 */
export function ErrorSummary<V extends FormValues>({ form, labels }: { form: FormFields<V>; labels: Readonly<Record<keyof V & string, string>> }) {
  const fields = errorFields(form.state);
  if (fields.length === 0) return null;
  return (
    <div className="form-error" role="alert">
      <p>{fields.length === 1 ? "1 field needs attention:" : `${fields.length} fields need attention:`}</p>
      <ul>
        {fields.map((field) => (
          <li key={field}>
            <a href={`#${form.fieldId(field)}`}>{labels[field]}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
