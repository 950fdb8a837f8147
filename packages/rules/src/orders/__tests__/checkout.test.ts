import {
  applyReadyTimes,
  checkoutFields,
  chooseTip,
  defaultTipChoice,
  emptyCheckoutForm,
  dayOfSlot,
  firstErrorField,
  firstOpenSlot,
  placeAddress,
  reconcileReadyChoice,
  restoreCheckoutForm,
  savedCheckoutForm,
  type ReadySlotsInput,
  tipChoiceOf,
  tipFromChoice,
  tipValue,
  validateCheckoutForm,
  type CheckoutField,
  type CheckoutForm,
  type CheckoutSituation,
  type CheckoutState,
  type CheckoutProblems,
  type TipChoice,
} from "../checkout";
import { initialFormState } from "../../forms/form-state";

const NOW = Date.UTC(2030, 5, 15, 12);
const both = { pickup: true, delivery: true };

const valid = (overrides: Partial<CheckoutForm> = {}): CheckoutForm => ({
  ...emptyCheckoutForm({ fulfillment: both, country: "US", tip: { kind: "none" } }),
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "215-555-0142",
  cardNumber: "4242 4242 4242 4242",
  cardExpiry: "12/31",
  cardCvc: "123",
  ...overrides,
});

const delivery = (overrides: Partial<CheckoutForm> = {}) => valid({ fulfillment: "delivery", street: "1200 Frankford Ave", city: "Philadelphia", state: "PA", postalCode: "19125", ...overrides });

describe("emptyCheckoutForm and defaultTipChoice", () => {
  it.each<[{ pickup: boolean; delivery: boolean }, CheckoutForm["fulfillment"]]>([
    [both, "pickup"],
    [{ pickup: false, delivery: true }, "delivery"],
  ])("offers %j → starts on %s", (options, fulfillment) => {
    expect(emptyCheckoutForm({ fulfillment: options, country: "US", tip: { kind: "none" } }).fulfillment).toBe(fulfillment);
  });

  it.each<[number[], number | undefined, TipChoice]>([
    [[15, 18, 20], 18, { kind: "percent", percent: 18 }],
    [[15, 18, 20], undefined, { kind: "none" }],
    [[0], 0, { kind: "none" }],
    [[15], 25, { kind: "none" }],
  ])("presets %j default %s → %j", (tipPercentages, defaultTipPercentage, choice) => {
    expect(defaultTipChoice({ tipPercentages, defaultTipPercentage })).toEqual(choice);
  });
});

describe("tipFromChoice (SPEC §5 tip rule)", () => {
  it.each<[string, TipChoice, string, ReturnType<typeof tipFromChoice>]>([
    ["a preset percentage", { kind: "percent", percent: 15 }, "Ring twice", { ok: true, attributes: { tip_percentage: 15, instructions: "Ring twice" } }],
    ["a custom amount wins, in cents", { kind: "custom", amount: "4.50" }, "", { ok: true, attributes: { tip: 450, instructions: "" } }],
    ["a custom amount with a dollar sign", { kind: "custom", amount: "$3" }, "", { ok: true, attributes: { tip: 300, instructions: "" } }],
    ["no tip sends tip_percentage 0", { kind: "none" }, "  ", { ok: true, attributes: { tip_percentage: 0, instructions: "" } }],
    ["a custom amount that is not money", { kind: "custom", amount: "lots" }, "", { ok: false, problem: "tipAmount" }],
    ["a custom amount over the cap", { kind: "custom", amount: "20000" }, "", { ok: false, problem: "tipTooLarge" }],
  ])("%s", (_label, choice, instructions, expected) => {
    expect(tipFromChoice(choice, instructions)).toEqual(expected);
  });

  // Issue 19: the amount is read in the order's currency, with at most its minor digits.
  it.each<[string, string, string, ReturnType<typeof tipFromChoice>]>([
    ["300 yen", "JPY", "300", { ok: true, attributes: { tip: 300, instructions: "" } }],
    ["yen have no decimals", "JPY", "300.50", { ok: false, problem: "tipAmount" }],
    ["euros with cents", "EUR", "2.50", { ok: true, attributes: { tip: 250, instructions: "" } }],
    ["dinars with fils", "KWD", "0.750", { ok: true, attributes: { tip: 750, instructions: "" } }],
    ["dinars over the cap", "KWD", "2000", { ok: false, problem: "tipTooLarge" }],
  ])("%s", (_label, currency, amount, expected) => {
    expect(tipFromChoice({ kind: "custom", amount }, "", { currency, locale: "en-US" })).toEqual(expected);
  });
});

