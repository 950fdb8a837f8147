/**
 * The one submission state machine every site form uses (contact, review, subscribe, application,
 * reservation, checkout). Pure: components keep a FormState and move it with these functions.
 *
 *   editing ──submit (valid)──► submitting ──succeed──► succeeded ──restart──► editing
 *      ▲  └─submit (invalid)─┐      │  │
 *      └─────────────────────┘      │  └──hold──► held ──release──► editing
 *                                   └──fail──► failed ──change / submit──► …
 *
 * Rules the visitor relies on: the typed values survive every failure (only `restart` after a success
 * clears them), a submit while one is in flight or after success does nothing (one submission per
 * click), and every refusal names the fields to fix.
 *
 * What only form-kit's forms do beside this machine (proposing values, the "Please fix…" line, the
 * service's field errors, starting again) is in form-kit-state.ts: a bundler keeps every export some page
 * uses, so anything here is carried by the checkout's chunk too.
 */

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;
export type FieldErrors<V extends FormValues = FormValues> = Partial<Record<keyof V & string, string>>;
/** `held`: the service asked the visitor to confirm something (changed prices) before a new submit. */
export type FormStatus = "editing" | "submitting" | "succeeded" | "failed" | "held";

export interface FormState<V extends FormValues, R = unknown> {
  values: V;
  errors: FieldErrors<V>;
  status: FormStatus;
  /** The form-level message: the list of fields to fix, or the service's refusal (SPEC §8 message). */
  message: string | null;
  result: R | null;
  /** Counts refused submits, so the view moves focus to the first problem on every refusal. */
  attempt: number;
  /**
   * The fields in the order the form lays them out, as read from the page at the last submit: the values'
   * order is the order they were declared in, which a form's layout need not follow (two fields side by side).
   */
  order?: readonly string[];
}

export type Validate<V extends FormValues> = (values: V) => FieldErrors<V>;

export function initialFormState<V extends FormValues, R = unknown>(values: V): FormState<V, R> {
  return { values, errors: {}, status: "editing", message: null, result: null, attempt: 0 };
}

/**
 * The fields with an error in the visitor's reading order: the form's layout (`order`) where known, then
 * the order the form lists its values for any field the layout does not name.
 */
export function errorFields<V extends FormValues>(state: Pick<FormState<V>, "values" | "errors" | "order">): (keyof V & string)[] {
  const order = [...new Set([...(state.order ?? []), ...Object.keys(state.values)])];
  return (Object.keys(state.errors) as (keyof V & string)[])
    .filter((field) => state.errors[field])
    .sort((a, b) => {
      const ia = order.indexOf(a);
      const ib = order.indexOf(b);
      return (ia === -1 ? order.length : ia) - (ib === -1 ? order.length : ib);
    });
}

/** A typed change clears that field's error (the visitor is fixing it) and keeps everything else. */
export function changeField<V extends FormValues, R, K extends keyof V & string>(state: FormState<V, R>, field: K, value: V[K]): FormState<V, R> {
  if (state.status === "submitting" || state.status === "succeeded") return state;
  const errors = { ...state.errors };
  delete errors[field];
  return { ...state, values: { ...state.values, [field]: value }, errors };
}

export function canSubmit(state: Pick<FormState<FormValues>, "status">): boolean {
  return state.status === "editing" || state.status === "failed";
}

/**
 * The visitor pressed submit. Returns the next state and whether to send: only from editing or failed,
 * only when `validate` finds nothing. An invalid form stays editable with every problem named, and its
 * message is what `summarize` makes of the fields to fix (form-kit's "Please fix…" line), or none for a
 * form that lists them itself (checkout's error summary).
 */
export function startSubmit<V extends FormValues, R>(
  state: FormState<V, R>,
  validate: Validate<V>,
  summarize?: (fields: readonly (keyof V & string)[]) => string,
  order: readonly string[] | undefined = state.order,
): { state: FormState<V, R>; send: boolean } {
  if (!canSubmit(state)) return { state, send: false };
  const errors = validate(state.values);
  const invalid = errorFields({ values: state.values, errors, order });
  if (invalid.length > 0) {
    return { state: { ...state, status: "editing", errors, message: summarize ? summarize(invalid) : null, attempt: state.attempt + 1, order }, send: false };
  }
  return { state: { ...state, status: "submitting", errors: {}, message: null, order }, send: true };
}

export function succeed<V extends FormValues, R>(state: FormState<V, R>, result: R): FormState<V, R> {
  if (state.status !== "submitting") return state;
  return { ...state, status: "succeeded", result, message: null, errors: {} };
}

/** The service refused or could not be reached: the values stay, the message and any field errors show. */
export function fail<V extends FormValues, R>(state: FormState<V, R>, message: string, errors: FieldErrors<V> = {}): FormState<V, R> {
  if (state.status !== "submitting") return state;
  return { ...state, status: "failed", message, errors, attempt: state.attempt + 1 };
}

/**
 * The service answered with something the visitor must confirm first: values and errors stay, a new
 * submit waits for `release`. A held form may take a new message (the confirmation itself was refused).
 */
export function hold<V extends FormValues, R>(state: FormState<V, R>, message: string | null = null): FormState<V, R> {
  if (state.status !== "submitting" && state.status !== "held") return state;
  return { ...state, status: "held", message };
}

/** The visitor confirmed what held the form: it is editable and can be submitted again. */
export function release<V extends FormValues, R>(state: FormState<V, R>): FormState<V, R> {
  if (state.status !== "held") return state;
  return { ...state, status: "editing", message: null };
}

/**
 * A problem found outside a submit (a chosen time that has just gone, an address abroad): it shows next
 * to its field like a refusal's, and the values and status stay as they are.
 */
export function flagField<V extends FormValues, R>(state: FormState<V, R>, field: keyof V & string, message: string): FormState<V, R> {
  return { ...state, errors: { ...state.errors, [field]: message } };
}
