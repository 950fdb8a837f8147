import { useEffect } from "react";
import {
  applyReadyTimes,
  checkoutFields,
  chooseReadyTime,
  chooseTip,
  defaultTipChoice,
  emptyCheckoutForm,
  LOST_TIME_MESSAGE,
  placeAddress,
  restoreCheckoutForm,
  savedCheckoutForm,
  type CheckoutField,
  type CheckoutForm,
  type ReadyTimeContext,
  type TipValue,
} from "@mainstreet/rules/orders/checkout";
import { CHECKOUT_ACTIONS, orderingEvent, type StoredCart } from "@mainstreet/rules/orders/cart";
import type { CheckoutView } from "@mainstreet/rules/api/order-api";
import type { PlaceAddress } from "@mainstreet/rules/orders/address-search";
import { browserSessionStorage, createStore, siteStorageKey } from "@mainstreet/rules/site/storage";
import { track } from "../runtime/analytics";
import { useFormStore, type FormStore } from "../forms/form-fields";
import { announce, refreshCart } from "./cart-store";
import { locationLabel } from "./location-label";
import { useReadyTimes, type ReadyChoice, type ReadyTimesState } from "./use-ready-times";
import type { OrderingConfig, OrderingLocation } from "./use-ordering-config";

/** The checkout's fields keep stable ids ("checkout-email"): error links and focus name them. */
const ID_PREFIX = "checkout";
export const checkoutFieldId = (field: CheckoutField) => `${ID_PREFIX}-${field}`;

export const checkoutSession = createStore(browserSessionStorage);
export const checkoutFormKey = (siteId: string) => siteStorageKey(siteId, "checkout-form");

export interface CheckoutFormModel {
  form: FormStore<CheckoutForm, CheckoutView>;
  /** The fields the page shows now and those the visitor must fill (rules/orders/checkout.ts). */
  fields: ReturnType<typeof checkoutFields>;
  shipping: boolean;
  times: ReadyTimesState;
  /** What the times say once read: whether the order is timed and as soon as possible is offered. */
  readyTimes: ReadyTimeContext | null;
  reloadTimes(): void;
  chooseTime(choice: ReadyChoice): void;
  fillAddress(address: PlaceAddress): void;
  chooseTip(tip: TipValue): void;
}

/**
 * The checkout's values and errors in one form-kit store, moved by form-state's and the checkout's pure
 * transitions: restored from the tab's session and kept there (never the card or the time), and brought
 * in line with each new reading of the ready times.
 */
export function useCheckoutForm(config: OrderingConfig, location: OrderingLocation, cart: StoredCart): CheckoutFormModel {
  const options = { pickup: location.pickupEnabled, delivery: location.delivery.enabled };
  const form = useFormStore<CheckoutForm, CheckoutView>(() => {
    const empty = emptyCheckoutForm({ fulfillment: options, country: location.country, tip: defaultTipChoice(config) });
    return restoreCheckoutForm(empty, checkoutSession.get<unknown>(checkoutFormKey(config.siteId), null, { now: Date.now() }), options);
  }, { idPrefix: ID_PREFIX });
  const { values } = form.state;
  const { state: times, reload: reloadTimes } = useReadyTimes(cart, values.fulfillment);
  const shipping = values.fulfillment === "delivery" && location.delivery.kind === "shipping";
  const readyTimes = times.status === "ready" ? { timed: times.view.timed, asapAvailable: times.view.asap.available } : null;

  useEffect(() => {
    checkoutSession.set(checkoutFormKey(config.siteId), savedCheckoutForm(values));
  }, [values, config.siteId]);

  useEffect(() => {
    track(orderingEvent(CHECKOUT_ACTIONS.beginCheckout, location.locationId, cart.order.totals.subtotal_cents, cart.order.currency));
    // Prices and availability may have changed since the cart was filled.
    refreshCart(config, location.locationId).catch(() => undefined);
    // Once per visit of the page, whatever later renders bring.
  }, []);

  // Each new reading of the times: keep the visitor's choice while it is offered, else offer the first time there is.
  const view = times.status === "ready" ? times.view : null;
  useEffect(() => {
    if (!view) return;
    let lost = false;
    form.apply((current) => {
      const next = applyReadyTimes(current, view);
      lost = next.lost;
      return next.state;
    });
    if (lost) announce(LOST_TIME_MESSAGE);
  }, [view]);

  return {
    form,
    fields: checkoutFields({ fulfillment: values.fulfillment, shipping, readyTimes, when: values.when, tip: values.tip }),
    shipping,
    times,
    readyTimes,
    reloadTimes,
    chooseTime: (choice) => form.apply((current) => chooseReadyTime(current, choice)),
    fillAddress: (address) => form.apply((current) => placeAddress(current, address, { name: locationLabel(location), country: current.values.country })),
    chooseTip: (tip) => form.apply((current) => chooseTip(current, tip)),
  };
}