describe("validateCheckoutForm", () => {
  const check = (form: CheckoutForm, extra: Partial<Parameters<typeof validateCheckoutForm>[1]> = {}) => validateCheckoutForm(form, { now: NOW, options: both, ...extra });

  it.each<[string, CheckoutForm, CheckoutProblems]>([
    ["a complete pickup order", valid(), {}],
    ["a complete delivery order", delivery(), {}],
    [
      "an empty form names every required field",
      emptyCheckoutForm({ fulfillment: both, country: "US", tip: { kind: "none" } }),
      {
        firstName: "firstName",
        lastName: "lastName",
        email: "email",
        phone: "phone",
        cardNumber: "cardNumber",
        cardExpiry: "cardExpiry",
        cardCvc: "cardCvc",
      },
    ],
    ["an email without a dot after the @ (SPEC §5)", valid({ email: "ada@example" }), { email: "email" }],
    ["an email with a space", valid({ email: "ada lovelace@example.com" }), { email: "email" }],
    ["a phone too short to be a number anywhere", valid({ phone: "55-0142" }), { phone: "phone" }],
    ["a phone in brackets is fine", valid({ phone: "(215) 555-0142" }), {}],
    [
      "delivery without an address",
      valid({ fulfillment: "delivery" }),
      {
        street: "street",
        city: "city",
        postalCode: "postalCode",
      },
    ],
    ["delivery with a bad US postal code", delivery({ postalCode: "1912" }), { postalCode: "postalCode" }],
    ["a pickup order ignores an unfinished address", valid({ street: "", postalCode: "x" }), {}],
    ["a custom tip that is not money", valid({ tip: "custom", tipAmount: "ten" }), { tipAmount: "tipAmount" }],
    ["a custom tip left empty", valid({ tip: "custom", tipAmount: "" }), { tipAmount: "tipAmount" }],
    ["instructions over the limit", valid({ instructions: "x".repeat(1001) }), { instructions: "instructions" }],
    ["a real card in test mode", valid({ cardNumber: "4111 1111 1111 1111" }), { cardNumber: "cardTestOnly" }],
    ["an expired card", valid({ cardExpiry: "05/30" }), { cardExpiry: "cardExpired" }],
    ["an expiry date that is no date", valid({ cardExpiry: "13/30" }), { cardExpiry: "cardExpiry" }],
  ])("%s", (_label, form, errors) => {
    expect(check(form)).toEqual(errors);
  });

  it.each<[string, { pickup: boolean; delivery: boolean }, CheckoutForm, CheckoutProblems]>([
    ["pickup where only delivery is offered", { pickup: false, delivery: true }, valid(), { fulfillment: "fulfillment" }],
    ["delivery where only pickup is offered", { pickup: true, delivery: false }, delivery(), { fulfillment: "fulfillment" }],
  ])("%s", (_label, options, form, errors) => {
    expect(check(form, { options })).toEqual(errors);
  });

  it.each<[number, CheckoutProblems]>([
    [2500, {}],
    [2499, { fulfillment: "deliveryMinimum" }],
  ])("delivery minimum $25.00 with a subtotal of %i cents", (subtotalCents, errors) => {
    expect(check(delivery(), { delivery: { minimumCents: 2500, subtotalCents, currency: "USD" } })).toEqual(errors);
  });

  it.each<[string, Partial<CheckoutForm>, Parameters<typeof validateCheckoutForm>[1]["readyTimes"], CheckoutProblems]>([
    ["as soon as possible while it is offered", { when: "asap" }, { timed: true, asapAvailable: true }, {}],
    ["as soon as possible while closed", { when: "asap" }, { timed: true, asapAvailable: false }, { scheduledFor: "asapUnavailable" }],
    ["a scheduled time", { when: "scheduled", scheduledFor: "2030-06-15T18:15:00.000-04:00" }, { timed: true, asapAvailable: false }, {}],
    ["scheduled without a time", { when: "scheduled", scheduledFor: "" }, { timed: true, asapAvailable: true }, { scheduledFor: "scheduledFor" }],
    ["shipping has no time to choose", { when: "scheduled", scheduledFor: "" }, { timed: false, asapAvailable: false }, {}],
    ["times not known yet: the service decides", { when: "asap" }, null, {}],
  ])("ready time: %s", (_label, overrides, readyTimes, errors) => {
    expect(check(valid(overrides), { readyTimes })).toEqual(errors);
  });

  it("puts focus order first: the first field with an error on the page", () => {
    expect(firstErrorField({ cardNumber: "x", email: "y", tipAmount: "z" })).toBe("email");
    expect(firstErrorField({})).toBeUndefined();
  });
});

