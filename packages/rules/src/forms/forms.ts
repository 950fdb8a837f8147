/**
 * Field rules and request bodies of the site's forms (SPEC §5 leaves form-field rules open,
 * SPEC §7 and docs/api.md give the calls). The rules mirror the API service's limits so a visitor
 * learns about a problem next to the field before anything is sent; the service checks again.
 * Email and phone use the shared SPEC §5 rules; the `{businessType}` path segment uses businessTypePath.
 */
import type { ContactRequestBody, EventBusinessType, EventRequestBody, EventType } from "../api/api-requests";
import { ANALYTICS_ACTIONS, buildEvent, type AnalyticsEvent } from "../site/analytics";
import type { FieldErrors } from "./form-state";
import { businessTypePath, isValidEmail } from "./validation";
import { looksLikePhoneNumber } from "../business/phone";
import { SENTENCES } from "./field-sentences";

/** Longest values the API service stores (server/src/forms/forms.schema.ts). */
export const FIELD_LIMITS = {
  name: 100,
  contactName: 200,
  subject: 200,
  message: 5000,
  notes: 1000,
  role: 100,
  phone: 40,
  partySizeMin: 1,
  partySizeMax: 50,
  ratingMin: 1,
  ratingMax: 5,
} as const;

export type ContactValues = { name: string; email: string; subject: string; message: string; optIn: boolean };
export type ReviewValues = { rating: string; text: string; name: string; email: string };
export type SubscribeValues = { email: string; optIn: boolean };
export type ApplicationValues = { name: string; email: string; phone: string; role: string; message: string };
export type ReservationValues = {
  locationId: string;
  date: string;
  start: string;
  partySize: string;
  serviceId: string;
  teamMemberId: string;
  name: string;
  email: string;
  phone: string;
  notes: string;
};

export const EMPTY_CONTACT: ContactValues = { name: "", email: "", subject: "", message: "", optIn: false };
export const EMPTY_REVIEW: ReviewValues = { rating: "", text: "", name: "", email: "" };
export const EMPTY_SUBSCRIBE: SubscribeValues = { email: "", optIn: false };
export const EMPTY_APPLICATION: ApplicationValues = { name: "", email: "", phone: "", role: "", message: "" };
export const EMPTY_RESERVATION: ReservationValues = {
  locationId: "",
  date: "",
  start: "",
  partySize: "2",
  serviceId: "",
  teamMemberId: "",
  name: "",
  email: "",
  phone: "",
  notes: "",
};

// ─── field rules ───────────────────────────────────────────────────────────────────────────────────

export function requiredText(value: string, what: string, max: number, emptyMessage = `Enter ${what}.`): string | undefined {
  const trimmed = value.trim();
  if (trimmed === "") return emptyMessage;
  if (trimmed.length > max) return `Shorten ${what} to ${max.toLocaleString("en-US")} characters or fewer.`;
  return undefined;
}

export function optionalText(value: string, what: string, max: number): string | undefined {
  return value.trim() === "" ? undefined : requiredText(value, what, max);
}

export function emailProblem(value: string, required = true): string | undefined {
  const trimmed = value.trim();
  if (trimmed === "" && !required) return undefined;
  return isValidEmail(trimmed) ? undefined : SENTENCES.email;
}

/** The browser's light check (no phone metadata in the page); the service reads the number with the location's country. */
export function phoneProblem(value: string, required = false): string | undefined {
  const trimmed = value.trim();
  if (trimmed === "" && !required) return undefined;
  return looksLikePhoneNumber(trimmed) ? undefined : SENTENCES.phone;
}

function withoutEmpty<V>(errors: Record<string, string | undefined>): FieldErrors<V & Record<string, string | boolean>> {
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined)) as FieldErrors<V & Record<string, string | boolean>>;
}

export function validateContact(values: ContactValues): FieldErrors<ContactValues> {
  return withoutEmpty<ContactValues>({
    name: requiredText(values.name, "your name", FIELD_LIMITS.contactName, SENTENCES.name),
    email: emailProblem(values.email),
    subject: optionalText(values.subject, "the subject", FIELD_LIMITS.subject),
    message: requiredText(values.message, "your message", FIELD_LIMITS.message, SENTENCES.message),
  });
}

export function parseRating(value: string): number | null {
  const rating = Number(value);
  return Number.isInteger(rating) && rating >= FIELD_LIMITS.ratingMin && rating <= FIELD_LIMITS.ratingMax && value.trim() !== "" ? rating : null;
}

export function validateReview(values: ReviewValues): FieldErrors<ReviewValues> {
  return withoutEmpty<ReviewValues>({
    rating: parseRating(values.rating) === null ? SENTENCES.rating : undefined,
    text: requiredText(values.text, "your review", FIELD_LIMITS.message, SENTENCES.text),
    name: optionalText(values.name, "your name", FIELD_LIMITS.name),
    email: emailProblem(values.email, false),
  });
}

