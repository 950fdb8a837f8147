import React, { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import {
  adoptShownValues,
  changeField,
  suggestField,
  errorFields,
  fail,
  initialFormState,
  restart as restartForm,
  startSubmit,
  succeed,
  type FieldErrors,
  type FormState,
  type FormValue,
  type FormValues,
  type Validate,
} from "@mainstreet/rules/form-state";
import "./forms.css";

/**
 * The one pattern every site form follows: labelled fields, each error next to its field (tied with
 * aria-describedby, the field marked aria-invalid), a summary announced on every refusal with focus
 * on the first problem, a clear success panel, values kept on failure, one submission per click.
 * The states come from packages/rules/src/form-state.ts; this file only renders them.
 */

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

export interface SendFailure<V extends FormValues> {
  message: string;
  errors?: FieldErrors<V>;
}

export interface FormController<V extends FormValues, R> {
  state: FormState<V, R>;
  fieldId(name: keyof V & string): string;
  setValue<K extends keyof V & string>(name: K, value: V[K]): void;
  /** Proposes a value for a field the visitor has left empty (form-state `suggestField`). */
  suggestValue<K extends keyof V & string>(name: K, value: V[K]): void;
  /** Takes into the state what the page shows in fields the state holds empty (form-state `adoptShownValues`). */
  adoptShown(shown: Partial<Record<keyof V & string, FormValue>>): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  restart(keep?: readonly (keyof V & string)[]): void;
  /** Ids of the form-level message and the success panel, for focus. */
  messageId: string;
  successId: string;
}

export interface UseFormOptions<V extends FormValues, R> {
  initial: V;
  validate: Validate<V>;
  /** Visible labels by field, for the "Please fix…" summary. */
  labels: Readonly<Record<string, string>>;
  /** Sends the values; throws a SendFailure (or anything) when refused. */
  send(values: V): Promise<R>;
  onSuccess?(result: R, values: V): void;
}

function asFailure<V extends FormValues>(error: unknown): SendFailure<V> {
  if (error && typeof error === "object" && "message" in error && typeof (error as { message: unknown }).message === "string") {
    const errors = (error as { errors?: unknown }).errors;
    return { message: (error as { message: string }).message, errors: errors && typeof errors === "object" ? (errors as FieldErrors<V>) : {} };
  }
  return { message: String(error) };
}

export function useForm<V extends FormValues, R>(options: UseFormOptions<V, R>): FormController<V, R> {
  const prefix = useId();
  const [state, setState] = useState<FormState<V, R>>(() => initialFormState<V, R>(options.initial));
  // The latest state, read synchronously so a double click cannot start two submissions.
  const current = useRef(state);
  const inFlight = useRef(false);
  const latest = useRef(options);
  latest.current = options;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = useCallback((next: FormState<V, R>) => {
    current.current = next;
    if (mounted.current) setState(next);
  }, []);

  // Field ids get one hyphen, the form's own elements two, so a field named "message" cannot clash.
  const fieldId = useCallback((name: string) => `${prefix}-${name}`, [prefix]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (inFlight.current) return;
      const { state: next, send } = startSubmit(current.current, latest.current.validate, latest.current.labels);
      update(next);
      if (!send) return;
      inFlight.current = true;
      const values = next.values;
      latest.current
        .send(values)
        .then((result) => {
          update(succeed(current.current, result));
          latest.current.onSuccess?.(result, values);
        })
        .catch((error: unknown) => {
          const failure = asFailure<V>(error);
          update(fail(current.current, failure.message, failure.errors));
        })
        .finally(() => {
          inFlight.current = false;
        });
    },
    [update],
  );

  const messageId = `${prefix}--message`;
  const successId = `${prefix}--success`;

  // Focus follows the outcome: the first field to fix, else the refusal message, else the success panel.
  useEffect(() => {
    if (state.status === "succeeded") {
      document.getElementById(successId)?.focus();
      return;
    }
    if (state.attempt === 0) return;
    const first = errorFields(state)[0];
    const target = (first && document.getElementById(fieldId(first))) || document.getElementById(messageId);
    target?.focus();
    // Only a new refusal or a success moves focus; typing must not.
  }, [state.attempt, state.status === "succeeded"]);

  return {
    state,
    fieldId,
    setValue: (name, value) => update(changeField(current.current, name, value)),
    // Reads the latest state, not the render's: an effect's proposal may run after the visitor typed.
    suggestValue: (name, value) => update(suggestField(current.current, name, value)),
    adoptShown: (shown) => update(adoptShownValues(current.current, shown)),
    onSubmit,
    restart: (keep = []) => update(restartForm(current.current, latest.current.initial, keep)),
    messageId,
    successId,
  };
}

