import React from "react";
import { deferred } from "../hydration/deferred";
import { useFormsData } from "./use-forms-data";

// The form's code (validation, the form kit, the API calls) loads when the footer comes near the screen.
const SubscribeFormBody = deferred(() => import("./subscribe-form-body"), { code: "part-subscribe-form-body" });

/** Footer sign-up: an email with explicit consent. Signing up twice is harmless (the service keeps one row). */
export function SubscribeForm({ className }: { className?: string }) {
  const data = useFormsData();
  if (!data) return null;
  return <SubscribeFormBody data={data} className={className} />;
}