export function validateSubscribe(values: SubscribeValues): FieldErrors<SubscribeValues> {
  return withoutEmpty<SubscribeValues>({
    email: emailProblem(values.email),
    optIn: values.optIn ? undefined : SENTENCES.optIn,
  });
}

export function validateApplication(values: ApplicationValues): FieldErrors<ApplicationValues> {
  return withoutEmpty<ApplicationValues>({
    name: requiredText(values.name, "your name", FIELD_LIMITS.name, SENTENCES.name),
    email: emailProblem(values.email),
    phone: phoneProblem(values.phone),
    role: requiredText(values.role, "the role you are applying for", FIELD_LIMITS.role, SENTENCES.role),
    message: requiredText(values.message, "your message", FIELD_LIMITS.message, SENTENCES.message),
  });
}

export type ReservationKind = "table" | "appointment";

/** Restaurants reserve tables for a party; every other business books an appointment for a service. */
export function reservationKind(businessType: string): ReservationKind {
  return businessType === "restaurant" ? "table" : "appointment";
}

export function parsePartySize(value: string): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const size = Number(value);
  return size >= FIELD_LIMITS.partySizeMin && size <= FIELD_LIMITS.partySizeMax ? size : null;
}

export interface ReservationRules {
  kind: ReservationKind;
  /** Slot starts offered for the chosen location and date (the time-slots rule, minus full slots). */
  offeredStarts: readonly string[];
  /** Appointments need a service when the business lists any. */
  requireService: boolean;
}

export function validateReservation(values: ReservationValues, rules: ReservationRules): FieldErrors<ReservationValues> {
  let start: string | undefined;
  if (values.start === "") start = values.date === "" ? "Choose a date first, then a time." : SENTENCES.start;
  else if (!rules.offeredStarts.includes(values.start)) start = "That time is no longer offered; choose another.";
  return withoutEmpty<ReservationValues>({
    locationId: values.locationId === "" ? SENTENCES.locationId : undefined,
    date: /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? undefined : SENTENCES.date,
    start,
    partySize:
      rules.kind === "table" && parsePartySize(values.partySize) === null
        ? SENTENCES.partySize
        : undefined,
    serviceId: rules.kind === "appointment" && rules.requireService && values.serviceId === "" ? SENTENCES.serviceId : undefined,
    name: requiredText(values.name, "your name", FIELD_LIMITS.name, SENTENCES.name),
    email: emailProblem(values.email),
    phone: phoneProblem(values.phone),
    notes: optionalText(values.notes, "the note", FIELD_LIMITS.notes),
  });
}

// ─── request bodies ────────────────────────────────────────────────────────────────────────────────

export interface BusinessRef {
  businessId: string;
  type: string;
  name: string;
}

export interface WebsiteRef {
  url: string;
  page: string;
  recipe: string;
}

export interface ContactLocation {
  locationId: string;
  email?: string | null;
  contactEmails: readonly string[];
}

/**
 * The SPEC §7 contact call: the path with the SPEC §5 type segment, and the destination addresses the
 * data configures for the location (its contact emails, else its public email; the service refuses
 * any other address, and without either it falls back to the primary location's).
 */
export function contactRequest(business: BusinessRef, location: ContactLocation, values: ContactValues): { path: string; body: ContactRequestBody } {
  const path = `businesses/${businessTypePath(business.type)}/${encodeURIComponent(business.businessId)}/locations/${encodeURIComponent(location.locationId)}/email/`;
  const destinations = location.contactEmails.length > 0 ? [...location.contactEmails] : location.email ? [location.email] : [];
  const subject = values.subject.trim();
  return {
    path,
    body: {
      contact_name: values.name.trim(),
      contact_email: values.email.trim(),
      contact_message: values.message.trim(),
      contact_opt_in: values.optIn,
      ...(subject ? { email_subject: subject } : {}),
      ...(destinations.length === 1 ? { destination_email: destinations[0] } : {}),
      ...(destinations.length > 1 ? { destination_emails: destinations } : {}),
    },
  };
}

const BUSINESS_TYPES: readonly string[] = ["restaurant", "generic", "merchant"] satisfies EventBusinessType[];
const isEventBusinessType = (type: string): type is EventBusinessType => BUSINESS_TYPES.includes(type);

