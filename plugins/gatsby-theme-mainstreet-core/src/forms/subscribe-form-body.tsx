import React, { useId } from "react";
import { EMPTY_SUBSCRIBE, SUBSCRIBE_ERROR_PATHS, eventBody, formEvent, subscribeFieldValues, validateSubscribe, type SubscribeValues } from "@mainstreet/rules/forms";
import { track } from "../runtime/analytics";
import { CheckboxField, Form, SuccessPanel, TextField, useForm } from "./form-kit";
import { postEvent, sendFailure, websiteRef } from "./form-api";
import type { SubscribeReply } from "@mainstreet/rules/api-views";
import type { FormsData } from "./use-forms-data";

const LABELS = { email: "Email", optIn: "Agreement to receive emails" };


export default function SubscribeFormBody({ data, className }: { data: FormsData; className?: string }) {
  const headingId = useId();
  const form = useForm<SubscribeValues, SubscribeReply>({
    initial: EMPTY_SUBSCRIBE,
    labels: LABELS,
    validate: validateSubscribe,
    send: async (values) => {
      try {
        return await postEvent<SubscribeReply>(eventBody({ business: data.business, website: websiteRef(data.business), type: "subscribe", name: "Footer subscribe form", fieldValues: subscribeFieldValues(values) }));
      } catch (error) {
        throw sendFailure<SubscribeValues>(error, SUBSCRIBE_ERROR_PATHS);
      }
    },
    onSuccess: (result) => {
      if (!result.already_subscribed) track(formEvent("subscribe"));
    },
  });
  const result = form.state.result;
  return (
    <section className={["site-footer__subscribe", className].filter(Boolean).join(" ")} aria-labelledby={headingId}>
      <h2 id={headingId} className="site-footer__heading">
        Stay in touch
      </h2>
      <Form
        form={form}
        labelledBy={headingId}
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
      </Form>
    </section>
  );
}
