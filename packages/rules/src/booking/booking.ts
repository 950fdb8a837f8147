/**
 * Booking rules that need no clock: where Book Now goes, which locations take reservations on
 * the site, how the form lists slots, and the cancel link. The header and footer show Book Now on every
 * page, so these stay apart from the date and slot rules in reservations.ts (luxon), which re-exports them.
 */
import { safeHref } from "../site/hrefs";
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
export function hasReservationPage(business: { type: string; bookingUrl?: string | null; locations: readonly ReservableLocationInput[] }): boolean {
  const onSite = business.type === "restaurant" || !safeHref(business.bookingUrl);
  return onSite && business.locations.some(takesReservations);
}

export function reservationPageTitle(businessType: string): string {
  return businessType === "restaurant" ? "Reservations" : "Book an appointment";
}

export interface BookingTarget {
  href: string;
  /** An external booking site opens in a new tab; the site's own reservation page does not. */
  external: boolean;
}

/**
 * Where Book Now buttons, the mobile book icon and BOOKING interactions without their own url go:
 * a restaurant's own reservation page first, else the business's booking link, else the reservation
 * page, else nowhere (the button is not shown).
 */
export function bookingTarget(input: { type: string; bookingUrl?: string | null; reservationsPath?: string | null }): BookingTarget | null {
  const page = input.reservationsPath || null;
  const link = safeHref(input.bookingUrl);
  if (page && (input.type === "restaurant" || !link)) return { href: page, external: false };
  if (link) return { href: link, external: /^https?:/i.test(link) };
  return null;
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
