/**
 * Checkout rules: the form (customer, pickup or delivery, tip, instructions, test card), which fields
 * show and which are required, its validation with the shared SPEC §5 rules, the tip the visitor chose
 * as SPEC §5 attributes, the ready time, and the changes the checkout makes beside typing. The calls and
 * what a refusal means are in checkout-calls.ts: they are needed only once the visitor places the order.
 */
import { DEFAULT_CURRENCY, parsePriceToCents, type MoneyFormat } from "./money";
import { validatePostalCode } from "./address";
import { isValidEmail } from "../forms/validation";
import { looksLikePhoneNumber } from "../business/phone";
import { tipAttributes, type TipAttributes } from "./tip";
import { tokenizeTestCard, type CardField } from "./test-card";
import type { FulfillmentMethod } from "../api/order-api";
import type { AsapUnavailableReason } from "./ready-times";
import type { PlaceAddress } from "./address-search";
import { deliveryMinimumNote } from "./delivery-minimum";
import { changeField, flagField, type FormState } from "../forms/form-state";
import type { SentenceKey } from "../forms/field-sentences";

export type TipChoice = { kind: "percent"; percent: number } | { kind: "custom"; amount: string } | { kind: "none" };

/** As soon as possible, or at a scheduled slot (`scheduledFor`, the slot's start as fulfillment-slots/ lists it). */
export type ReadyTimeChoice = "asap" | "scheduled";

/** The tip as the form holds it (the radio's value): a preset like `percent-15`, a custom amount, or none. */
export type TipValue = `percent-${number}` | "custom" | "none";

/** The checkout's values, flat like every site form's, so form-kit's fields and form-state's transitions apply. */
export type CheckoutForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  fulfillment: FulfillmentMethod;
  street: string;
  unit: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  when: ReadyTimeChoice;
  /** The chosen slot's start (ISO with the location's offset), "" before one is chosen. */
  scheduledFor: string;
  tip: TipValue;
  /** What the visitor typed as a custom tip, kept while another choice is picked. */
  tipAmount: string;
  instructions: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
};

export type CheckoutField = keyof CheckoutForm;
export type FieldErrors = Partial<Record<CheckoutField, string>>;
/**
 * What the checkout's own check finds, by field: the key of the sentence the visitor reads
 * (forms/field-sentences.ts). The sentences load with the calls (checkout-calls.ts), not with the form.
 */
export type CheckoutProblems = Partial<Record<CheckoutField, SentenceKey>>;

