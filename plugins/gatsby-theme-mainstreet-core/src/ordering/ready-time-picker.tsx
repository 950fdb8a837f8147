import React, { useId } from "react";
import { ASAP_UNAVAILABLE_HEADLINES, dayOfSlot, firstOpenSlot, type FieldErrors } from "@mainstreet/rules/orders/checkout";
import type { FulfillmentSlotsView } from "@mainstreet/rules/api/order-api";
import { promiseText } from "@mainstreet/rules/orders/ready-times-format";
import { zoneNameAt } from "@mainstreet/rules/hours/wall-clock";
import { useSiteFormats } from "../hooks/site-formats";
import { ErrorNote } from "../forms/form-fields";
import { checkoutFieldId as fieldId } from "./use-checkout-form";
import type { ReadyChoice, ReadyTimesState } from "./use-ready-times";
import type { OrderingLocation } from "./use-ordering-config";

interface ReadyTimePickerProps {
  state: ReadyTimesState;
  location: OrderingLocation;
  locationName: string;
  choice: ReadyChoice;
  errors: FieldErrors;
  onChoose: (next: ReadyChoice) => void;
  onRetry: () => void;
}

/** "ready about 6:25pm": as soon as possible's promise, on the location's wall clock. */
function asapHint(view: FulfillmentSlotsView, now: number, locale: string): string | null {
  if (!view.asap.promised_at) return null;
  const text = promiseText({ method: view.method, readyAt: view.asap.promised_at, until: view.asap.promised_until, timeZone: view.time_zone, now, locale });
  return text.replace(/^Ready for pickup /, "ready ").replace(/^Delivery /, "delivered ");
}

function zoneHint(timeZone: string, locationName: string): string {
  return `Times are ${zoneNameAt(Date.now(), timeZone, "long")}, the local time at ${locationName}.`;
}

function dayNote(day: FulfillmentSlotsView["days"][number]): string {
  if (day.slots.length === 0) return " (no times)";
  return day.slots.some((slot) => slot.available) ? "" : " (fully booked)";
}

/**
 * When the order is wanted: as soon as possible while the kitchen can do it, or a day and a time from the
 * location's slots (native selects: labelled, keyboard and screen-reader operable everywhere), all on the
 * location's wall clock and said so. Closed or paused (the location's ordering state), closing or fully booked
 * now, the visitor reads why and is offered the first time there is, never a dead end. Shipping has no time to choose: nothing renders.
 */
