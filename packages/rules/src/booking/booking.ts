/**
 * Booking rules that need no clock: where Book Now goes, which locations take reservations or
 * appointments on the site, the booking flow's URL state, how the form lists slots, and the cancel link. The header and footer show Book Now on every
 * page, so these stay apart from the date and slot rules in reservations.ts (luxon), which re-exports them.
 */
import { safeHref } from "../site/hrefs";
import { isValidEmail } from "../forms/validation";
import { looksLikePhoneNumber } from "../business/phone";
import type { TimeSlot } from "../hours/time-slots";
import type { ServerSlot } from "../api/api-views";

export type { ServerSlot };

export interface ReservationSettings {
  enabled: boolean;
  capacity: number;
  slotMinutes: number;
}

export interface ReservableLocationInput {
  reservations?: ReservationSettings | null;
}

/** A location takes reservations on the site when its data enables them with a capacity. */
export function takesReservations(location: ReservableLocationInput): boolean {
  return Boolean(location.reservations?.enabled) && (location.reservations?.capacity ?? 0) > 0;
}

/** The locations a reservation form offers: those taking reservations, or only `onlyId` when one is named. */
export function bookableLocations<T extends ReservableLocationInput & { locationId: string }>(locations: readonly T[], onlyId?: string | null): T[] {
  return locations.filter((location) => takesReservations(location) && (!onlyId || location.locationId === onlyId));
}

export const RESERVATIONS_SLUG = "reservations";

/**
 * Restaurants, and businesses without an external booking link, get a reservation page, if
 * any of their locations takes reservations (the API refuses the others, so a page would be empty).
 */
export function hasReservationPage(business: { type: string; bookingUrl?: string | null; locations: readonly (ReservableLocationInput & AppointmentLocationInput)[] }): boolean {
  const onSite = business.type === "restaurant" || !safeHref(business.bookingUrl);
  return onSite && business.locations.some((location) => offersReservationForm(business.type, location));
}

/**
 * Whether the site offers a location's reservation form. A restaurant's is for tables and stays beside
 * appointments; any other business's books a service by time slot, which the booking flow replaces
 * wherever the location takes appointments: a salon owner wants one way to book, not two.
 */
export function offersReservationForm(businessType: string, location: ReservableLocationInput & AppointmentLocationInput): boolean {
  return takesReservations(location) && (businessType === "restaurant" || !takesAppointments(location));
}

export function reservationPageTitle(businessType: string): string {
  return businessType === "restaurant" ? "Reservations" : "Book an appointment";
}

export interface BookingTarget {
  href: string;
  /** An external booking site opens in a new tab; the site's own booking pages do not. */
  external: boolean;
}

/**
 * Where Book Now buttons, the mobile book icon and BOOKING interactions without their own url go: the
 * site's own appointment booking when a location takes appointments (the external link is then only a
 * fallback the data keeps), else a restaurant's own reservation page, else the business's booking link,
 * else the reservation page, else nowhere (the button is not shown).
 */
export function bookingTarget(input: { type: string; bookingUrl?: string | null; reservationsPath?: string | null; appointmentsPath?: string | null }): BookingTarget | null {
  if (input.appointmentsPath) return { href: input.appointmentsPath, external: false };
  const page = input.reservationsPath || null;
  const link = safeHref(input.bookingUrl);
  if (page && (input.type === "restaurant" || !link)) return { href: page, external: false };
  if (link) return { href: link, external: /^https?:/i.test(link) };
  return null;
}

// ─── appointments ──────────────────────────────────────────────────────────────────────────────────

export interface AppointmentLocationInput {
  appointments?: { enabled: boolean } | null;
}

/** A location takes appointments on the site when its data turns them on. */
export function takesAppointments(location: AppointmentLocationInput): boolean {
  return Boolean(location.appointments?.enabled);
}

/** The one booking page of a site (a location chooser is its first step when several take appointments). */
const APPOINTMENTS_SLUG = "book";
/** Where a booking's holder views, cancels and moves it: the service's mails link exactly here. */
export const APPOINTMENT_MANAGE_PATH = "/appointments/manage/";

/** Where the page plan puts the booking page (pathFromSlug of APPOINTMENTS_SLUG). */
export const APPOINTMENTS_PATH = `/${APPOINTMENTS_SLUG}/`;