// ─── the frame ──────────────────────────────────────────────────────────────────────────────────────

interface FormProps<V extends FormValues, R> {
  form: FormController<V, R>;
  /** Accessible name of the form (a heading id, or a label). */
  labelledBy?: string;
  label?: string;
  submitLabel: string;
  submittingLabel?: string;
  className?: string;
  children: ReactNode;
  /** Shown instead of the fields after a success. */
  success?: ReactNode;
  /** Text under the submit button (privacy note, what happens next). */
  footnote?: ReactNode;
}

/** What the form's own fields show on the page, by name: read once its code is live. */
function shownValues(element: HTMLFormElement): Record<string, FormValue> {
  const shown: Record<string, FormValue> = {};
  for (const field of Array.from(element.elements)) {
    // Selects too: a location picked before the code arrived is a choice like a typed name.
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) || !field.name) continue;
    if (field instanceof HTMLInputElement && field.type === "radio") continue;
    shown[field.name] = field instanceof HTMLInputElement && field.type === "checkbox" ? field.checked : field.value;
  }
  return shown;
}

export function Form<V extends FormValues, R>({ form, labelledBy, label, submitLabel, submittingLabel = "Sending…", className, children, success, footnote }: FormProps<V, R>) {
  const { state } = form;
  const element = useRef<HTMLFormElement>(null);
  // A form hydrates after its part of the page is reached (deferred): what was typed or picked into it
  // before that stays on the page, so the state takes it, and what the page shows is what is sent.
  const adopt = useRef(form.adoptShown);
  adopt.current = form.adoptShown;
  useEffect(() => {
    if (element.current) adopt.current(shownValues(element.current) as Partial<Record<keyof V & string, FormValue>>);
  }, []);
  if (state.status === "succeeded" && success) {
    return (
      <div id={form.successId} className={["form-success", className].filter(Boolean).join(" ")} tabIndex={-1} role="status">
        {success}
      </div>
    );
  }
  const submitting = state.status === "submitting";
  const failed = state.message !== null;
  return (
    <form ref={element} className={["site-form", className].filter(Boolean).join(" ")} noValidate onSubmit={form.onSubmit} aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : label} aria-busy={submitting}>
      <div id={form.messageId} className={failed ? "form-message form-message--error" : "form-message"} role="alert" tabIndex={-1}>
        {failed ? state.message : null}
      </div>
      {children}
      <div className="site-form__submit">
        <button type="submit" className="button" aria-disabled={submitting || undefined}>
          {submitting ? submittingLabel : submitLabel}
        </button>
        <span className="visually-hidden" role="status">
          {submitting ? submittingLabel : ""}
        </span>
      </div>
      {footnote ? <div className="site-form__footnote">{footnote}</div> : null}
    </form>
  );
}

export function SuccessPanel({ title, children, again }: { title: string; children?: ReactNode; again?: { label: string; onClick(): void } }) {
  return (
    <>
      <p className="form-success__title">{title}</p>
      {children}
      {again ? (
        <button type="button" className="text-button" onClick={again.onClick}>
          {again.label}
        </button>
      ) : null}
    </>
  );
}

// ─── fields ─────────────────────────────────────────────────────────────────────────────────────────

interface FieldFrame {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  className?: string;
  children(props: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }): ReactNode;
}

/** Label, hint, control and error, with the hint and error tied to the control. */
export function FieldFrame({ id, label, hint, error, optional, className, children }: FieldFrame) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["form-field", error ? "form-field--error" : undefined, className].filter(Boolean).join(" ")}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="form-field__optional"> (optional)</span> : null}
      </label>
      {children({ id, "aria-describedby": describedBy, ...(error ? { "aria-invalid": true as const } : {}) })}
      {/* Under the box, so boxes side by side line up whether or not a field has a hint. */}
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId as string}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="form-field__error">
      <span className="visually-hidden">Error: </span>
      {children}
    </p>
  );
}

interface TextFieldProps<V extends FormValues, R> {
  form: FormController<V, R>;
  name: KeysOf<V, string>;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  type?: "text" | "email" | "tel" | "number" | "date";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  multiline?: boolean;
  rows?: number;
  min?: string | number;
  max?: string | number;
  maxLength?: number;
  className?: string;
  onChange?(value: string): void;
}

