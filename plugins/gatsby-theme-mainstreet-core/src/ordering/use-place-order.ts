import { useRef, useState, type FormEvent, type RefObject } from "react";
import { navigate } from "gatsby";
import { CHECKOUT_LABELS, firstErrorField, tipChoiceOf, tipFromChoice, validateCheckoutForm, type CheckoutForm, type ReadyTimeContext } from "@mainstreet/rules/orders/checkout";
import type { CheckoutCall } from "@mainstreet/rules/orders/checkout-calls";
import { CHECKOUT_ACTIONS, orderingEvent, type StoredCart } from "@mainstreet/rules/orders/cart";
import { errorFields, fail, hold, release, startSubmit, succeed, type FormState } from "@mainstreet/rules/forms/form-state";
import type { CheckoutView } from "@mainstreet/rules/api/order-api";
import { ORDERING_PATHS } from "@mainstreet/rules/orders/order-paths";
import { TEST_PROVIDER_ID, tokenizeTestCard } from "@mainstreet/rules/orders/test-card";
import { lazyModule } from "../hydration/lazy-module";
import { isApiError } from "../runtime/api-client";
import { unreachable } from "../runtime/api-read";
import { track } from "../runtime/analytics";
import { focusSoon, type FormStore } from "../forms/form-fields";
import { acceptAdjustments, announce, clearCart, refreshCart } from "./cart-store";
import { checkoutFieldId, checkoutFormKey, checkoutSession } from "./use-checkout-form";
import type { OrderingConfig, OrderingLocation } from "./use-ordering-config";

type CheckoutState = FormState<CheckoutForm, CheckoutView>;

// The calls, what their refusals mean and the sentences for the form's problems come apart from the form:
// a visitor reading the page has no use for them yet. A failed load (offline, a deploy replaced the chunk)
// is tried again when next needed.
const placing = lazyModule(() => import("./place-order-calls"));
type PlaceOrderCalls = NonNullable<ReturnType<typeof placing.get>>;

/** Starts loading the calls while the visitor fills in the form, so Place order does not wait for them. */
export const preparePlacing = () => void placing.load().catch(() => undefined);

interface PlaceOrderInput {
  config: OrderingConfig;
  location: OrderingLocation;
  cart: StoredCart;
  form: FormStore<CheckoutForm, CheckoutView>;
  readyTimes: ReadyTimeContext | null;
  reloadTimes(): void;
  /** The site's locale: how a tip may be written and how amounts are named. */
  locale: string;
  /** The messages' box: focus goes there when a problem names no field. */
  summary: RefObject<HTMLDivElement>;
  /** The ids of the adjustments waiting to be accepted. */
  adjustmentIds: string[];
}

/**
 * Place order: the form is checked with the checkout's rules, then the calls run in order
 * (checkout-flow.ts) with a progress message; a refusal lands next to its field (announced, focus on the
 * first); changed prices hold the form until accepted. A second click while a run is under way does nothing.
 */