describe("the ready time the picker shows", () => {
  const A = "2030-06-15T18:15:00.000-04:00";
  const B = "2030-06-15T18:30:00.000-04:00";
  const C = "2030-06-16T12:00:00.000-04:00";
  const times = (asap: boolean, full: string[] = []): ReadySlotsInput => ({
    timed: true,
    asap: { available: asap, reason: asap ? null : "closed" },
    days: [
      { date: "2030-06-15", slots: [A, B].map((start) => ({ start, available: !full.includes(start) })) },
      { date: "2030-06-16", slots: [{ start: C, available: !full.includes(C) }] },
      { date: "2030-06-17", slots: [] },
    ],
  });

  it.each<[string, Pick<CheckoutForm, "when" | "scheduledFor">, ReadySlotsInput, ReturnType<typeof reconcileReadyChoice>]>([
    ["as soon as possible while it is offered", { when: "asap", scheduledFor: "" }, times(true), { when: "asap", scheduledFor: "", lost: false }],
    ["closed now: the first time offered, shown as chosen", { when: "asap", scheduledFor: "" }, times(false), { when: "scheduled", scheduledFor: A, lost: false }],
    ["closed now and the first slot full: the next one", { when: "asap", scheduledFor: "" }, times(false, [A]), { when: "scheduled", scheduledFor: B, lost: false }],
    ["the visitor's choice still offered is kept", { when: "scheduled", scheduledFor: C }, times(true), { when: "scheduled", scheduledFor: C, lost: false }],
    ["the visitor's choice filled meanwhile is dropped and said", { when: "scheduled", scheduledFor: B }, times(true, [B]), { when: "scheduled", scheduledFor: "", lost: true }],
    ["Schedule for later without a time yet: the first offered", { when: "scheduled", scheduledFor: "" }, times(true), { when: "scheduled", scheduledFor: A, lost: false }],
    ["nothing offered at all", { when: "asap", scheduledFor: "" }, times(false, [A, B, C]), { when: "scheduled", scheduledFor: "", lost: false }],
    ["shipping: nothing to choose", { when: "scheduled", scheduledFor: A }, { timed: false, asap: { available: true }, days: [] }, { when: "asap", scheduledFor: "", lost: false }],
  ])("%s", (_label, choice, offered, expected) => {
    expect(reconcileReadyChoice(choice, offered)).toEqual(expected);
  });

  it.each<[string, string | undefined, string[], string | null]>([
    ["the first open slot of all", undefined, [], A],
    ["of one day", "2030-06-16", [], C],
    ["of a day without slots", "2030-06-17", [], null],
    ["skipping full ones", "2030-06-15", [A], B],
  ])("firstOpenSlot: %s", (_label, date, full, expected) => {
    expect(firstOpenSlot(times(false, full).days, date)).toBe(expected);
  });

  it("dayOfSlot finds the day listing a slot", () => {
    expect(dayOfSlot(times(true).days, C)).toBe("2030-06-16");
    expect(dayOfSlot(times(true).days, "2030-06-15T19:00:00.000-04:00")).toBeNull();
  });
});

