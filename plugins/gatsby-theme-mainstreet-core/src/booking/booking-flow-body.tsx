import React, { useCallback, useEffect, useMemo, useState } from "react";
import { createIdempotencyKey } from "@mainstreet/rules/api/idempotency";
import { APPOINTMENT_ERROR_PATHS, EMPTY_APPOINTMENT_DETAILS, bookingStep, clearFrom, validateAppointmentDetails, type AppointmentDetails, type BookingSelection, type BookingStep } from "@mainstreet/rules/booking/booking-flow";
import { ANY_STAFF } from "@mainstreet/rules/booking/staff";
import type { CreatedAppointment } from "@mainstreet/rules/api/appointments-api";
import { useForm } from "../forms/form-kit";
import { withFieldErrors } from "../forms/form-api";
import { createAppointment, isTimeTaken } from "./booking-api";
import { bookableVariations, durationLabel, locationLabel, type BookingData } from "./booking-data";
import { appointmentLocations, performers, servicesAt, settleSelection } from "./booking-choices";
import { ChoiceStep } from "./choice-step";
import { DETAILS_LABELS, DetailsStep } from "./details-step";
import { BookedStep, useBooked, type Booked } from "./booked-step";
import { DayStep, TimeStep } from "./time-steps";
import { useAvailability } from "./use-availability";
import { useBookingUrl } from "./use-booking-url";
import { MemberPortrait } from "../components/member-portrait";
import { timeLabel, dayLabel } from "./booking-time";

export interface BookingFlowProps {
  data: BookingData;
}

const TAKEN = "That time was just booked by someone else. Pick another time: your details are kept.";

/**
 * The booking flow: location, service, length and price, person, day, time, details, confirmation. Each
 * choice is in the URL (use-booking-url), the times come from the service, and the details are the one
 * form system's; a time taken meanwhile (409) returns to the time step with fresh times. Once booked, the
 * address names the booking (use-booked), so the confirmation is what a reload shows.
 */
export default function BookingFlowBody({ data }: BookingFlowProps) {
  const [booked, done] = useBooked();
  if (booked) return <BookedStep data={data} booked={booked} />;
  return <BookingSteps data={data} onBooked={done} />;
}

