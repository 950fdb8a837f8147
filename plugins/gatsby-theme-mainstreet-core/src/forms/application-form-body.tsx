import React from "react";
import { APPLICATION_ERROR_PATHS, EMPTY_APPLICATION, applicationFieldValues, eventBody, formEvent, validateApplication, type ApplicationValues } from "@mainstreet/rules/forms/forms";
import { track } from "../runtime/analytics";
import { SelectField, SectionForm, SuccessPanel, TextField, useForm } from "./form-kit";
import { postEvent, websiteRef, withFieldErrors } from "./form-api";
import type { ApplicationReply } from "@mainstreet/rules/api/api-views";
import { locationTitle, type FormsData } from "./use-forms-data";

type Values = ApplicationValues & { locationId: string };

const LABELS = { name: "Name", email: "Email", phone: "Phone", role: "Role", locationId: "Preferred location", message: "About you" };

export default function ApplicationFormBody({ data, title }: { data: FormsData; title: string }) {
  const form = useForm<Values, ApplicationReply>({
    initial: { ...EMPTY_APPLICATION, locationId: "" },
    labels: LABELS,
    validate: validateApplication,
    send: (values) =>
      withFieldErrors<ApplicationReply, Values>(
        postEvent(
          eventBody({
            business: data.business,
            website: websiteRef(data.business),
            // Without a preferred location the service mails the primary location.
            locationId: values.locationId || null,
            type: "application",
            name: "Work with us form",
            fieldValues: applicationFieldValues(values),
          }),
        ),
        { ...APPLICATION_ERROR_PATHS, "location.id": "locationId" },
      ),
    onSuccess: () => track(formEvent("application")),
  });
  return (
    <SectionForm
      title={title}
      lead={<p className="form-section__lead">Tell {data.business.name} about yourself here: the team reads every application and replies by email.</p>}
      form={form}
      submitLabel="Send application"
      success={
        <SuccessPanel title="Thank you, your application is on its way.">
          <p>
            {data.business.name} will get back to you at {form.state.values.email.trim()}.
          </p>
        </SuccessPanel>
      }
    >
      <div className="site-form__row">
        <TextField form={form} name="name" label={LABELS.name} autoComplete="name" />
        <TextField form={form} name="role" label={LABELS.role} hint="For example: stylist, receptionist." />
      </div>
      <div className="site-form__row">
        <TextField form={form} name="email" label={LABELS.email} type="email" autoComplete="email" inputMode="email" />
        <TextField form={form} name="phone" label={LABELS.phone} type="tel" autoComplete="tel" inputMode="tel" optional hint="With its area code, or + and the country code from abroad." />
      </div>
      {data.locations.length > 1 ? (
        <SelectField
          form={form}
          name="locationId"
          label={LABELS.locationId}
          optional
          placeholder="No preference"
          options={data.locations.map((location) => ({ value: location.locationId, label: locationTitle(location) }))}
        />
      ) : null}
      <TextField form={form} name="message" label={LABELS.message} multiline rows={6} hint="Your experience, when you can start, anything you want us to know." />
    </SectionForm>
  );
}