export function ReadyTimePicker({ state, location, locationName, choice, errors, onChoose, onRetry }: ReadyTimePickerProps) {
  const ids = { status: useId(), day: useId(), zone: useId() };
  const { locale } = useSiteFormats();
  if (state.status === "ready" && !state.view.timed) return null;
  const error = errors.scheduledFor;
  const errorId = `${fieldId("scheduledFor")}-error`;
  const describedBy = [ids.status, ids.zone, error ? errorId : ""].filter(Boolean).join(" ");
  const errorNote = <ErrorNote id={errorId} error={error} prefix="" />;

  if (state.status === "loading") {
    // The usual answer's shape while the times are read (as soon as possible, or later, and the zone), so the
    // form below does not move when they arrive: a tap on Place order as the button moved would be lost.
    return (
      <fieldset className="ready-time" aria-describedby={describedBy} disabled>
        <legend className="ready-time__legend">When</legend>
        <p id={ids.status} className="visually-hidden" role="status">
          Checking when your order can be ready…
        </p>
        <div className="choice-group">
          <label className="choice">
            <input id={fieldId("when")} type="radio" name="when" value="asap" checked={choice.when === "asap"} readOnly />
            <span className="choice__name">As soon as possible</span>
            <span className="choice__price" aria-hidden="true">
              checking…
            </span>
          </label>
          <label className="choice">
            <input type="radio" name="when" value="scheduled" checked={choice.when === "scheduled"} readOnly />
            <span className="choice__name">Schedule for later</span>
          </label>
        </div>
        <p id={ids.zone} className="form-field__hint">
          {zoneHint(location.timezone, locationName)}
        </p>
        {errorNote}
      </fieldset>
    );
  }

  if (state.status === "failed") {
    return (
      <fieldset className="ready-time" aria-describedby={describedBy}>
        <legend className="ready-time__legend">When</legend>
        <p id={ids.status} className="notice notice--warning">
          The times we can have your order ready could not be loaded ({state.message}).{" "}
          <button type="button" className="text-button" onClick={onRetry}>
            Try again
          </button>
        </p>
        {errorNote}
      </fieldset>
    );
  }

  const { view } = state;
  const now = Date.now();
  const asapOffered = view.asap.available;
  const scheduled = choice.when === "scheduled" || !asapOffered;
  const firstDay = view.days.find((day) => day.slots.some((slot) => slot.available))?.date ?? view.days[0]?.date ?? "";
  const day = (choice.scheduledFor && dayOfSlot(view.days, choice.scheduledFor)) || firstDay;
  const nothingOffered = firstOpenSlot(view.days) === null;
  const reason = view.asap.reason;
  const kitchen = reason === "closing" || reason === "full";
  const hint = asapHint(view, now, locale);

  return (
    <fieldset className="ready-time" aria-describedby={describedBy}>
      <legend className="ready-time__legend">When</legend>
      {asapOffered ? (
        <p id={ids.status} className="visually-hidden">
          As soon as possible{hint ? `: ${hint}` : ""}, or choose a later time.
        </p>
      ) : (
        <div id={ids.status} className="ready-time__later">
          {/* Closed or paused, the service's message is the location's ordering state, the cart drawer's same sentence
              (rules/orders/ordering-state.ts); closing soon and a full kitchen say why in the service's words. */}
          <p>
            {kitchen ? <strong>{ASAP_UNAVAILABLE_HEADLINES[reason]} · order for later.</strong> : <strong data-ordering-state={reason}>{view.asap.message}</strong>}{" "}
            {kitchen ? view.asap.message : "Choose a day and a time below."}
          </p>
        </div>
      )}
      {asapOffered ? (
        <div className="choice-group">
          <label className="choice">
            <input id={fieldId("when")} type="radio" name="when" value="asap" checked={choice.when === "asap"} onChange={() => onChoose({ when: "asap", scheduledFor: "" })} />
            <span className="choice__name">As soon as possible</span>
            {hint ? <span className="choice__price">{hint}</span> : null}
          </label>
          <label className="choice">
            <input
              type="radio"
              name="when"
              value="scheduled"
              checked={choice.when === "scheduled"}
              onChange={() => onChoose({ when: "scheduled", scheduledFor: choice.scheduledFor || (firstOpenSlot(view.days) ?? "") })}
            />
            <span className="choice__name">Schedule for later</span>
          </label>
        </div>
      ) : null}
      {scheduled && nothingOffered ? (
        <p className="notice notice--warning">
          No times are left in the next {view.days_ahead + 1} days.{location.phone ? ` Call ${locationName} on ${location.phone} to order.` : ""}
        </p>
      ) : null}
      {scheduled && !nothingOffered ? <SlotSelects view={view} day={day} choice={choice} dayId={ids.day} zoneId={ids.zone} error={error} errorId={errorId} onChoose={onChoose} /> : null}
      <p id={ids.zone} className="form-field__hint">
        {zoneHint(view.time_zone, locationName)}
      </p>
      {errorNote}
    </fieldset>
  );
}

/** A day and a time from the location's slots: native selects, the time's message tied to it. */
function SlotSelects({ view, day, choice, dayId, zoneId, error, errorId, onChoose }: { view: FulfillmentSlotsView; day: string; choice: ReadyChoice; dayId: string; zoneId: string; error?: string; errorId: string; onChoose(next: ReadyChoice): void }) {
  const slots = view.days.find((candidate) => candidate.date === day)?.slots ?? [];
  return (
    <div className="site-form__row site-form__row--fit ready-time__selects">
      <div className="form-field">
        <label className="form-field__label" htmlFor={dayId}>
          Day
        </label>
        <select id={dayId} value={day} aria-describedby={zoneId} onChange={(event) => onChoose({ when: "scheduled", scheduledFor: firstOpenSlot(view.days, event.target.value) ?? "" })}>
          {view.days.map((candidate) => (
            <option key={candidate.date} value={candidate.date} disabled={!candidate.slots.some((slot) => slot.available)}>
              {candidate.label}
              {dayNote(candidate)}
            </option>
          ))}
        </select>
      </div>
      <div className={error ? "form-field form-field--error" : "form-field"}>
        <label className="form-field__label" htmlFor={fieldId("scheduledFor")}>
          Time
        </label>
        <select
          id={fieldId("scheduledFor")}
          value={choice.scheduledFor}
          aria-invalid={error ? true : undefined}
          aria-describedby={[zoneId, error ? errorId : ""].filter(Boolean).join(" ")}
          onChange={(event) => onChoose({ when: "scheduled", scheduledFor: event.target.value })}
        >
          {choice.scheduledFor === "" ? <option value="">Choose a time</option> : null}
          {slots.map((slot) => (
            <option key={slot.start} value={slot.start} disabled={!slot.available}>
              {slot.label}
              {slot.available ? "" : " (fully booked)"}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
