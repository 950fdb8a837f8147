import React, { useCallback, useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { errorFields, fail, startSubmit, succeed, type FieldErrors, type FormValue, type FormValues, type Validate } from "@mainstreet/rules/forms/form-state";
import { adoptShownValues, problemSummary, restart as restartForm, suggestField } from "@mainstreet/rules/forms/form-kit-state";
import { ErrorNote, FieldFrame, Hint, fieldClass, frameOf, noteIds, useFormStore, type FieldProps, type FormFields, type FormStore, type KeysOf } from "./form-fields";

export * from "./form-fields";

/**
 * The one pattern every site form follows, checkout included: labelled fields, each error next to its
 * field (tied with aria-describedby, the field marked aria-invalid), a summary announced on every refusal
 * with focus on the first problem, a clear success panel, values kept on failure, one submission per
 * click. The states come from packages/rules/src/forms/form-state.ts; this file only renders them. A form with
 * its own submission (checkout) keeps its state in `useFormStore` and uses the same fields.
 */

export interface SendFailure<V extends FormValues> {
  message: string;
  errors?: FieldErrors<V>;
}

/**
 * A site form's store with its submission. Proposing and adopting values live here (and their transitions
 * in form-kit-state.ts), not on the store the checkout shares, so the checkout's chunk does not carry
 * transitions it never makes.
 */
export interface FormController<V extends FormValues, R> extends FormStore<V, R> {
  /** Proposes a value for a field the visitor has left empty (form-kit-state `suggestField`). */
  suggestValue<K extends keyof V & string>(name: K, value: V[K]): void;
  /** Takes into the state what the page shows in fields the state holds empty (form-kit-state `adoptShownValues`). */
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
  const store = useFormStore<V, R>(options.initial);
  const { state, apply, fieldId } = store;
  const inFlight = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (inFlight.current) return;
      let send = false;
      // The summary names the fields in the order the visitor reads them on the page.
      const order = fieldOrder(event.currentTarget);
      const next = apply((current) => {
        const started = startSubmit(current, latest.current.validate, (fields) => problemSummary(fields, latest.current.labels), order);
        send = started.send;
        return started.state;
      });
      if (!send) return;
      inFlight.current = true;
      const values = next.values;
      latest.current
        .send(values)
        .then((result) => {
          apply((current) => succeed(current, result));
          latest.current.onSuccess?.(result, values);
        })
        .catch((error: unknown) => {
          const failure = asFailure<V>(error);
          // Refused fields are named like the form's own check names them, in the page's order.
          apply((current) => {
            const refused = errorFields({ values: current.values, errors: failure.errors ?? {}, order: current.order });
            const summary = problemSummary(refused, latest.current.labels);
            return fail(current, [summary, failure.message].filter(Boolean).join(" "), failure.errors);
          });
        })
        .finally(() => {
          inFlight.current = false;
        });
    },
    [apply],
  );

  const messageId = `${fieldId("")}-message`;
  const successId = `${fieldId("")}-success`;

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
    ...store,
    suggestValue: (name, value) => apply((current) => suggestField(current, name, value)),
    adoptShown: (shown) => apply((current) => adoptShownValues(current, shown)),
    onSubmit,
    restart: (keep = []) => apply((current) => restartForm(current, latest.current.initial, keep)),
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

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The form's own named fields, in the order the page lays them out. */
function fieldElements(element: HTMLFormElement): FieldElement[] {
  return Array.from(element.elements).filter(
    (field): field is FieldElement => (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) && field.name !== "",
  );
}

/** The form's field names in the order the page lays them out (a radio group once). */
function fieldOrder(element: HTMLFormElement): string[] {
  return [...new Set(fieldElements(element).map((field) => field.name))];
}

/**
 * What the form's own fields show on the page, by name: read once its code is live. A radio group (the
 * review's stars) is what its checked radio shows: a star tapped while the code was on its way is shown
 * checked by the browser, so it is the visitor's choice like a typed name.
 */
