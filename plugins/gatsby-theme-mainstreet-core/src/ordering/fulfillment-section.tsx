import React, { type ReactNode } from "react";
import { useMoney } from "../hooks/use-money";
import { CheckoutSection, GroupError, groupDescribedBy } from "./checkout-sections";
import { locationLabel } from "./location-label";
import { ReadyTimePicker } from "./ready-time-picker";
import { checkoutFieldId, type CheckoutFormModel } from "./use-checkout-form";
import type { OrderingLocation } from "./use-ordering-config";

/** Pickup or delivery as the location offers them, the address (`children`) for delivery, and when, unless it ships. */
export function FulfillmentSection({ model, location, currency, children }: { model: CheckoutFormModel; location: OrderingLocation; currency: string; children?: ReactNode }) {
  const money = useMoney();
  const { form } = model;
  const { fulfillment } = form.state.values;
  const name = locationLabel(location);
  return (
    <CheckoutSection id="fulfillment" title="Pickup or delivery">
      <fieldset className="choice-group" aria-describedby={groupDescribedBy(form, "fulfillment")}>
        <legend className="visually-hidden">Pickup or delivery</legend>
        {location.pickupEnabled ? (
          <label className="choice">
            <input id={checkoutFieldId("fulfillment")} type="radio" name="fulfillment" value="pickup" checked={fulfillment === "pickup"} onChange={() => form.setValue("fulfillment", "pickup")} />
            <span className="choice__name">
              Pickup at {name}, {location.street}, {location.city}
            </span>
          </label>
        ) : null}
        {location.delivery.enabled ? (
          <label className="choice">
            <input
              id={location.pickupEnabled ? undefined : checkoutFieldId("fulfillment")}
              type="radio"
              name="fulfillment"
              value="delivery"
              checked={fulfillment === "delivery"}
              onChange={() => form.setValue("fulfillment", "delivery")}
            />
            <span className="choice__name">{location.delivery.kind === "shipping" ? "Shipping" : "Delivery"}</span>
            <span className="choice__price">
              {location.delivery.feeCents > 0 ? `+${money(location.delivery.feeCents, currency)}` : "Free"}
              {location.delivery.minimumCents > 0 ? `, ${money(location.delivery.minimumCents, currency)} minimum` : ""}
            </span>
          </label>
        ) : null}
        <GroupError form={form} field="fulfillment" />
      </fieldset>
      {children}
      {model.fields.shown.includes("when") ? (
        <ReadyTimePicker state={model.times} location={location} locationName={name} choice={form.state.values} errors={form.state.errors} onChoose={model.chooseTime} onRetry={model.reloadTimes} />
      ) : null}
    </CheckoutSection>
  );
}
