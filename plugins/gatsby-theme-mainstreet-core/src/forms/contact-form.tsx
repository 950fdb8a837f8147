import React from "react";
import { deferred } from "../hydration/deferred";
import type { ContactFormProps } from "./contact-form-body";
import { useFormsData } from "./use-forms-data";

// The form's code loads when the form comes near the screen or the visitor reaches it.
const ContactFormBody = deferred(() => import("./contact-form-body"), { code: "part-contact-form-body" });

/** SPEC §7 contact form: name, email, subject, message and opt-in, mailed to the location's contact emails. */
export function ContactForm(props: ContactFormProps) {
  const data = useFormsData();
  if (!data || data.locations.length === 0) return null;
  return <ContactFormBody data={data} {...props} />;
}
