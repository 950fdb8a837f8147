/**
 * What form-kit's forms (contact, review, subscribe, application, reservation) do beside the submission
 * machine of form-state.ts: propose a value for an empty field, take what the page showed before the
 * code arrived, name the fields to fix in one line, and start again after a success (the service's
 * refusals are worded by field-sentences.ts). The checkout never does these, so they live apart from the
 * machine it shares.
 */
import { changeField, initialFormState, type FormState, type FormValue, type FormValues } from "./form-state";

/** "Please fix 2 fields: Email, Message." with the fields' visible labels. */
export function problemSummary(fields: readonly string[], labels: Readonly<Record<string, string>> = {}): string {
  if (fields.length === 0) return "";
  const names = fields.map((field) => labels[field] ?? field);
  return fields.length === 1 ? `Please fix 1 field: ${names[0]}.` : `Please fix ${fields.length} fields: ${names.join(", ")}.`;
}

/**
 * A value the form proposes (the first bookable date, the visitor's nearest location): it fills the field
 * only while the field is still empty, so a proposal that arrives late never overwrites what the visitor
 * typed meanwhile; and never a field the visitor has just been told to fill in (a proposal arriving after
 * a refused submit would show a value beside "Date needs fixing").
 */
export function suggestField<V extends FormValues, R, K extends keyof V & string>(state: FormState<V, R>, field: K, value: V[K]): FormState<V, R> {
  const present = state.values[field];
  if (state.status !== "editing" || (present !== "" && present !== null && present !== undefined) || state.errors[field]) return state;
  return changeField(state, field, value);
}

/**
 * What the page shows in fields the state holds empty: text typed or a date picked in the server-rendered
 * form before its code arrived (the browser keeps it on the page, the state never saw it). Each empty
 * field takes what is shown, so what is shown is the value; fields with a value are left as they are.
 */
export function adoptShownValues<V extends FormValues, R>(state: FormState<V, R>, shown: Partial<Record<keyof V & string, FormValue>>): FormState<V, R> {
  let next = state;
  for (const [field, value] of Object.entries(shown) as [keyof V & string, FormValue][]) {
    const held = next.values[field];
    if (!(field in next.values) || value === "" || value === false || value === undefined) continue;
    if (held !== "" && held !== false) continue;
    if (typeof held !== typeof value) continue;
    next = changeField(next, field, value as V[typeof field]);
  }
  return next;
}

/** After a success: an empty form for another submission (keeping the values named in `keep`). */
export function restart<V extends FormValues, R>(state: FormState<V, R>, initial: V, keep: readonly (keyof V & string)[] = []): FormState<V, R> {
  const values = { ...initial };
  for (const field of keep) values[field] = state.values[field];
  return { ...initialFormState<V, R>(values), attempt: state.attempt };
}
