import React from "react";
import { EMPTY_REVIEW, REVIEW_ERROR_PATHS, eventBody, formEvent, reviewFieldValues, validateReview, type ReviewValues } from "@mainstreet/rules/forms/forms";
import { track } from "../runtime/analytics";
import { RatingField, SectionForm, SuccessPanel, TextField, useForm } from "./form-kit";
import { postEvent, websiteRef, withFieldErrors } from "./form-api";
import type { ReviewReply } from "@mainstreet/rules/api/api-views";
import type { FormsData } from "./use-forms-data";

const LABELS = { rating: "Rating", text: "Your review", name: "Name", email: "Email" };

export interface ReviewFormProps {
  locationId?: string;
  menuItemId?: string;
  title?: string;
  headingLevel?: 2 | 3;
}

export default function ReviewFormBody({ data, locationId, menuItemId, title = "Leave a review", headingLevel = 2 }: ReviewFormProps & { data: FormsData }) {
  const form = useForm<ReviewValues, ReviewReply>({
    initial: EMPTY_REVIEW,
    labels: LABELS,
    validate: validateReview,
    send: (values) =>
      withFieldErrors<ReviewReply, ReviewValues>(
        postEvent(eventBody({ business: data.business, website: websiteRef(data.business), locationId, type: "review", name: "Review form", fieldValues: reviewFieldValues(values, menuItemId) })),
        REVIEW_ERROR_PATHS,
      ),
    onSuccess: (_result, values) => track(formEvent("review", `${values.rating} stars`)),
  });
  return (
    <SectionForm
      title={title}
      headingLevel={headingLevel}
      lead={<p className="form-section__lead">Tell {data.business.name} how it went. Reviews are read by the team first and only shown once approved.</p>}
      form={form}
      submitLabel="Send review"
      success={
        <SuccessPanel title="Thank you for your review.">
          <p>{data.business.name} will read it before it appears anywhere.</p>
        </SuccessPanel>
      }
    >
      <RatingField form={form} name="rating" legend={LABELS.rating} />
      <TextField form={form} name="text" label={LABELS.text} multiline rows={5} />
      <div className="site-form__row">
        <TextField form={form} name="name" label={LABELS.name} autoComplete="name" optional hint="Shown with your review if it is published." />
        <TextField form={form} name="email" label={LABELS.email} type="email" autoComplete="email" inputMode="email" optional hint="Only the business sees it, in case they want to reply." />
      </div>
    </SectionForm>
  );
}
