import { checkoutCalls, checkoutSentences, fulfillmentRequest, refusalToErrors, type CheckoutCall } from "../checkout-calls";
import { GENERAL_REFUSAL, SENTENCES } from "../../forms/field-sentences";

describe("checkoutCalls (SPEC §4 order flow)", () => {
  it.each<[string, Parameters<typeof checkoutCalls>[0], CheckoutCall[]]>([
    [
      "pickup",
      { fulfillment: "pickup", orderStatus: "open" },
      ["set_customer", "set_fulfillment", "set_attributes", "set_payment_source", "read_adjustments", "start_checkout", "close_checkout"],
    ],
    [
      "delivery validates the address first and sets the recipient before the fulfillment",
      { fulfillment: "delivery", orderStatus: "open" },
      ["validate_address", "set_customer", "set_recipient", "set_fulfillment", "set_attributes", "set_payment_source", "read_adjustments", "start_checkout", "close_checkout"],
    ],
    ["an order whose payment is authorised only needs closing", { fulfillment: "pickup", orderStatus: "checkout" }, ["close_checkout"]],
    ["a placed order needs nothing", { fulfillment: "delivery", orderStatus: "placed" }, []],
  ])("%s", (_label, state, calls) => {
    expect(checkoutCalls(state)).toEqual(calls);
  });
});

describe("fulfillmentRequest (PUT orders/{id}/fulfillments/)", () => {
  const slot = "2030-06-15T18:15:00.000-04:00";
  it.each<[string, Parameters<typeof fulfillmentRequest>[0], Parameters<typeof fulfillmentRequest>[1], ReturnType<typeof fulfillmentRequest>]>([
    ["as soon as possible sends null", { fulfillment: "pickup", when: "asap", scheduledFor: slot }, { timed: true, asapAvailable: true }, { method: "pickup", scheduled_for: null }],
    ["a scheduled slot sends its start", { fulfillment: "delivery", when: "scheduled", scheduledFor: slot }, { timed: true, asapAvailable: false }, { method: "delivery", scheduled_for: slot }],
    ["times not loaded: as chosen", { fulfillment: "pickup", when: "scheduled", scheduledFor: slot }, null, { method: "pickup", scheduled_for: slot }],
    ["shipping sends no time", { fulfillment: "delivery", when: "scheduled", scheduledFor: slot }, { timed: false, asapAvailable: false }, { method: "delivery" }],
  ])("%s", (_label, form, readyTimes, body) => {
    expect(fulfillmentRequest(form, readyTimes)).toEqual(body);
  });
});

