/**
 * What placing an order needs and filling in the form does not: the calls (checkout-flow.ts), which
 * field a refusal of them belongs to, the visitor's sentences for the form's problems, and remembering
 * the placed order in this browser. use-place-order.ts
 * loads this apart from the form, once the visitor starts on the form or at the latest on Place order,
 * so the checkout page opens with the form's code only.
 */
export { runCheckout } from "./checkout-flow";
export { checkoutSentences, refusalToErrors } from "@mainstreet/rules/orders/checkout-calls";
export { rememberPlaced } from "./placed-orders";
