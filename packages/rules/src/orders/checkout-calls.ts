/**
 * The checkout's calls: which to make in SPEC §4 "Order flow" order given where the order stands, the
 * body of the fulfillment call, which field a refusal of the service belongs to, and the visitor's
 * sentence for every problem (the form's own check finds the problems, field-sentences.ts words them), so
 * every message lands next to the field it is about in plain words. Apart from checkout.ts because only
 * placing the order needs them: the site loads them with the calls, once the visitor starts on the form.
 */
import type { FulfillmentMethod, OrderStatus } from "../api/order-api";
import type { CheckoutField, CheckoutForm, CheckoutProblems, FieldErrors, ReadyTimeContext } from "./checkout";
import { GENERAL_REFUSAL, refusedFieldSentence, refusedIssues, sentencesFor } from "../forms/field-sentences";

/** The sentence the visitor reads at each field the form's own check found a problem with. */
export const checkoutSentences = (problems: CheckoutProblems): FieldErrors => sentencesFor(problems);

/**
 * The body of `PUT orders/{id}/fulfillments/`: the method and, for a timed order, the chosen slot or null
 * for as soon as possible; shipping sends no time (the service refuses one).
 */
export function fulfillmentRequest(form: Pick<CheckoutForm, "fulfillment" | "when" | "scheduledFor">, readyTimes: ReadyTimeContext | null | undefined): { method: FulfillmentMethod; scheduled_for?: string | null } {
  if (readyTimes && !readyTimes.timed) return { method: form.fulfillment };
  return { method: form.fulfillment, scheduled_for: form.when === "scheduled" && form.scheduledFor !== "" ? form.scheduledFor : null };
}

// ─── the calls ──────────────────────────────────────────────────────────────────────────────────

export type CheckoutCall =
  | "validate_address"
  | "set_customer"
  | "set_recipient"
  | "set_fulfillment"
  | "set_attributes"
  | "set_payment_source"
  | "read_adjustments"
  | "start_checkout"
  | "close_checkout";

/**
 * The calls still to make, in SPEC §4 order (create order and set line items happened when the cart
 * was filled). An order already in checkout (its payment authorised by an earlier attempt whose close
 * did not answer) only needs closing; a placed order needs nothing.
 */
export function checkoutCalls(state: { fulfillment: FulfillmentMethod; orderStatus: OrderStatus }): CheckoutCall[] {
  if (state.orderStatus === "placed") return [];
  if (state.orderStatus === "checkout") return ["close_checkout"];
  return [
    ...(state.fulfillment === "delivery" ? (["validate_address"] as const) : []),
    "set_customer",
    ...(state.fulfillment === "delivery" ? (["set_recipient"] as const) : []),
    "set_fulfillment",
    "set_attributes",
    "set_payment_source",
    "read_adjustments",
    "start_checkout",
    "close_checkout",
  ];
}

// ─── server refusals ────────────────────────────────────────────────────────────────────────────

const BODY_FIELDS: Readonly<Record<string, CheckoutField>> = {
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  phone: "phone",
  street_address: "street",
  line1: "street",
  extended_address: "unit",
  line2: "unit",
  locality: "city",
  city: "city",
  administrative_area_level_1: "state",
  state: "state",
  postal_code: "postalCode",
  country: "country",
  method: "fulfillment",
  fulfillment_type: "fulfillment",
  tip: "tipAmount",
  tip_percentage: "tip",
  instructions: "instructions",
  token: "cardNumber",
  scheduled_for: "scheduledFor",
};

/**
 * Why a time chosen earlier no longer holds when the checkout starts (the 409's `detail.code`), in the
 * visitor's words; the 422 of `PUT fulfillments/` carries its own reason, which is already worded so.
 */
export const READY_TIME_PROBLEMS: Readonly<Record<string, string>> = {
  in_past: "that time has passed",
  too_soon: "that time is now too soon for the kitchen to have your order ready",
  off_grid: "that is not one of the times offered",
  outside_hours: "we are not open to have your order ready then",
  too_far: "that time is too far ahead",
  full: "that time has just been fully booked",
  closed: "we are closed now, so as soon as possible is not possible",
  closing: "we close too soon to prepare your order now",
};

/** Where the visitor sees a refusal of each call when its detail names no field. */
const CALL_FIELDS: Partial<Record<CheckoutCall, CheckoutField>> = {
  validate_address: "street",
  set_recipient: "street",
  set_fulfillment: "fulfillment",
  set_attributes: "tip",
  set_payment_source: "cardNumber",
};

export interface ServerRefusal {
  status: number;
  message: string;
  body: unknown;
}

/**
 * Sorts a refusal into field sentences (from `detail: [{ path, message }]` paths like
 * `body.postal_code` or `recipient.postal_code`: the field's sentence, never the service's words for API
 * clients) and a form-level message for the rest. A declined card (402) belongs to the card number; the
 * processor being unreachable (424) is form-level. A message that is a path's text reads as the field's
 * sentence, or the general one.
 */
export function refusalToErrors(call: CheckoutCall, refusal: ServerRefusal): { fields: FieldErrors; form: string | null } {
  const fields: FieldErrors = {};
  if (refusal.status === 402) return { fields: { cardNumber: refusal.message }, form: null };
  const detail = refusal.body && typeof refusal.body === "object" ? (refusal.body as { detail?: unknown }).detail : undefined;
  // The promised time no longer holds (checkout start, or the close once the time has passed): the visitor
  // chooses again, at the time picker.
  if (refusal.status === 409 && detail && typeof detail === "object" && !Array.isArray(detail)) {
    const { path, code } = detail as { path?: unknown; code?: unknown };
    if (typeof path === "string" && path.endsWith("scheduled_for")) {
      const why = typeof code === "string" ? READY_TIME_PROBLEMS[code] : undefined;
      return { fields: { scheduledFor: why ? `The time you chose is no longer available: ${why}. Choose another time, then place your order.` : refusal.message }, form: null };
    }
  }
  const refused = refusal.status === 422 || refusal.status === 400;
  if (refused && Array.isArray(detail)) {
    for (const { path, message } of refusedIssues({ detail })) {
      const field = BODY_FIELDS[path.split(".").pop() ?? ""];
      if (field && !fields[field]) fields[field] = refusedFieldSentence(field, message);
    }
    if (Object.keys(fields).length > 0) return { fields, form: null };
  }
  // A message starting with a path is worded for API clients: what follows the path may still be the
  // service's sentence for people ("body.method: Vela does not deliver; choose pickup").
  const named = refusedIssues({ message: refusal.message })[0];
  const fallback = refused ? CALL_FIELDS[call] : undefined;
  if (fallback) return { fields: { [fallback]: named ? refusedFieldSentence(fallback, named.message) : refusal.message }, form: null };
  return { fields, form: named ? GENERAL_REFUSAL : refusal.message };
}