export function usePlaceOrder({ config, location, cart, form, readyTimes, reloadTimes, locale, summary, adjustmentIds }: PlaceOrderInput) {
  const [progress, setProgress] = useState("");
  const running = useRef(false);
  const currency = cart.order.currency;

  const showProblems = (state: CheckoutState) => {
    const fields = errorFields(state);
    if (fields.length > 0) {
      announce(`${fields.length === 1 ? "1 field needs" : `${fields.length} fields need`} attention: ${fields.map((field) => CHECKOUT_LABELS[field]).join(", ")}.`);
      const first = firstErrorField(state.errors) ?? fields[0];
      focusSoon(() => document.getElementById(checkoutFieldId(first)));
    } else if (state.message) {
      focusSoon(() => summary.current);
    }
  };

  const refused = (failure: unknown, step: CheckoutCall, calls: PlaceOrderCalls) => {
    if (!isApiError(failure)) return showProblems(form.apply((current) => fail(current, failure instanceof Error ? failure.message : String(failure))));
    const sorted = calls.refusalToErrors(step, { status: failure.status, message: failure.message, body: failure.body });
    // A refused time: read the times again, so the picker offers what can still be promised.
    if (sorted.fields.scheduledFor) reloadTimes();
    showProblems(form.apply((current) => fail(current, sorted.form ?? "", sorted.fields)));
  };

  const run = async (values: CheckoutForm, token: string, loaded: PlaceOrderCalls) => {
    const tip = tipFromChoice(tipChoiceOf(values), values.instructions, { currency });
    let step: CheckoutCall = "set_customer";
    try {
      const outcome = await loaded.runCheckout({ config, location, cart, form: values, payment: { token, providerId: TEST_PROVIDER_ID }, tip, readyTimes }, (call) => {
        step = call;
        setProgress(call === "start_checkout" || call === "close_checkout" ? "Placing your order…" : "Saving your details…");
      });
      if ("adjustments" in outcome) {
        form.apply((current) => hold(current));
        announce("Some prices or items changed since you added them. Review and accept the changes to continue.");
        focusSoon(() => summary.current);
        return;
      }
      const placed = outcome.placed;
      loaded.rememberPlaced(config.siteId, { orderId: placed.order_uuid, token: cart.token, number: placed.order_number });
      track(orderingEvent(CHECKOUT_ACTIONS.placeOrder, placed.order_number, placed.totals.total_cents, currency));
      form.apply((current) => succeed(current, placed));
      clearCart(config.siteId, location.locationId);
      checkoutSession.remove(checkoutFormKey(config.siteId));
      await navigate(`${ORDERING_PATHS.order}?id=${encodeURIComponent(placed.order_uuid)}`);
    } catch (failure) {
      refused(failure, step, loaded);
    } finally {
      running.current = false;
      setProgress("");
    }
  };

  /** The form checked with the checkout's rules, worded with the loaded sentences; the run when it passes. */
  const check = (calls: PlaceOrderCalls) => {
    const now = Date.now();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const context = {
      now,
      zone,
      options: { pickup: location.pickupEnabled, delivery: location.delivery.enabled },
      delivery: { minimumCents: location.delivery.minimumCents, subtotalCents: cart.order.totals.subtotal_cents, currency },
      readyTimes,
      money: { currency, locale },
    };
    let send = false;
    let checked = false;
    const next = form.apply((current) => {
      const started = startSubmit(current, (values) => calls.checkoutSentences(validateCheckoutForm(values, context)));
      send = started.send;
      checked = started.state !== current;
      return started.state;
    });
    running.current = send;
    if (!send) {
      if (checked) showProblems(next);
      return;
    }
    const card = tokenizeTestCard({ number: next.values.cardNumber, expiry: next.values.cardExpiry, cvc: next.values.cardCvc }, now, zone);
    if (!card.ok) {
      running.current = false;
      showProblems(form.apply((current) => fail(current, "", calls.checkoutSentences(card.errors))));
      return;
    }
    void run(next.values, card.token, calls);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A double click (or Enter pressed twice) while a check or a run is under way starts nothing.
    if (running.current) return;
    running.current = true;
    // Not loading the calls is being offline: the same plain message as a call that cannot be sent.
    placing.load().then(check, () => {
      running.current = false;
      showProblems(form.apply((current) => fail(startSubmit(current, () => ({})).state, unreachable().message)));
    });
  };

  const accept = async () => {
    try {
      await acceptAdjustments(config, location.locationId, adjustmentIds);
      form.apply((current) => release(current));
      announce("Changes accepted. Check the new total, then place your order.");
    } catch (failure) {
      // A newer proposal replaced the one shown: read the order again and show that one.
      await refreshCart(config, location.locationId).catch(() => undefined);
      form.apply((current) => hold(current, failure instanceof Error ? failure.message : String(failure)));
    }
  };

  return { submit, accept, progress };
}
