import { randomBytes } from "node:crypto";
import { DateTime } from "luxon";
import type { Location, MenuItem, TeamMember, Variation } from "@mainstreet/rules/business/schema";
import { appointmentSpan } from "@mainstreet/rules/booking/availability";
import { worksAt } from "@mainstreet/rules/booking/staff";
import type { CatalogEntry } from "../catalog/catalog";
import { conflict, unprocessable } from "../http/errors";
import { isOverlap, type AppointmentRow } from "./appointments.store";

/**
 * What an appointment is made of, looked up in the business data with a field-path refusal for each
 * thing that is not there: the location, the service variation (its length and buffer), the person.
 * Shared by the visitor's calls and the workspace's.
 */

/** How long before the start the reminder goes (when the booking is made earlier than that). */
export const REMINDER_BEFORE_MS = 24 * 60 * 60_000;

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Short, unambiguous (no 0/O, 1/I) reference a visitor can read out on the phone. */
export function newReference(): string {
  const chars = Array.from(randomBytes(8), (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]);
  return `A-${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}

/** The manage link's secret: 32 hex characters (only its SHA-256 is stored). */
export const newManageToken = () => randomBytes(16).toString("hex");

export interface Service {
  item: MenuItem;
  variation: Variation;
  durationMinutes: number;
  bufferMinutes: number;
  /** "Balayage · Senior stylist", or the item's name alone for a single variation. */
  name: string;
}

export function locationOf(entry: CatalogEntry, locationId: string, path: string): Location {
  const location = entry.locations.get(locationId);
  if (!location) throw unprocessable(`${path}: "${locationId}" is not a location of ${entry.business.name}`);
  return location;
}

export function serviceName(item: MenuItem, variation: Variation): string {
  return item.variations.length > 1 && variation.name ? `${item.name} · ${variation.name}` : item.name;
}

export function serviceOf(entry: CatalogEntry, variationId: string, path: string): Service {
  const found = entry.variations.get(variationId);
  if (!found || !found.item.visible) throw unprocessable(`${path}: "${variationId}" is not a service variation of ${entry.business.name}`);
  const { item, variation } = found;
  if (variation.durationMinutes === undefined) throw unprocessable(`${path}: ${serviceName(item, variation)} is not bookable as an appointment (it has no durationMinutes)`);
  return { item, variation, durationMinutes: variation.durationMinutes, bufferMinutes: variation.bufferMinutes, name: serviceName(item, variation) };
}

/** A team member the workspace may put in a location's calendar: shown and working there. */
export function staffOf(entry: CatalogEntry, staffId: string, location: Location, path: string): TeamMember {
  const member = entry.team.get(staffId);
  if (!member || !member.show) throw unprocessable(`${path}: "${staffId}" is not a team member of ${entry.business.name}`);
  if (!worksAt(member, location.id)) throw unprocessable(`${path}: ${member.name} does not work at ${location.name ?? location.street}`);
  return member;
}

export const staffName = (entry: CatalogEntry, staffId: string) => entry.team.get(staffId)?.name ?? staffId;

/** The service's name for a stored appointment (the data may have changed since: the id then). */
export function storedServiceName(entry: CatalogEntry, row: AppointmentRow): string {
  const found = row.variation_id ? entry.variations.get(row.variation_id) : undefined;
  return found ? serviceName(found.item, found.variation) : (row.variation_id ?? "Blocked time");
}

/** Where an appointment of `service` starting at `start` ends, and until when the person is busy (the rule's span). */
export function span(start: Date, service: Pick<Service, "durationMinutes" | "bufferMinutes">): { endsAt: Date; bufferEndsAt: Date } {
  const { end, busyUntil } = appointmentSpan(start, service);
  return { endsAt: new Date(end), bufferEndsAt: new Date(busyUntil) };
}

/** When the reminder is due: a day before the start, or never when the start is less than a day away. */
export function reminderAt(start: Date, now: Date, email: string | null): Date | null {
  const due = new Date(start.getTime() - REMINDER_BEFORE_MS);
  return email && due.getTime() > now.getTime() ? due : null;
}

/** The instant of an ISO 8601 time with its offset (already checked by the request schema). */
export function instant(value: string): Date {
  return DateTime.fromISO(value, { setZone: true }).toJSDate();
}

/** An instant as ISO 8601 on the location's clock, to the second, as the rule writes free starts. */
export function onClock(value: Date | string, zone: string): string {
  return DateTime.fromJSDate(new Date(value), { zone }).toISO({ suppressMilliseconds: true }) as string;
}

/** Runs a write that may overlap the person's time; the constraint's refusal becomes a 409 that says whose. */
export async function overlapAs409<T>(entry: CatalogEntry, staffId: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isOverlap(error)) throw conflict(`${staffName(entry, staffId)} is not free then: another appointment or a block overlaps that time. Choose another time.`, { code: "taken", staff_id: staffId });
    throw error;
  }
}
