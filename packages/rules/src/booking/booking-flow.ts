/**
 * The booking flow's state, loaded with the flow only: its URL (each choice a parameter, so back, forward
 * and reload keep the step), the link a made booking keeps, and the details step's checks.
 */
import { isValidEmail } from "../forms/validation";
import { looksLikePhoneNumber } from "../business/phone";

/**
 * The booking flow's state as it lives in the URL, so back, forward and reload keep the step: each
 * choice is a parameter, and the step shown is the first choice not yet made.
 */
export interface BookingSelection {
  location: string | null;
  /** The item (service) chosen; `service=` may also name a variation, which the flow resolves. */
  service: string | null;
  variation: string | null;
  /** A team member id, or "any". */
  staff: string | null;
  /** YYYY-MM-DD in the location's zone. */
  date: string | null;
  /** The start instant with the location's offset. */
  time: string | null;
}

export const BOOKING_STEPS = ["location", "service", "variation", "staff", "date", "time", "details"] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

const SELECTION_KEYS = ["location", "service", "variation", "staff", "date", "time"] as const;
const SAFE_VALUE = /^[A-Za-z0-9_.:+-]{1,80}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseBookingSearch(search: string): BookingSelection {
  const params = new URLSearchParams(search.replace(/^\?/, ""));
  const read = (key: (typeof SELECTION_KEYS)[number]) => {
    const value = params.get(key);
    return value && SAFE_VALUE.test(value) ? value : null;
  };
  const date = read("date");
  return { location: read("location"), service: read("service"), variation: read("variation"), staff: read("staff"), date: date && DATE.test(date) ? date : null, time: read("time") };
}

export function bookingSearch(selection: BookingSelection): string {
  const params = new URLSearchParams();
  for (const key of SELECTION_KEYS) {
    const value = selection[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The step to show: the first choice not yet made, in the flow's order; all made: the visitor's details. */
export function bookingStep(selection: BookingSelection): BookingStep {
  return SELECTION_KEYS.find((key) => !selection[key]) ?? "details";
}

/** A selection with `step`'s choice and every later one cleared: going back to change it. */
export function clearFrom(selection: BookingSelection, step: Exclude<BookingStep, "details">): BookingSelection {
  const from = SELECTION_KEYS.indexOf(step);
  const next = { ...selection };
  for (const key of SELECTION_KEYS.slice(from)) next[key] = null;
  return next;
}

/** A booking made: its reference and the token that lets its holder view, cancel and move it. */
export interface BookedLink {
  reference: string;
  token: string;
}

const APPOINTMENT_REFERENCE = /^A-[A-Z2-9]{4}-[A-Z2-9]{4}$/;
const MANAGE_TOKEN = /^[0-9a-f]{32}$/;

/**
 * The manage page's address, and the booking page's once it has booked, carry the booking as
 * `?reference=…&token=…`: a reload or a return through history shows that booking, never an empty form.
 */
export function bookedSearch(link: BookedLink): string {
  return `?${new URLSearchParams({ reference: link.reference, token: link.token }).toString()}`;
}

export function parseBookedSearch(search: string): BookedLink | null {
  const params = new URLSearchParams(search.replace(/^\?/, ""));
  const reference = params.get("reference") ?? "";
  const token = params.get("token") ?? "";
  return APPOINTMENT_REFERENCE.test(reference) && MANAGE_TOKEN.test(token) ? { reference, token } : null;
}

/** The booking flow's details step: who the appointment is for. */
export type AppointmentDetails = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notes: string;
};

export const EMPTY_APPOINTMENT_DETAILS: AppointmentDetails = { firstName: "", lastName: "", email: "", phone: "", notes: "" };

/** The service's field paths for the details, so its refusals land on the right field. */
export const APPOINTMENT_ERROR_PATHS = {
  "customer.first_name": "firstName",
  "customer.last_name": "lastName",
  "customer.email": "email",
  "customer.phone": "phone",
  notes: "notes",
} as const;

export function validateAppointmentDetails(values: AppointmentDetails): Partial<Record<keyof AppointmentDetails & string, string>> {
  const errors: Partial<Record<string, string>> = {};
  if (!values.firstName.trim()) errors.firstName = "Enter your first name.";
  if (!values.lastName.trim()) errors.lastName = "Enter your last name.";
  if (!isValidEmail(values.email)) errors.email = "Enter an email address like name@example.com.";
  if (!looksLikePhoneNumber(values.phone)) errors.phone = "Enter a phone number with its area code, or from abroad with + and the country code.";
  if (values.notes.length > 1000) errors.notes = "Shorten the note to 1,000 characters or fewer.";
  return errors;
}