function BookingSteps({ data, onBooked }: BookingFlowProps & { onBooked: (made: NonNullable<Booked["made"]>) => void }) {
  const settle = useCallback((selection: BookingSelection) => settleSelection(data, selection), [data]);
  const [selection, choose] = useBookingUrl(settle);
  const [round, setRound] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Focus follows the steps once the visitor has chosen something; the page as opened keeps its reading order.
  const [moved, setMoved] = useState(false);
  const step = bookingStep(selection);
  const location = data.locations.find((entry) => entry.locationId === selection.location);
  const service = data.services.find((entry) => entry.itemId === selection.service);
  const variation = service?.variations.find((entry) => entry.id === selection.variation);
  const timeZone = location?.timezone ?? "UTC";
  const availability = useAvailability({ businessId: data.businessId, locationId: selection.location, variationId: selection.variation, staffId: selection.staff, daysAhead: location?.appointments.daysAhead ?? 30, round });
  const key = useMemo(() => ({ current: "" }), [selection.time]);

  const form = useForm<AppointmentDetails, CreatedAppointment>({
    initial: EMPTY_APPOINTMENT_DETAILS,
    labels: DETAILS_LABELS,
    validate: validateAppointmentDetails,
    send: async (values) => {
      if (!selection.location || !selection.variation || !selection.staff || !selection.time) throw { message: "Choose a time first." };
      key.current ||= createIdempotencyKey();
      const sending = createAppointment(
        { business_id: data.businessId, location_id: selection.location, variation_id: selection.variation, staff_id: selection.staff, start: selection.time, customer: { first_name: values.firstName.trim(), last_name: values.lastName.trim(), email: values.email.trim(), phone: values.phone.trim() }, notes: values.notes.trim() },
        key.current,
      ).catch((error: unknown) => {
        if (!isTimeTaken(error)) throw error;
        takenMeanwhile();
        throw { message: TAKEN };
      });
      return withFieldErrors<CreatedAppointment, AppointmentDetails>(sending, APPOINTMENT_ERROR_PATHS);
    },
  });

  function takenMeanwhile() {
    setMoved(true);
    setRefusal(TAKEN);
    setRound((value) => value + 1);
    choose(clearFrom(selection, "time"));
  }

  const go = (change: Partial<BookingSelection>) => {
    setMoved(true);
    setRefusal(null);
    choose({ ...selection, ...change });
  };
  const change = (from: Exclude<BookingStep, "details">) => {
    setMoved(true);
    setRefusal(null);
    choose(clearFrom(selection, from));
  };

  const result = form.state.status === "succeeded" ? form.state.result : undefined;
  useEffect(() => {
    if (result && service && location) onBooked({ appointment: result, itemId: service.itemId, locationId: location.locationId, email: form.state.values.email.trim() });
  }, [result]);

  const chosen: { step: Exclude<BookingStep, "details">; label: string; value: string }[] = [];
  if (location && appointmentLocations(data, null).length > 1) chosen.push({ step: "location", label: "Location", value: locationLabel(location) });
  if (service) chosen.push({ step: "service", label: "Service", value: service.name });
  if (variation && service && bookableVariations(service).length > 1) chosen.push({ step: "variation", label: "Option", value: variation.name ?? service.name });
  if (selection.staff && step !== "location" && step !== "service" && step !== "variation") {
    const member = data.team.find((entry) => entry.memberId === selection.staff);
    chosen.push({ step: "staff", label: "With", value: member ? member.name : "Any available" });
  }
  if (selection.date && step !== "date") chosen.push({ step: "date", label: "Day", value: dayLabel(selection.date) });
  if (selection.time && step === "details") chosen.push({ step: "time", label: "Time", value: timeLabel(selection.time, timeZone) });

  return (
    <div className="booking-flow">
      {chosen.length > 0 ? (
        <dl className="booking-summary">
          {chosen.map((entry) => (
            <div key={entry.step} className="booking-summary__row">
              <dt>{entry.label}</dt>
              <dd>
                {entry.value}{" "}
                <button type="button" className="text-button" onClick={() => change(entry.step)}>
                  Change<span className="visually-hidden"> {entry.label.toLowerCase()}</span>
                </button>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {refusal && step === "time" ? (
        <p className="form-message form-message--error" role="alert">
          {refusal}
        </p>
      ) : null}
      {step === "location" ? (
        <ChoiceStep focus={moved} title="Choose a location" empty="No location takes appointments online right now. Call us to book." selected={selection.location} onChoose={(value) => go({ location: value })} choices={appointmentLocations(data, selection.staff).map((entry) => ({ value: entry.locationId, label: entry.name ?? entry.city, detail: locationLabel(entry) }))} />
      ) : null}
      {step === "service" && location ? (
        <ChoiceStep focus={moved} title="Choose a service" empty="Nothing can be booked online at this location. Call us to book." selected={null} onChoose={(value) => go({ service: value, variation: null })} choices={servicesAt(data, location.locationId, selection.staff).map((entry) => ({ value: entry.itemId, label: entry.name }))} />
      ) : null}
      {step === "variation" && service ? (
        <ChoiceStep focus={moved} title="Choose the length and price" empty="This service cannot be booked online. Call us to book." selected={null} onChoose={(value) => go({ variation: value })} choices={bookableVariations(service).map((entry) => ({ value: entry.id, label: entry.name ?? service.name, detail: `${durationLabel(entry.durationMinutes ?? 0)} · ${entry.priceText}` }))} />
      ) : null}
      {step === "staff" && location && service ? (
        <ChoiceStep
          focus={moved}
          title="Choose who you'd like"
          empty="No one performs this service here. Choose another service."
          selected={null}
          onChoose={(value) => go({ staff: value })}
          choices={[
            { value: ANY_STAFF, label: "Any available", detail: "Whoever is free at the time you pick" },
            ...performers(data, location.locationId, service.itemId).map((member) => ({ value: member.memberId, label: member.name, detail: member.role ?? undefined, media: <MemberPortrait name={member.name} image={member.image} size="small" /> })),
          ]}
        />
      ) : null}
      {step === "date" ? <DayStep focus={moved} availability={availability} onChoose={(date) => go({ date })} /> : null}
      {step === "time" && selection.date ? <TimeStep focus={moved} availability={availability} date={selection.date} timeZone={timeZone} onChoose={(time) => go({ time })} /> : null}
      {step === "details" && service && variation ? <DetailsStep form={form} summary={`${service.name}${variation.name ? `, ${variation.name}` : ""}: ${durationLabel(variation.durationMinutes ?? 0)}, ${variation.priceText}.`} /> : null}
    </div>
  );
}
