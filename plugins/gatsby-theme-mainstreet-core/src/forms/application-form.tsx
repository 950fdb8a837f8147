import React from "react";
import { deferred } from "../hydration/deferred";
import { useFormsData } from "./use-forms-data";

// The form's code loads when the form comes near the screen or the visitor reaches it.
const ApplicationFormBody = deferred(() => import("./application-form-body"), { code: "part-application-form-body" });

/** Work-with-us application: name, contact, role and a message, mailed to the business. */
export function ApplicationForm({ title = "Apply to join us" }: { title?: string }) {
  const data = useFormsData();
  if (!data) return null;
  return <ApplicationFormBody data={data} title={title} />;
}
