import React from "react";
import { APPOINTMENT_MANAGE_PATH } from "@mainstreet/rules/booking/booking";
import { bookedSearch, type AppointmentDetails } from "@mainstreet/rules/booking/booking-flow";
import type { CreatedAppointment } from "@mainstreet/rules/api/appointments-api";
import { Form, TextField, type FormController } from "../forms/form-kit";
import { useStepFocus } from "./step-focus";
import { appointmentIcs, icsHref } from "./appointment-ics";
import { whenLabel } from "./booking-time";

export const DETAILS_LABELS = { firstName: "First name", lastName: "Last name", email: "Email", phone: "Phone", notes: "Notes for us" };

/** The visitor's details, in the one form system; the flow holds the form so going back keeps them. */
export function DetailsStep({ form, summary }: { form: FormController<AppointmentDetails, CreatedAppointment>; summary: string }) {
  const heading = useStepFocus<HTMLHeadingElement>("details");
  return (
    <section className="booking-step" aria-labelledby="booking-details-title">
      <h2 id="booking-details-title" ref={heading} tabIndex={-1} className="booking-step__title">
        Your details
      </h2>
      <p className="booking-step__lead">{summary}</p>
      <Form form={form} labelledBy="booking-details-title" submitLabel="Book appointment" submittingLabel="Booking…">
        <div className="site-form__row">
          <TextField form={form} name="firstName" label={DETAILS_LABELS.firstName} autoComplete="given-name" />
          <TextField form={form} name="lastName" label={DETAILS_LABELS.lastName} autoComplete="family-name" />
        </div>
        <div className="site-form__row">
          <TextField form={form} name="email" label={DETAILS_LABELS.email} type="email" autoComplete="email" inputMode="email" hint="The confirmation and the link to change it go here." />
          <TextField form={form} name="phone" label={DETAILS_LABELS.phone} type="tel" autoComplete="tel" inputMode="tel" />
        </div>
        <TextField form={form} name="notes" label={DETAILS_LABELS.notes} multiline rows={3} optional maxLength={1000} />
      </Form>
    </section>
  );
}


interface ConfirmationProps {
  appointment: CreatedAppointment;
  serviceName: string;
  businessName: string;
  address: string;
  timeZone: string;
  /** Where the confirmation went; unknown once the page is reloaded. */
  email: string | null;
}

export function Confirmation({ appointment, serviceName, businessName, address, timeZone, email }: ConfirmationProps) {
  const heading = useStepFocus<HTMLHeadingElement>("confirmation");
  const manage = `${APPOINTMENT_MANAGE_PATH}${bookedSearch({ reference: appointment.reference, token: appointment.manage_token })}`;
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const ics = appointmentIcs({ appointment, serviceName, businessName, address, manageUrl: `${origin}${manage}`, now: new Date() });
  return (
    <section className="booking-step booking-confirmation" aria-labelledby="booking-confirmation-title">
      <h2 id="booking-confirmation-title" ref={heading} tabIndex={-1} className="booking-step__title">
        You're booked
      </h2>
      <p>
        {serviceName} with {appointment.staff.name}, {whenLabel(appointment.start, timeZone)} at {address}.
      </p>
      <p>
        Your reference is <strong>{appointment.reference}</strong>. We sent the confirmation to {email ?? "your email address"}.
      </p>
      <p className="booking-confirmation__actions">
        <a className="button" href={icsHref(ics)} download={`appointment-${appointment.reference}.ics`}>
          Add to calendar
        </a>
        <a className="text-button" href={manage}>
          Change or cancel this appointment
        </a>
      </p>
    </section>
  );
}
