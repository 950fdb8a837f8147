import React, { useEffect, useRef } from "react";
import { CONTACT_ERROR_PATHS, EMPTY_CONTACT, contactRequest, formEvent, validateContact, type ContactValues } from "@mainstreet/rules/forms/forms";
import { useActiveLocation } from "../hooks/use-active-location";
import { track } from "../runtime/analytics";
import { CheckboxField, SelectField, SectionForm, SuccessPanel, TextField, useForm } from "./form-kit";
import { postContact, withFieldErrors } from "./form-api";
import type { ContactReply } from "@mainstreet/rules/api/api-views";
import { locationTitle, type FormsData } from "./use-forms-data";

type Values = ContactValues & { locationId: string };

const LABELS = { locationId: "Location", name: "Name", email: "Email", subject: "Subject", message: "Message", optIn: "Email updates" };

export interface ContactFormProps {
  /** Send to this location; without it the visitor picks one (when there are several). */
  locationId?: string;
  title?: string;
  headingLevel?: 2 | 3;
}

export default function ContactFormBody({ data, locationId, title = "Send us a message", headingLevel = 2 }: ContactFormProps & { data: FormsData }) {
  const [active] = useActiveLocation(data.locations, { siteId: data.business.businessId });
  const fixed = locationId ? data.locations.find((location) => location.locationId === locationId) : undefined;
  const initial: Values = { locationId: fixed?.locationId ?? active?.locationId ?? data.locations[0].locationId, ...EMPTY_CONTACT };
  const form = useForm<Values, ContactReply>({
    initial,
    labels: LABELS,
    validate: (values) => ({
      ...validateContact(values),
      ...(data.locations.some((location) => location.locationId === values.locationId) ? {} : { locationId: "Choose a location." }),
    }),
    send: async (values) => {
      const location = data.locations.find((candidate) => candidate.locationId === values.locationId);
      if (!location) throw { message: "Choose a location.", errors: { locationId: "Choose a location." } };
      const request = contactRequest(data.business, location, values);
      return withFieldErrors<ContactReply, Values>(postContact(request.path, request.body), { ...CONTACT_ERROR_PATHS, [`params.locationId`]: "locationId" });
    },
    onSuccess: () => track(formEvent("contact")),
  });

  // The visitor's chosen location (read from storage after hydration) becomes the default, until they pick one.
  const touched = useRef(false);
  useEffect(() => {
    if (!fixed && !touched.current && active && form.state.status === "editing") form.setValue("locationId", active.locationId);
  }, [active?.locationId]);

  const sentTo = data.locations.find((location) => location.locationId === form.state.values.locationId);
  const choose = !fixed && data.locations.length > 1;
  return (
    <SectionForm
      title={title} headingLevel={headingLevel}
      form={form}
      submitLabel="Send message"
      success={
        <SuccessPanel title="Thank you, your message is on its way." again={{ label: "Send another message", onClick: () => form.restart(["name", "email", "locationId"]) }}>
          <p>
            {data.business.name}
            {sentTo && data.locations.length > 1 ? ` (${locationTitle(sentTo)})` : ""} will reply to {form.state.values.email.trim()}.
          </p>
        </SuccessPanel>
      }
    >
      {choose ? (
        <SelectField
          form={form}
          name="locationId"
          label={LABELS.locationId}
          options={data.locations.map((location) => ({ value: location.locationId, label: locationTitle(location) }))}
          onChange={() => {
            touched.current = true;
          }}
        />
      ) : null}
      <div className="site-form__row">
        <TextField form={form} name="name" label={LABELS.name} autoComplete="name" />
        <TextField form={form} name="email" label={LABELS.email} type="email" autoComplete="email" inputMode="email" />
      </div>
      <TextField form={form} name="subject" label={LABELS.subject} optional />
      <TextField form={form} name="message" label={LABELS.message} multiline rows={6} />
      <CheckboxField form={form} name="optIn" label={`Send me news and offers from ${data.business.name}`} hint="Optional. You can unsubscribe at any time." />
    </SectionForm>
  );
}