function shownValues(element: HTMLFormElement): Record<string, FormValue> {
  const shown: Record<string, FormValue> = {};
  for (const field of fieldElements(element)) {
    if (field instanceof HTMLInputElement && field.type === "radio") {
      if (field.checked) shown[field.name] = field.value;
      continue;
    }
    // Selects too: a location picked before the code arrived is a choice like a typed name.
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

/** A form in its own section, named by the section's heading: the usual shape of a site form. */
export function SectionForm<V extends FormValues, R>({ title, headingLevel, lead, ...form }: Omit<FormProps<V, R>, "labelledBy" | "label"> & Omit<FormSectionProps, "children" | "className" | "headingClassName"> & { sectionClassName?: string; headingClassName?: string }) {
  const { sectionClassName, headingClassName, ...props } = form;
  return (
    <FormSection title={title} headingLevel={headingLevel} lead={lead} className={sectionClassName} headingClassName={headingClassName}>
      {(headingId) => <Form {...props} labelledBy={headingId} />}
    </FormSection>
  );
}

interface FormSectionProps {
  title: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
  headingClassName?: string;
  /** What to know before filling the form in, under the heading. */
  lead?: ReactNode;
  children(headingId: string): ReactNode;
}

/** A form's section: the heading that names the form, what to know before filling it in, then the form. */
function FormSection({ title, headingLevel = 2, className = "form-section", headingClassName, lead, children }: FormSectionProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={className} aria-labelledby={headingId}>
      <Heading id={headingId} className={headingClassName}>
        {title}
      </Heading>
      {lead}
      {children(headingId)}
    </section>
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

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectGroup {
  label: string;
  options: SelectOption[];
}

interface SelectFieldProps<V extends FormValues> extends FieldProps<V, string> {
  options: (SelectOption | SelectGroup)[];
  /** The first, empty choice ("Choose a time"). */
  placeholder?: string;
  disabled?: boolean;
}

export function SelectField<V extends FormValues>(props: SelectFieldProps<V>) {
  const { form, name, options, placeholder, optional, disabled, onChange } = props;
  const renderOption = (option: SelectOption) => (
    <option key={option.value} value={option.value} disabled={option.disabled}>
      {option.label}
    </option>
  );
  return (
    <FieldFrame {...frameOf(props)}>
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

export function CheckboxField<V extends FormValues>(props: Omit<FieldProps<V, boolean>, "optional">) {
  const { form, name, label, hint } = props;
  const { id, error, errorPrefix } = frameOf(props);
  const ids = noteIds(id, hint, error);
  return (
    <div className={fieldClass(error, { kind: "form-field--checkbox" })}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={form.state.values[name] as boolean}
        onChange={(event) => form.setValue(name, event.target.checked as V[typeof name])}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
      />
      <label htmlFor={id}>{label}</label>
      <Hint id={ids.hintId}>{hint}</Hint>
      <ErrorNote id={ids.errorId} error={error} prefix={errorPrefix} />
    </div>
  );
}

interface RatingFieldProps<V extends FormValues> {
  form: FormFields<V>;
  name: KeysOf<V, string>;
  legend: ReactNode;
  max?: number;
}

/** Star rating as a group of radio buttons: keyboard and screen-reader friendly without scripting. */
export function RatingField<V extends FormValues>({ form, name, legend, max = 5 }: RatingFieldProps<V>) {
  const id = form.fieldId(name);
  const error = form.state.errors[name];
  const { errorId } = noteIds(id, undefined, error);
  const value = form.state.values[name] as string;
  return (
    <fieldset className={fieldClass(error, { kind: "form-rating" })} aria-describedby={errorId}>
      <legend className="form-field__label">{legend}</legend>
      <div className="form-rating__stars">
        {Array.from({ length: max }, (_, index) => String(index + 1)).map((stars) => (
          <span key={stars} className="form-rating__star">
            <input
              // The first radio carries the field id so focus on a refusal lands in the group.
              id={stars === "1" ? id : `${id}-${stars}`}
              type="radio"
              // The field's own name: the form reads a star tapped before its code arrived by it (shownValues).
              name={name}
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
      <ErrorNote id={errorId} error={error} prefix={form.errorPrefix} />
    </fieldset>
  );
}