describe("checkoutFields (what is shown and what is required when)", () => {
  const at = (overrides: Partial<CheckoutSituation> = {}): CheckoutSituation => ({ fulfillment: "pickup", shipping: false, readyTimes: { timed: true, asapAvailable: true }, when: "asap", tip: "none", ...overrides });
  const customer: CheckoutField[] = ["firstName", "lastName", "email", "phone", "fulfillment"];
  const card: CheckoutField[] = ["cardNumber", "cardExpiry", "cardCvc"];
  const address: CheckoutField[] = ["street", "unit", "city", "state", "postalCode"];
  it.each<[string, CheckoutSituation, CheckoutField[], CheckoutField[]]>([
    ["pickup, as soon as possible", at(), [...customer, "when", "scheduledFor", "tip", "instructions", ...card], [...customer, ...card]],
    ["pickup, scheduled: the slot is required", at({ when: "scheduled" }), [...customer, "when", "scheduledFor", "tip", "instructions", ...card], [...customer, "scheduledFor", ...card]],
    ["scheduled while the times are unknown: the service decides", at({ when: "scheduled", readyTimes: null }), [...customer, "when", "scheduledFor", "tip", "instructions", ...card], [...customer, ...card]],
    ["local delivery: the address, without unit and state", at({ fulfillment: "delivery" }), [...customer, ...address, "when", "scheduledFor", "tip", "instructions", ...card], [...customer, "street", "city", "postalCode", ...card]],
    ["shipping: no ready time", at({ fulfillment: "delivery", shipping: true, readyTimes: { timed: false, asapAvailable: false } }), [...customer, ...address, "tip", "instructions", ...card], [...customer, "street", "city", "postalCode", ...card]],
    ["a custom tip needs its amount", at({ tip: "custom" }), [...customer, "when", "scheduledFor", "tip", "tipAmount", "instructions", ...card], [...customer, "tipAmount", ...card]],
    ["a preset tip needs nothing more", at({ tip: "percent-15" }), [...customer, "when", "scheduledFor", "tip", "instructions", ...card], [...customer, ...card]],
  ])("%s", (_label, situation, shown, required) => {
    expect(checkoutFields(situation)).toEqual({ shown, required });
  });
});

describe("the tip as the form holds it", () => {
  it.each<[TipChoice, CheckoutForm["tip"], string]>([
    [{ kind: "percent", percent: 15 }, "percent-15", ""],
    [{ kind: "custom", amount: "4.50" }, "custom", "4.50"],
    [{ kind: "none" }, "none", ""],
  ])("%j ⇄ %s", (choice, value, amount) => {
    expect(tipValue(choice)).toBe(value);
    expect(tipChoiceOf({ tip: value, tipAmount: amount })).toEqual(choice);
  });

  it("counts an unreadable preset as no tip", () => {
    expect(tipChoiceOf({ tip: "percent-x" as CheckoutForm["tip"], tipAmount: "" })).toEqual({ kind: "none" });
  });
});

describe("restoreCheckoutForm and savedCheckoutForm (the tab's session)", () => {
  const empty = emptyCheckoutForm({ fulfillment: both, country: "US", tip: { kind: "percent", percent: 18 } });
  it.each<[string, unknown, { pickup: boolean; delivery: boolean }, Partial<CheckoutForm>]>([
    ["nothing kept", null, both, {}],
    ["kept text comes back", { firstName: "Ada", fulfillment: "delivery", tip: "custom", tipAmount: "3" }, both, { firstName: "Ada", fulfillment: "delivery", tip: "custom", tipAmount: "3" }],
    ["a kept card or time is never taken", { cardNumber: "4242", scheduledFor: "2030-01-01T10:00:00Z", when: "scheduled" }, both, {}],
    ["a kept value of another shape is dropped", { tip: { kind: "none" }, email: 7 }, both, {}],
    ["a method no longer offered falls back", { fulfillment: "delivery" }, { pickup: true, delivery: false }, {}],
  ])("%s", (_label, saved, options, changed) => {
    expect(restoreCheckoutForm(empty, saved, options)).toEqual({ ...empty, ...changed });
  });

  it("keeps neither the card nor the time", () => {
    expect(Object.keys(savedCheckoutForm(valid({ when: "scheduled", scheduledFor: "x" })))).not.toEqual(expect.arrayContaining(["cardNumber"]));
    expect(savedCheckoutForm(valid())).not.toHaveProperty("scheduledFor");
    expect(savedCheckoutForm(valid())).toHaveProperty("firstName", "Ada");
  });
});