/** The site's own booking page when Book Now goes there (appointments on), else null. */
export function appointmentsHref(target: BookingTarget | null): string | null {
  return target && !target.external && target.href === APPOINTMENTS_PATH ? target.href : null;
}

/**
 * Where an interaction's button goes. With appointments on, every BOOKING interaction opens the site's own
 * flow, preselecting what the page is about, whatever link the data gives; otherwise its own url, and a
 * BOOKING interaction without one the business's booking link.
 */
export function interactionHref(interaction: { behaviorType?: string | null; url?: string | null }, booking: { bookingUrl?: string | null; appointments?: string | null; preselect?: BookingPreselect }): string | null {
  if (interaction.behaviorType === "BOOKING" && booking.appointments) return appointmentLink(booking.appointments, booking.preselect ?? {});
  return safeHref(interaction.url ?? (interaction.behaviorType === "BOOKING" ? booking.bookingUrl : undefined)) ?? null;
}

/**
 * A link the data points at the business's own booking link (`bookingUrl`, the same address whatever its
 * query or trailing slash): a "Book Now" page of the menu. With appointments on, it opens the site's
 * booking page instead, as every Book button does; other links to the same booking site stay as they are.
 */
export function leadsToBookingUrl(url: string | null | undefined, bookingUrl: string | null | undefined): boolean {
  const where = (value: string | null | undefined) => {
    const href = safeHref(value);
    if (!href || !/^https?:/i.test(href)) return null;
    try {
      const parsed = new URL(href);
      return `${parsed.host.toLowerCase()}${parsed.pathname.replace(/\/+$/, "")}`;
    } catch {
      return null;
    }
  };
  const target = where(bookingUrl);
  return target !== null && where(url) === target;
}

export function hasAppointmentsPage(business: { locations: readonly AppointmentLocationInput[] }): boolean {
  return business.locations.some(takesAppointments);
}

/** What a deep link into the booking flow may preselect. */
export interface BookingPreselect {
  /** A variation id or an item id. */
  service?: string;
  staff?: string;
  location?: string;
}

/** A link into the booking page that preselects a service, a person or a location ("Book with Maya"). */
export function appointmentLink(path: string, preselect: BookingPreselect): string {
  const params = new URLSearchParams();
  for (const key of ["location", "service", "staff"] as const) {
    const value = preselect[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

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

// ─── slots ─────────────────────────────────────────────────────────────────────────────────────────


export interface SlotOption {
  start: string;
  label: string;
  /** Seats or chairs left; null when the service could not be asked. */
  remaining: number | null;
  available: boolean;
}

/**
 * The times the form lists. The service's answer wins when there is one: it applies the same rule with
 * its own clock and knows what is booked. Without it (offline) the local rule's slots are offered and
 * the service decides on submission.
 */
export function slotOptions(local: readonly TimeSlot[], server?: readonly ServerSlot[] | null): SlotOption[] {
  if (server) return server.map((slot) => ({ start: slot.start, label: slot.label, remaining: slot.remaining, available: slot.available }));
  return local.map((slot) => ({ start: slot.start, label: slot.label, remaining: null, available: true }));
}

export function slotOptionLabel(slot: SlotOption): string {
  return slot.available ? slot.label : `${slot.label} (fully booked)`;
}

// ─── cancel link ───────────────────────────────────────────────────────────────────────────────────

const REFERENCE = /^R-[A-Z2-9]{4}-[A-Z2-9]{4}$/;
const CANCEL_TOKEN = /^[0-9a-f]{32}$/;

/**
 * The cancel link lives in the URL fragment: browsers never send a fragment to a server, so the cancel
 * token stays out of access logs and Referer headers.
 */
export function cancelHash(reference: string, token: string): string {
  if (!REFERENCE.test(reference)) throw new RangeError(`cancelHash: expected a reference like R-ABCD-EF23, got "${reference}"`);
  if (!CANCEL_TOKEN.test(token)) throw new RangeError("cancelHash: expected the 32-character cancel token from the booking reply");
  return `#cancel=${reference}&token=${token}`;
}

export function parseCancelHash(hash: string): { reference: string; token: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const reference = params.get("cancel") ?? "";
  const token = params.get("token") ?? "";
  return REFERENCE.test(reference) && CANCEL_TOKEN.test(token) ? { reference, token } : null;
}