/** Each field's visible label: the error summary links to the field with it. */
export const CHECKOUT_LABELS: Readonly<Record<CheckoutField, string>> = {
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

/** The fields in the order they appear on the page (the labels' order): the first one with an error gets focus. */
export const FIELD_ORDER = Object.keys(CHECKOUT_LABELS) as readonly CheckoutField[];

export const MAX_INSTRUCTIONS = 1000;
/** The API service's cap on a tip amount (docs/api.md). */
export const MAX_TIP_CENTS = 1_000_000;

export interface FulfillmentOptions {
  pickup: boolean;
  delivery: boolean;
}

/** The tip preselected: the business's default percentage when it offers one, else none. */
export function defaultTipChoice(ordering: { tipPercentages: readonly number[]; defaultTipPercentage?: number | null }): TipChoice {
  const preset = ordering.defaultTipPercentage;
  return typeof preset === "number" && ordering.tipPercentages.includes(preset) && preset > 0 ? { kind: "percent", percent: preset } : { kind: "none" };
}

export function tipValue(choice: TipChoice): TipValue {
  return choice.kind === "percent" ? `percent-${choice.percent}` : choice.kind;
}

/** The tip the form's values mean; an unreadable preset counts as no tip. */
export function tipChoiceOf(form: Pick<CheckoutForm, "tip" | "tipAmount">): TipChoice {
  if (form.tip === "custom") return { kind: "custom", amount: form.tipAmount };
  const percent = /^percent-(\d+(?:\.\d+)?)$/.exec(form.tip);
  return percent ? { kind: "percent", percent: Number(percent[1]) } : { kind: "none" };
}

export function emptyCheckoutForm(options: { fulfillment: FulfillmentOptions; country: string; tip: TipChoice }): CheckoutForm {
  const blank = Object.fromEntries(FIELD_ORDER.map((field) => [field, ""])) as CheckoutForm;
  return {
    ...blank,
    fulfillment: options.fulfillment.pickup ? "pickup" : "delivery",
    country: options.country,
    when: "asap",
    tip: tipValue(options.tip),
    tipAmount: options.tip.kind === "custom" ? options.tip.amount : "",
  };
}

/**
 * The tip the visitor chose as SPEC §5 attributes, or what is wrong with the custom amount: not money in the
 * order's currency (at most its minor digits: `4.50` in USD, `300` in JPY), or more than the service takes.
 */
export function tipFromChoice(
  choice: TipChoice,
  instructions: string,
  money: Pick<MoneyFormat, "currency" | "locale"> = {},
): { ok: true; attributes: TipAttributes } | { ok: false; problem: "tipAmount" | "tipTooLarge" } {
  if (choice.kind === "percent") return { ok: true, attributes: tipAttributes({ tipPercentage: choice.percent, instructions }) };
  if (choice.kind === "none") return { ok: true, attributes: tipAttributes({ instructions }) };
  const currency = money.currency ?? DEFAULT_CURRENCY;
  const cents = parsePriceToCents(choice.amount, currency);
  if (cents === null) return { ok: false, problem: "tipAmount" };
  if (cents > MAX_TIP_CENTS) return { ok: false, problem: "tipTooLarge" };
  return { ok: true, attributes: tipAttributes({ tip: cents, instructions }) };
}

/** What the checkout knows about the order's ready times (from fulfillment-slots/), once it knows. */
export interface ReadyTimeContext {
  /** False for shipping: no time is promised or chosen. */
  timed: boolean;
  asapAvailable: boolean;
}

/** What decides which fields the checkout shows and which it needs. */
export interface CheckoutSituation {
  fulfillment: FulfillmentMethod;
  /** Delivery by carrier: no ready time is shown. */
  shipping: boolean;
  /** The ready times as far as they are known (null while they are being read). */
  readyTimes: ReadyTimeContext | null;
  when: ReadyTimeChoice;
  tip: TipValue;
}

const ALWAYS_SHOWN: readonly CheckoutField[] = ["firstName", "lastName", "email", "phone", "fulfillment", "tip", "instructions", "cardNumber", "cardExpiry", "cardCvc"];
const ADDRESS: readonly CheckoutField[] = ["street", "unit", "city", "state", "postalCode"];
const OPTIONAL: readonly CheckoutField[] = ["unit", "state", "instructions", "tip", "when"];

/**
 * The fields the page shows for a situation, in page order, and those of them the visitor must fill:
 * the address only for delivery (its unit and state optional), the ready time unless the order ships,
 * a chosen slot only once the order is timed and scheduled, the tip amount only for a custom tip.
 */
export function checkoutFields(situation: CheckoutSituation): { shown: CheckoutField[]; required: CheckoutField[] } {
  const delivery = situation.fulfillment === "delivery";
  const timed = situation.readyTimes?.timed === true;
  const shown = new Set<CheckoutField>([
    ...ALWAYS_SHOWN,
    ...(delivery ? ADDRESS : []),
    ...(delivery && situation.shipping ? [] : (["when", "scheduledFor"] as const)),
    ...(situation.tip === "custom" ? (["tipAmount"] as const) : []),
  ]);
  const ordered = FIELD_ORDER.filter((field) => shown.has(field));
  const required = ordered.filter((field) => !OPTIONAL.includes(field) && (field !== "scheduledFor" || (timed && situation.when === "scheduled")));
  return { shown: ordered, required };
}

/**
 * Every problem with the form, one per field, with the same rules the API service applies (SPEC §5 email
 * and phone, postal codes per country). Which fields count comes from `checkoutFields`; the time counts
 * only when the order is timed and its times are known; the card is checked by the test provider's card
 * form. A required field left empty has the problem its own sentence names ("Enter the city.").
 */
export function validateCheckoutForm(
  form: CheckoutForm,
  context: {
    now: Date | number;
    zone?: string;
    options: FulfillmentOptions;
    delivery?: { minimumCents: number; subtotalCents: number; currency: string };
    readyTimes?: ReadyTimeContext | null;
    /** The order's currency and the site's locale: how a tip may be written and how amounts are named. */
    money?: Pick<MoneyFormat, "currency" | "locale">;
  },
): CheckoutProblems {
  const errors: CheckoutProblems = {};
  const set = (field: CheckoutField, problem: SentenceKey | null | undefined | false) => {
    if (problem && !errors[field]) errors[field] = problem;
  };
  const { required } = checkoutFields({ fulfillment: form.fulfillment, shipping: false, readyTimes: context.readyTimes ?? null, when: form.when, tip: form.tip });
  for (const field of required) if (form[field].trim() === "") set(field, field);
  if (!isValidEmail(form.email)) set("email", "email");
  if (!looksLikePhoneNumber(form.phone)) set("phone", "phone");
  if (!context.options[form.fulfillment]) set("fulfillment", "fulfillment");
  const { delivery } = context;
  if (form.fulfillment === "delivery" && delivery && deliveryMinimumNote(delivery.subtotalCents, delivery.minimumCents, { currency: delivery.currency })) set("fulfillment", "deliveryMinimum");
  if (required.includes("postalCode") && !validatePostalCode(form.country, form.postalCode)) set("postalCode", "postalCode");
  if (context.readyTimes?.timed && form.when === "asap" && !context.readyTimes.asapAvailable) set("scheduledFor", "asapUnavailable");
  if (required.includes("tipAmount")) {
    const tip = tipFromChoice(tipChoiceOf(form), "", context.money);
    if (!tip.ok) set("tipAmount", tip.problem);
  }
  if (form.instructions.length > MAX_INSTRUCTIONS) set("instructions", "instructions");
  const card = tokenizeTestCard({ number: form.cardNumber, expiry: form.cardExpiry, cvc: form.cardCvc }, context.now, context.zone);
  if (!card.ok) for (const [field, problem] of Object.entries(card.errors) as [CardField, SentenceKey][]) set(field, problem);
  return errors;
}

export function firstErrorField(errors: FieldErrors | CheckoutProblems): CheckoutField | undefined {
  return FIELD_ORDER.find((field) => errors[field]);
}

// ─── the ready time ─────────────────────────────────────────────────────────────────────────────

/** What the picker needs of `GET orders/{id}/fulfillment-slots/` (FulfillmentSlotsView). */
export interface ReadySlotsInput {
  timed: boolean;
  asap: { available: boolean; reason?: AsapUnavailableReason | null };
  days: readonly { date: string; slots: readonly { start: string; available: boolean }[] }[];
}

/** The first slot that can still be chosen, on `date` when given; null when there is none. */
export function firstOpenSlot(days: ReadySlotsInput["days"], date?: string): string | null {
  for (const day of days) {
    if (date !== undefined && day.date !== date) continue;
    const slot = day.slots.find((candidate) => candidate.available);
    if (slot) return slot.start;
  }
  return null;
}

/** The date (YYYY-MM-DD) whose list holds the slot starting at `start`. */
export function dayOfSlot(days: ReadySlotsInput["days"], start: string): string | null {
  return days.find((day) => day.slots.some((slot) => slot.start === start))?.date ?? null;
}

/**
 * How the time picker heads itself when the kitchen cannot do as soon as possible while the location takes
 * orders: "Closing soon · order for later". Closed and paused are the location's ordering state (ordering-state.ts).
 */
export const ASAP_UNAVAILABLE_HEADLINES: Readonly<Record<Extract<AsapUnavailableReason, "closing" | "full">, string>> = {
  closing: "Closing soon",
  full: "Fully booked for now",
};

/**
 * The choice to show once the times are known (and each time they are read again): as soon as possible
 * while it is offered; otherwise a scheduled slot, the first one offered unless the visitor chose one that
 * is still offered. A chosen slot that is no longer offered is dropped (`lost`), so the visitor is told
 * and chooses again instead of being sent elsewhere silently.
 */
export function reconcileReadyChoice(
  choice: Pick<CheckoutForm, "when" | "scheduledFor">,
  times: ReadySlotsInput,
): { when: ReadyTimeChoice; scheduledFor: string; lost: boolean } {
  if (!times.timed) return { when: "asap", scheduledFor: "", lost: false };
  const offered = (start: string) => times.days.some((day) => day.slots.some((slot) => slot.start === start && slot.available));
  if (choice.when === "scheduled" && choice.scheduledFor !== "") {
    return offered(choice.scheduledFor) ? { when: "scheduled", scheduledFor: choice.scheduledFor, lost: false } : { when: "scheduled", scheduledFor: "", lost: true };
  }
  if (choice.when === "asap" && times.asap.available) return { when: "asap", scheduledFor: "", lost: false };
  return { when: "scheduled", scheduledFor: firstOpenSlot(times.days) ?? "", lost: false };
}

// ─── changes the checkout makes beside typing ───────────────────────────────────────────────────

export type CheckoutState<R = unknown> = FormState<CheckoutForm, R>;

/** What the tab's session keeps of the form: never the card, never a time that may be gone by a reload. */
export function savedCheckoutForm(form: CheckoutForm): Partial<CheckoutForm> {
  const { cardNumber: _n, cardExpiry: _e, cardCvc: _c, when: _w, scheduledFor: _s, ...keep } = form;
  return keep;
}

/**
 * The form to start from: the empty one, with what the session kept of an earlier visit (text values
 * only, so a kept value of another shape is dropped), and the empty form's method if the kept one is
 * not offered.
 */
export function restoreCheckoutForm(empty: CheckoutForm, saved: unknown, options: FulfillmentOptions): CheckoutForm {
  const kept = saved !== null && typeof saved === "object" ? (saved as Record<string, unknown>) : {};
  const merged = { ...empty };
  for (const field of Object.keys(savedCheckoutForm(empty)) as CheckoutField[]) {
    const value = kept[field];
    if (typeof value === "string") (merged as Record<CheckoutField, string>)[field] = value;
  }
  if (!/^(percent-\d+(\.\d+)?|custom|none)$/.test(merged.tip)) merged.tip = empty.tip;
  return options[merged.fulfillment] ? merged : { ...merged, fulfillment: empty.fulfillment };
}

/** The visitor chose when (as soon as possible, or a slot): both parts of the choice are fixed at once. */
export function chooseReadyTime<R>(state: CheckoutState<R>, choice: Pick<CheckoutForm, "when" | "scheduledFor">): CheckoutState<R> {
  return changeField(changeField(state, "when", choice.when), "scheduledFor", choice.scheduledFor);
}

export const LOST_TIME_MESSAGE = "The time you chose is no longer available (it has just been booked, or it has passed): choose another time.";

/**
 * A new reading of the ready times: the choice becomes what `reconcileReadyChoice` keeps, without
 * clearing a message the visitor has not acted on; a chosen slot that has gone is flagged at the picker.
 */
export function applyReadyTimes<R>(state: CheckoutState<R>, times: ReadySlotsInput): { state: CheckoutState<R>; lost: boolean } {
  const next = reconcileReadyChoice(state.values, times);
  const values = next.when !== state.values.when || next.scheduledFor !== state.values.scheduledFor ? { ...state.values, when: next.when, scheduledFor: next.scheduledFor } : state.values;
  const moved = values === state.values ? state : { ...state, values };
  return { state: next.lost ? flagField(moved, "scheduledFor", LOST_TIME_MESSAGE) : moved, lost: next.lost };
}

/**
 * A chosen address suggestion fills the street, city, state and postal code at once (keeping a part the
 * suggestion lacks); an address in another country than the one delivered to is flagged at the street.
 */
export function placeAddress<R>(state: CheckoutState<R>, address: PlaceAddress, deliverer: { name: string; country: string }): CheckoutState<R> {
  let next = changeField(state, "street", address.street);
  if (address.city) next = changeField(next, "city", address.city);
  if (address.state) next = changeField(next, "state", address.state);
  if (address.postalCode) next = changeField(next, "postalCode", address.postalCode);
  const errors = { ...next.errors };
  delete errors.city;
  delete errors.state;
  delete errors.postalCode;
  next = { ...next, errors };
  const abroad = address.country !== "" && address.country !== deliverer.country;
  return abroad ? flagField(next, "street", `This address is in ${address.country}, and ${deliverer.name} delivers in ${deliverer.country} only: enter an address there.`) : next;
}

/** A tip choice clears the tip's messages; a custom amount chosen anew starts empty. */
export function chooseTip<R>(state: CheckoutState<R>, tip: TipValue): CheckoutState<R> {
  const fresh = tip === "custom" && state.values.tip !== "custom";
  const next = changeField(fresh ? changeField(state, "tipAmount", "") : state, "tip", tip);
  const errors = { ...next.errors };
  delete errors.tipAmount;
  return { ...next, errors };
}
