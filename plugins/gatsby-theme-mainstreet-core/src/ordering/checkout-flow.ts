import type { CheckoutForm, ReadyTimeContext, tipFromChoice } from "@mainstreet/rules/orders/checkout";
import { checkoutCalls, fulfillmentRequest, type CheckoutCall } from "@mainstreet/rules/orders/checkout-calls";
import { storedCart, type StoredCart } from "@mainstreet/rules/orders/cart";
import { SENTENCES } from "@mainstreet/rules/forms/field-sentences";
import type { CheckoutView, OrderView } from "@mainstreet/rules/api/order-api";
import { apiError, isApiError, apiRequest } from "../runtime/api-client";
import { BOT_ACTIONS, getBotProof } from "../runtime/bot-protection";
import { saveCart } from "./cart-store";
import type { OrderingConfig, OrderingLocation } from "./use-ordering-config";

export interface CheckoutRun {
  config: OrderingConfig;
  location: OrderingLocation;
  cart: StoredCart;
  form: CheckoutForm;
  /** The payment source the card form made: its token and the processor that reads it. */
  payment: { token: string; providerId: string };
  /**
   * The tip as SPEC §5 attributes, or why the amount is not one, made with the form's rules before the run:
   * this module loads apart from the form, and importing those rules here would make webpack keep them as
   * a module both chunks share (with an export table) instead of inlining them into the form's chunk.
   */
  tip: ReturnType<typeof tipFromChoice>;
  /** What fulfillment-slots/ said, when the checkout knows it (shipping sends no time). */
  readyTimes: ReadyTimeContext | null;
}

export type CheckoutOutcome = { placed: CheckoutView } | { adjustments: OrderView };

/** The checkout as the confirmation needs it, from an order that an earlier attempt already placed. */
function placedFromOrder(order: OrderView): CheckoutView | null {
  if (order.status !== "placed" || !order.checkout) return null;
  return {
    id: order.checkout.id,
    order_uuid: order.id,
    order_number: order.number,
    status: "closed",
    order_status: "placed",
    currency: order.currency,
    totals: order.totals,
    payment: null,
    location_time_zone: order.location_time_zone,
    promised_at: order.promised_at,
    promised_until: order.promised_until,
    placed_at: order.placed_at,
  };
}

/**
 * The calls of SPEC §4 "Order flow" from where the order stands, for the checkout page: every answer is
 * saved as the cart, and a refused payment step reads the order again, so the next attempt starts from
 * its real state (an order the service reopened after a failed capture or a time that passed is open
 * again and goes through every call). `onStep` names each call as it starts, for the progress message.
 */
export async function runCheckout(run: CheckoutRun, onStep: (call: CheckoutCall) => void): Promise<CheckoutOutcome> {
  const { config, location, form } = run;
  let cart = run.cart;
  const save = (order: OrderView) => {
    cart = storedCart(order, cart.token, location.locationId);
    saveCart(config.siteId, cart);
  };
  const orderCall = async (path: string, method: "GET" | "PUT", body?: unknown) => {
    const order = await apiRequest<OrderView>(`orders/${cart.orderId}/${path}`, { method, body, token: cart.token });
    save(order);
    return order;
  };
  const reread = () => orderCall("", "GET").catch(() => null);
  let checkoutId = cart.order.checkout?.id ?? null;
  for (const call of checkoutCalls({ fulfillment: form.fulfillment, orderStatus: cart.order.status })) {
    onStep(call);
    switch (call) {
      case "validate_address":
        await apiRequest("fulfillments/address-validation/", {
          method: "POST",
          body: {
            country: form.country,
            state: form.state.trim(),
            city: form.city.trim(),
            postal_code: form.postalCode.trim(),
            line1: form.street.trim(),
            line2: form.unit.trim(),
            merchant_product: config.merchantProduct,
            merchant_location: location.locationId,
            fulfillment_type: "delivery",
            fulfillment_provider: "merchant",
          },
        });
        break;
      case "set_customer":
        await orderCall("customers/", "PUT", { first_name: form.firstName.trim(), last_name: form.lastName.trim(), email: form.email.trim(), phone: form.phone.trim() });
        break;
      case "set_recipient":
        // The recipient is the customer: their name is not asked twice (WCAG 3.3.7).
        await orderCall("recipient/", "PUT", {
          first_name: form.firstName.trim(),
          last_name: form.lastName.trim(),
          street_address: form.street.trim(),
          extended_address: form.unit.trim(),
          locality: form.city.trim(),
          administrative_area_level_1: form.state.trim(),
          postal_code: form.postalCode.trim(),
          country: form.country,
        });
        break;
      case "set_fulfillment":
        await orderCall("fulfillments/", "PUT", fulfillmentRequest(form, run.readyTimes));
        break;
      case "set_attributes": {
        const { tip } = run;
        if (!tip.ok) throw apiError(SENTENCES[tip.problem], 422, { detail: [{ path: "body.tip", message: SENTENCES[tip.problem] }] });
        await orderCall("attributes/", "PUT", tip.attributes);
        break;
      }
      case "set_payment_source":
        await orderCall("payment-source/", "PUT", { token: run.payment.token, provider_id: run.payment.providerId, default: false });
        break;
      case "read_adjustments": {
        const order = await orderCall("", "GET");
        if (order.adjustments.length > 0) return { adjustments: order };
        break;
      }
      case "start_checkout": {
        try {
          const checkout = await apiRequest<CheckoutView>("checkouts/", { method: "POST", body: { order_uuid: cart.orderId }, token: cart.token, botProof: await getBotProof(BOT_ACTIONS.startCheckout) });
          checkoutId = checkout.id;
          save({ ...cart.order, status: checkout.order_status, checkout: { id: checkout.id, status: checkout.status, payment_status: null, failure_message: null } });
        } catch (error) {
          // The catalog changed between the read above and this call: show what changed.
          if (isApiError(error) && error.status === 409) {
            const order = await reread();
            if (order && order.adjustments.length > 0) return { adjustments: order };
          }
          throw error;
        }
        break;
      }
      case "close_checkout": {
        if (!checkoutId) throw apiError("The checkout could not be found; place the order again.", 409, undefined);
        try {
          const closed = await apiRequest<CheckoutView>(`checkouts/${checkoutId}/close/`, { method: "POST", token: cart.token, botProof: await getBotProof(BOT_ACTIONS.closeCheckout) });
          return { placed: closed };
        } catch (error) {
          // A capture that failed or a time that passed reopens the order: keep what the service says now.
          await reread();
          throw error;
        }
      }
    }
  }
  const placed = placedFromOrder(await orderCall("", "GET"));
  if (placed) return { placed };
  throw apiError("The order could not be placed; please try again.", 409, undefined);
}