/** The `events/website/` envelope (SPEC §7) around one form's field values. */
export function eventBody(input: {
  business: BusinessRef;
  website?: WebsiteRef;
  locationId?: string | null;
  type: EventType;
  name: string;
  fieldValues: Record<string, unknown>;
}): EventRequestBody {
  return {
    business_info: {
      id: input.business.businessId,
      ...(isEventBusinessType(input.business.type) ? { type: input.business.type } : {}),
      name: input.business.name,
    },
    ...(input.website ? { website: input.website } : {}),
    ...(input.locationId ? { location: { id: input.locationId } } : {}),
    component_configuration: { type: input.type, name: input.name },
    event_data: { fieldValues: input.fieldValues },
  };
}

const present = (key: string, value: string) => (value.trim() === "" ? {} : { [key]: value.trim() });

export function reviewFieldValues(values: ReviewValues, menuItemId?: string): Record<string, unknown> {
  return {
    rating: parseRating(values.rating),
    text: values.text.trim(),
    ...present("name", values.name),
    ...present("email", values.email),
    ...(menuItemId ? { menuItemId } : {}),
  };
}

export function subscribeFieldValues(values: SubscribeValues): Record<string, unknown> {
  return { email: values.email.trim(), optIn: values.optIn };
}

export function applicationFieldValues(values: ApplicationValues): Record<string, unknown> {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...present("phone", values.phone),
    role: values.role.trim(),
    message: values.message.trim(),
  };
}

export function reservationFieldValues(values: ReservationValues, kind: ReservationKind): Record<string, unknown> {
  return {
    start: values.start,
    partySize: kind === "table" ? parsePartySize(values.partySize) : 1,
    name: values.name.trim(),
    email: values.email.trim(),
    ...present("phone", values.phone),
    notes: values.notes.trim(),
    ...(kind === "appointment" ? { ...present("serviceId", values.serviceId), ...present("teamMemberId", values.teamMemberId) } : {}),
  };
}

export function likeFieldValues(menuItemId: string, visitorId: string): Record<string, unknown> {
  return { menuItemId, visitorId };
}

// ─── service error paths → form fields ─────────────────────────────────────────────────────────────

export const CONTACT_ERROR_PATHS: Readonly<Record<string, keyof ContactValues>> = {
  "body.contact_name": "name",
  "body.contact_email": "email",
  "body.contact_message": "message",
  "body.email_subject": "subject",
};

/** `event_data.fieldValues.<name>` paths of the events call, for the fields a form shows. */
export function eventErrorPaths<V extends Record<string, unknown>>(fields: Readonly<Record<string, keyof V & string>>): Record<string, keyof V & string> {
  return Object.fromEntries(Object.entries(fields).map(([serverField, formField]) => [`event_data.fieldValues.${serverField}`, formField]));
}

export const REVIEW_ERROR_PATHS = eventErrorPaths<ReviewValues>({ rating: "rating", text: "text", name: "name", email: "email" });
export const SUBSCRIBE_ERROR_PATHS = eventErrorPaths<SubscribeValues>({ email: "email", optIn: "optIn" });
export const APPLICATION_ERROR_PATHS = eventErrorPaths<ApplicationValues>({ name: "name", email: "email", phone: "phone", role: "role", message: "message" });
export const RESERVATION_ERROR_PATHS: Readonly<Record<string, keyof ReservationValues>> = {
  ...eventErrorPaths<ReservationValues>({
    start: "start",
    partySize: "partySize",
    name: "name",
    email: "email",
    phone: "phone",
    notes: "notes",
    serviceId: "serviceId",
    teamMemberId: "teamMemberId",
  }),
  "location.id": "locationId",
};

// ─── analytics ─────────────────────────────────────────────────────────────────────────────────────

export type FormKind = "contact" | "review" | "subscribe" | "application" | "reservation" | "cancelReservation" | "like";

/** The SPEC §3 analytics event a successful submission sends (labels never carry what the visitor typed). */
export function formEvent(kind: FormKind, label?: string): AnalyticsEvent {
  switch (kind) {
    case "contact":
      return buildEvent({ category: "Contact", action: ANALYTICS_ACTIONS.submitInquiry, label: label ?? "Contact form" });
    case "application":
      return buildEvent({ category: "Contact", action: ANALYTICS_ACTIONS.submitInquiry, label: label ?? "Job application" });
    case "review":
      return buildEvent({ category: "Reviews", action: ANALYTICS_ACTIONS.submitReview, label });
    case "subscribe":
      return buildEvent({ category: "Newsletter", action: ANALYTICS_ACTIONS.signup, label: label ?? "Footer" });
    case "reservation":
      return buildEvent({ category: "Booking", action: ANALYTICS_ACTIONS.scheduleAppointment, label: label ?? "Reservation form" });
    case "cancelReservation":
      return buildEvent({ category: "Booking", action: ANALYTICS_ACTIONS.cancelAppointment, label: label ?? "Reservation form" });
    case "like":
      return buildEvent({ category: "Services", action: "Like", label });
  }
}
