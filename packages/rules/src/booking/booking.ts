/**
 * Booking rules that need no clock: where Book Now and Book this go, and which locations take
 * reservations or appointments on the site. The header, footer and item pages link to booking on every
 * page, so this module stays small: the booking flow's own state is in booking-flow.ts, the reservation
 * form's slot list and cancel link in reservation-form.ts, and the date and slot rules in reservations.ts
 * (luxon), which re-exports these.
 */
import { safeHref } from "../site/hrefs";

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
