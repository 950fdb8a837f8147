import React from "react";
import { deferred } from "../hydration/deferred";
import type { ReviewFormProps } from "./review-form-body";
import { useFormsData } from "./use-forms-data";

// The form's code loads when the form comes near the screen or the visitor reaches it.
const ReviewFormBody = deferred(() => import("./review-form-body"), { code: "part-review-form-body" });

/**
 * Review form: 1–5 stars and a text, stored through `events/website/` as pending approval. Nothing on
 * the site shows reviews, so a visitor can never publish stars about the business by themselves.
 */
export function ReviewForm(props: ReviewFormProps) {
  const data = useFormsData();
  if (!data) return null;
  return <ReviewFormBody data={data} {...props} />;
}