describe("refusalToErrors", () => {
  it.each<[string, CheckoutCall, Parameters<typeof refusalToErrors>[1], ReturnType<typeof refusalToErrors>]>([
    [
      "a 422 with detail paths lands on the fields, in the visitor's words rather than the parser's",
      "set_customer",
      { status: 422, message: "body.email: expected an email address", body: { message: "x", detail: [{ path: "body.email", message: 'expected an email address like name@example.com, got "ada@example"' }] } },
      { fields: { email: "Enter an email address like name@example.com." }, form: null },
    ],
    [
      "a 400 of the request parser lands on the fields the same way",
      "set_recipient",
      { status: 400, message: 'body.postal_code: expected a string, got 19125 (and 1 more problem)', body: { detail: [{ path: "body.postal_code", message: "expected a string, got 19125" }, { path: "body.locality", message: "expected a string, got nothing" }] } },
      { fields: { postalCode: SENTENCES.postalCode, city: SENTENCES.city }, form: null },
    ],
    [
      "a phone number the service could not read with the location's country, in the visitor's words",
      "set_customer",
      { status: 422, message: "body.phone: expected a phone number", body: { detail: [{ path: "body.phone", message: "expected a phone number, national for the location's country (US) like (212) 555-0142 or international starting with +, got \"555-0100 12\"" }] } },
      { fields: { phone: "Enter a phone number with its area code, or from abroad with + and the country code." }, form: null },
    ],
    [
      "address validation outside the delivery area",
      "validate_address",
      { status: 422, message: "m", body: { detail: [{ path: "body.postal_code", message: "Vela Fishtown does not deliver to 10001" }] } },
      { fields: { postalCode: "Vela Fishtown does not deliver to 10001." }, form: null },
    ],
    [
      "a recipient refusal from checkout readiness",
      "start_checkout",
      { status: 422, message: "m", body: { detail: [{ path: "order.recipient.postal_code", message: "not in the area" }] } },
      { fields: { postalCode: "Not in the area." }, form: null },
    ],
    ["a declined card belongs to the card number", "start_checkout", { status: 402, message: "Payment declined: The card was declined. Use another card and try again.", body: {} }, { fields: { cardNumber: "Payment declined: The card was declined. Use another card and try again." }, form: null }],
    [
      "a time refused when it is chosen (422) lands on the time picker with the service's reason",
      "set_fulfillment",
      {
        status: 422,
        message: "body.scheduled_for: Today at 3:15pm is too soon: orders need 20 minutes to prepare; the earliest time is today at 5:30pm.",
        body: { detail: [{ path: "body.scheduled_for", message: "Today at 3:15pm is too soon: orders need 20 minutes to prepare; the earliest time is today at 5:30pm.", code: "too_soon" }] },
      },
      { fields: { scheduledFor: "Today at 3:15pm is too soon: orders need 20 minutes to prepare; the earliest time is today at 5:30pm." }, form: null },
    ],
    [
      "a time that no longer holds when the checkout starts (409) asks for another, in plain words",
      "start_checkout",
      { status: 409, message: "The time chosen for this order is no longer available: … Choose a time again (PUT orders/{id}/fulfillments/), then place the order.", body: { detail: { code: "full", path: "order.scheduled_for" } } },
      { fields: { scheduledFor: "The time you chose is no longer available: that time has just been fully booked. Choose another time, then place your order." }, form: null },
    ],
    [
      "a time that passed before the payment was collected keeps the service's words",
      "close_checkout",
      {
        status: 409,
        message: "The time chosen, today at 12:45pm, has passed before the payment could be completed. The hold on your card was released and your order is open again: choose another time and place it again.",
        body: { detail: { code: "promise_expired", path: "order.scheduled_for" } },
      },
      {
        fields: { scheduledFor: "The time chosen, today at 12:45pm, has passed before the payment could be completed. The hold on your card was released and your order is open again: choose another time and place it again." },
        form: null,
      },
    ],
    ["another 409 stays form-level", "start_checkout", { status: 409, message: "Order is in checkout", body: { detail: { adjustments: [] } } }, { fields: {}, form: "Order is in checkout" }],
    ["the processor unreachable is form-level", "start_checkout", { status: 424, message: "Please try again in a moment.", body: {} }, { fields: {}, form: "Please try again in a moment." }],
    ["a 422 without detail falls back to the call's field, without the path", "set_fulfillment", { status: 422, message: "body.method: Vela does not deliver; choose pickup", body: { message: "x" } }, { fields: { fulfillment: "Vela does not deliver; choose pickup." }, form: null }],
    ["a 422 without detail in the parser's words reads as the call's field's sentence", "set_payment_source", { status: 422, message: 'body.token: expected a token, got ""', body: {} }, { fields: { cardNumber: SENTENCES.cardNumber }, form: null }],
    ["a form-level refusal naming a path reads as the general sentence", "start_checkout", { status: 400, message: 'body.order_uuid: expected a UUID, got "x"', body: {} }, { fields: {}, form: GENERAL_REFUSAL }],
    ["a server failure is form-level with the SPEC §8 message", "set_customer", { status: 500, message: "An error occurred", body: undefined }, { fields: {}, form: "An error occurred" }],
    ["offline is form-level", "close_checkout", { status: 0, message: "An error occurred", body: undefined }, { fields: {}, form: "An error occurred" }],
  ])("%s", (_label, call, refusal, expected) => {
    expect(refusalToErrors(call, refusal)).toEqual(expected);
  });
});

describe("checkoutSentences", () => {
  it("words each problem the form's check found with its sentence, and nothing else", () => {
    expect(checkoutSentences({ email: "email", cardExpiry: "cardExpiry", cardNumber: "cardTestOnly" })).toEqual({
      email: "Enter an email address like name@example.com.",
      cardExpiry: "Enter the card's expiry date, like 08/29.",
      cardNumber: SENTENCES.cardTestOnly,
    });
    expect(checkoutSentences({})).toEqual({});
  });
});