export function TextField<V extends FormValues, R>({ form, name, label, hint, optional, type = "text", autoComplete, inputMode, multiline, rows = 5, min, max, maxLength, className, onChange: onValue }: TextFieldProps<V, R>) {
  const value = form.state.values[name] as string;
  const onChange = (event: { target: { value: string } }) => {
    form.setValue(name, event.target.value as V[typeof name]);
    onValue?.(event.target.value);
  };
  return (
    <FieldFrame id={form.fieldId(name)} label={label} hint={hint} error={form.state.errors[name]} optional={optional} className={className}>
      {(control) =>
        multiline ? (
          <textarea {...control} name={name} value={value} onChange={onChange} rows={rows} maxLength={maxLength} aria-required={optional ? undefined : true} className="form-field__control" />
        ) : (
          <input
            {...control}
            name={name}
            type={type}
            value={value}
            onChange={onChange}
            autoComplete={autoComplete}
            inputMode={inputMode}
            min={min}
            max={max}
            maxLength={maxLength}
            aria-required={optional ? undefined : true}
            className="form-field__control"
          />
        )
      }
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectGroup {
  label: string;
  options: SelectOption[];
}

interface SelectFieldProps<V extends FormValues, R> {
  form: FormController<V, R>;
  name: KeysOf<V, string>;
  label: ReactNode;
  options: (SelectOption | SelectGroup)[];
  /** The first, empty choice ("Choose a time"). */
  placeholder?: string;
  hint?: ReactNode;
  optional?: boolean;
  disabled?: boolean;
  onChange?(value: string): void;
}

export function SelectField<V extends FormValues, R>({ form, name, label, options, placeholder, hint, optional, disabled, onChange }: SelectFieldProps<V, R>) {
  const renderOption = (option: SelectOption) => (
    <option key={option.value} value={option.value} disabled={option.disabled}>
      {option.label}
    </option>
  );
  return (
    <FieldFrame id={form.fieldId(name)} label={label} hint={hint} error={form.state.errors[name]} optional={optional}>
      {(control) => (
        <select
          {...control}
          name={name}
          value={form.state.values[name] as string}
          disabled={disabled}
          aria-required={optional ? undefined : true}
          className="form-field__control"
          onChange={(event) => {
            form.setValue(name, event.target.value as V[typeof name]);
            onChange?.(event.target.value);
          }}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((entry, index) =>
            "options" in entry ? (
              // Two categories may share a name, so the position keys the group.
              <optgroup key={index} label={entry.label}>
                {entry.options.map(renderOption)}
              </optgroup>
            ) : (
              renderOption(entry)
            ),
          )}
        </select>
      )}
    </FieldFrame>
  );
}

interface CheckboxFieldProps<V extends FormValues, R> {
  form: FormController<V, R>;
  name: KeysOf<V, boolean>;
  label: ReactNode;
  hint?: ReactNode;
}

export function CheckboxField<V extends FormValues, R>({ form, name, label, hint }: CheckboxFieldProps<V, R>) {
  const id = form.fieldId(name);
  const error = form.state.errors[name];
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={["form-field", "form-field--checkbox", error ? "form-field--error" : undefined].filter(Boolean).join(" ")}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={form.state.values[name] as boolean}
        onChange={(event) => form.setValue(name, event.target.checked as V[typeof name])}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        aria-invalid={error ? true : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId as string}>{error}</FieldError> : null}
    </div>
  );
}

interface RatingFieldProps<V extends FormValues, R> {
  form: FormController<V, R>;
  name: KeysOf<V, string>;
  legend: ReactNode;
  max?: number;
}

/** Star rating as a group of radio buttons: keyboard and screen-reader friendly without scripting. */
export function RatingField<V extends FormValues, R>({ form, name, legend, max = 5 }: RatingFieldProps<V, R>) {
  const id = form.fieldId(name);
  const error = form.state.errors[name];
  const errorId = error ? `${id}-error` : undefined;
  const value = form.state.values[name] as string;
  return (
    <fieldset className={["form-field", "form-rating", error ? "form-field--error" : undefined].filter(Boolean).join(" ")} aria-describedby={errorId}>
      <legend className="form-field__label">{legend}</legend>
      <div className="form-rating__stars">
        {Array.from({ length: max }, (_, index) => String(index + 1)).map((stars) => (
          <span key={stars} className="form-rating__star">
            <input
              // The first radio carries the field id so focus on a refusal lands in the group.
              id={stars === "1" ? id : `${id}-${stars}`}
              type="radio"
              name={`${id}-${name}`}
              value={stars}
              checked={value === stars}
              onChange={() => form.setValue(name, stars as V[typeof name])}
            />
            <label htmlFor={stars === "1" ? id : `${id}-${stars}`}>
              <span aria-hidden="true">{"★".repeat(Number(stars))}</span>
              <span className="visually-hidden">
                {stars} {stars === "1" ? "star" : "stars"}
              </span>
            </label>
          </span>
        ))}
      </div>
      {error ? <FieldError id={errorId as string}>{error}</FieldError> : null}
    </fieldset>
  );
}
