/**
 * What form-kit's forms (contact, review, subscribe, application, reservation) do beside the submission
 * machine of form-state.ts: propose a value for an empty field, take what the page showed before the
 * code arrived, name the fields to fix in one line, read the service's field errors, and start again
 * after a success. The checkout never does these, so they live apart from the machine it shares.
 */
import { changeField, initialFormState, type FieldErrors, type FormState, type FormValue, type FormValues } from "./form-state";

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

/**
 * Field errors from a refusal of the API service (docs/api.md): validation replies list
 * `{ path, message }` in `detail`; business-rule replies put `path: reason` in `message`. `paths` maps a
 * service path (`body.contact_email`, `event_data.fieldValues.email`) to the form's field.
 */
export function fieldErrorsFromApi<V extends FormValues>(body: unknown, paths: Readonly<Record<string, keyof V & string>>): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  const record = body !== null && typeof body === "object" ? (body as { message?: unknown; detail?: unknown }) : {};
  const add = (path: string, message: string) => {
    const field = paths[path];
    if (field && !errors[field]) errors[field] = sentence(message);
  };
  if (Array.isArray(record.detail)) {
    for (const issue of record.detail) {
      if (issue && typeof issue === "object" && typeof issue.path === "string" && typeof issue.message === "string") add(issue.path, issue.message);
    }
  }
  if (typeof record.message === "string") {
    const match = /^([A-Za-z_][\w.[\]]*): (.+)$/s.exec(record.message);
    if (match) add(match[1], match[2]);
  }
  return errors;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