describe("checkout transitions beside typing", () => {
  const state = (overrides: Partial<CheckoutForm> = {}, errors: CheckoutState["errors"] = {}): CheckoutState => ({ ...initialFormState<CheckoutForm, unknown>(delivery(overrides)), errors });
  const slots: ReadySlotsInput = { timed: true, asap: { available: false }, days: [{ date: "2030-06-15", slots: [{ start: "A", available: true }] }] };

  it.each<[string, Partial<CheckoutForm>, CheckoutState["errors"], Partial<CheckoutForm>, CheckoutState["errors"], boolean]>([
    ["a slot still offered changes nothing", { when: "scheduled", scheduledFor: "A" }, { scheduledFor: "Refused." }, { when: "scheduled", scheduledFor: "A" }, { scheduledFor: "Refused." }, false],
    ["as soon as possible while closed moves to the first slot, keeping messages", { when: "asap" }, { scheduledFor: "Closed." }, { when: "scheduled", scheduledFor: "A" }, { scheduledFor: "Closed." }, false],
    [
      "a slot that has gone is dropped and flagged",
      { when: "scheduled", scheduledFor: "B" },
      {},
      { when: "scheduled", scheduledFor: "" },
      { scheduledFor: "The time you chose is no longer available (it has just been booked, or it has passed): choose another time." },
      true,
    ],
  ])("applyReadyTimes: %s", (_label, values, errors, expected, expectedErrors, lost) => {
    const next = applyReadyTimes(state(values, errors), slots);
    expect(next.lost).toBe(lost);
    expect(next.state.values).toMatchObject(expected);
    expect(next.state.errors).toEqual(expectedErrors);
  });

  it.each<[string, { street: string; city: string; state: string; postalCode: string; country: string }, Partial<CheckoutForm>, CheckoutState["errors"]]>([
    ["a full address fills every part", { street: "1 Main St", city: "Camden", state: "NJ", postalCode: "08102", country: "US" }, { street: "1 Main St", city: "Camden", state: "NJ", postalCode: "08102" }, {}],
    ["a part the suggestion lacks is kept", { street: "1 Main St", city: "", state: "", postalCode: "", country: "" }, { street: "1 Main St", city: "Philadelphia", state: "PA", postalCode: "19125" }, {}],
    [
      "an address abroad is flagged at the street",
      { street: "1 Rue X", city: "Paris", state: "", postalCode: "75001", country: "FR" },
      { street: "1 Rue X", city: "Paris" },
      { street: "This address is in FR, and Vela Fishtown delivers in US only: enter an address there." },
    ],
  ])("placeAddress: %s", (_label, address, values, errors) => {
    const next = placeAddress(state({}, { street: "x", city: "y", postalCode: "z", email: "kept" }), address, { name: "Vela Fishtown", country: "US" });
    expect(next.values).toMatchObject(values);
    expect(next.errors).toEqual({ email: "kept", ...errors });
  });

  it.each<[string, Partial<CheckoutForm>, CheckoutForm["tip"], Partial<CheckoutForm>]>([
    ["another choice", { tip: "custom", tipAmount: "ten" }, "none", { tip: "none" }],
    ["custom chosen anew starts empty", { tip: "none", tipAmount: "ten" }, "custom", { tip: "custom", tipAmount: "" }],
    ["custom chosen again keeps the amount", { tip: "custom", tipAmount: "ten" }, "custom", { tip: "custom", tipAmount: "ten" }],
  ])("chooseTip clears the tip's messages: %s", (_label, values, tip, expected) => {
    const next = chooseTip(state(values, { tip: "x", tipAmount: "y", email: "kept" }), tip);
    expect(next.values).toMatchObject(expected);
    expect(next.errors).toEqual({ email: "kept" });
  });
});
