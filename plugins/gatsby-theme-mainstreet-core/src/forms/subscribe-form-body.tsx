import React from "react";
import { EMPTY_SUBSCRIBE, SUBSCRIBE_ERROR_PATHS, eventBody, formEvent, subscribeFieldValues, validateSubscribe, type SubscribeValues } from "@mainstreet/rules/forms/forms";
import { track } from "../runtime/analytics";
import { CheckboxField, SectionForm, SuccessPanel, TextField, useForm } from "./form-kit";
import { postEvent, websiteRef, withFieldErrors } from "./form-api";
import type { SubscribeReply } from "@mainstreet/rules/api/api-views";
import type { FormsData } from "./use-forms-data";

const LABELS = { email: "Email", optIn: "Agreement to receive emails" };

export default function SubscribeFormBody({ data, className }: { data: FormsData; className?: string }) {
  const form = useForm<SubscribeValues, SubscribeReply>({
    initial: EMPTY_SUBSCRIBE,
    labels: LABELS,
    validate: validateSubscribe,
    send: (values) =>
      withFieldErrors<SubscribeReply, SubscribeValues>(
        postEvent(eventBody({ business: data.business, website: websiteRef(data.business), type: "subscribe", name: "Footer subscribe form", fieldValues: subscribeFieldValues(values) })),
        SUBSCRIBE_ERROR_PATHS,
      ),
    onSuccess: (result) => {
      if (!result.already_subscribed) track(formEvent("subscribe"));
    },
  });
  const result = form.state.result;
  return (
    <SectionForm
      title="Stay in touch"
      sectionClassName={["site-footer__subscribe", className].filter(Boolean).join(" ")}
      headingClassName="site-footer__heading"
      form={form}
      submitLabel="Subscribe"
      submittingLabel="Subscribing…"
      success={
        <SuccessPanel title={result?.already_subscribed ? "You are already subscribed." : "Thank you, you are subscribed."} again={{ label: "Subscribe another address", onClick: () => form.restart() }}>
          <p>{result?.already_subscribed ? `${form.state.values.email.trim()} was already on ${data.business.name}'s list; nothing changed.` : `News from ${data.business.name} will go to ${form.state.values.email.trim()}.`}</p>
        </SuccessPanel>
      }
    >
      <TextField form={form} name="email" label={LABELS.email} type="email" autoComplete="email" inputMode="email" />
      <CheckboxField form={form} name="optIn" label={`I agree to receive emails from ${data.business.name}. I can unsubscribe at any time.`} />
    </SectionForm>
  );
}
