import { ANY_STAFF, staffFor } from "@mainstreet/rules/booking/staff";
import type { BookingSelection } from "@mainstreet/rules/booking/booking-flow";
import { bookableServices, bookableVariations, type BookingData, type BookingLocation, type BookingMember, type BookingService } from "./booking-data";

/** What each step of the flow offers, given the choices made so far (a preselected person narrows them). */

export function appointmentLocations(data: BookingData, staffId: string | null): BookingLocation[] {
  const member = staffId && staffId !== ANY_STAFF ? data.team.find((entry) => entry.memberId === staffId) : undefined;
  return data.locations.filter((location) => location.appointments.enabled && (!member || member.locationIds.length === 0 || member.locationIds.includes(location.locationId)));
}

export function performers(data: BookingData, locationId: string, itemId: string): BookingMember[] {
  const team = data.team.map((member) => ({ ...member, id: member.memberId }));
  return staffFor(team, data.categories.map((category) => ({ id: category.categoryId, itemIds: category.itemIds })), locationId, itemId);
}

export function servicesAt(data: BookingData, locationId: string, staffId: string | null): BookingService[] {
  return bookableServices(data).filter((service) => {
    const people = performers(data, locationId, service.itemId);
    return staffId && staffId !== ANY_STAFF ? people.some((member) => member.memberId === staffId) : people.length > 0;
  });
}

/**
 * The selection with what needs no asking filled in, and what no longer fits dropped: `service=` naming a
 * variation (a "Book this" link), the one location or length there is, a person who does not perform the
 * chosen service there.
 */
export function settleSelection(data: BookingData, selection: BookingSelection): BookingSelection {
  const next = { ...selection };
  if (next.service && !data.services.some((service) => service.itemId === next.service)) {
    const owner = data.services.find((service) => service.variations.some((variation) => variation.id === next.service));
    next.variation = owner ? next.service : null;
    next.service = owner ? owner.itemId : null;
  }
  const locations = appointmentLocations(data, next.staff);
  if (next.location && !locations.some((location) => location.locationId === next.location)) next.location = null;
  if (!next.location && locations.length === 1) next.location = locations[0].locationId;
  if (!next.location) return next;
  const service = next.service ? servicesAt(data, next.location, null).find((entry) => entry.itemId === next.service) : undefined;
  if (!service) return { ...next, service: null, variation: null, date: null, time: null };
  const variations = bookableVariations(service);
  if (next.variation && !variations.some((variation) => variation.id === next.variation)) next.variation = null;
  if (!next.variation && variations.length === 1) next.variation = variations[0].id;
  if (next.staff && next.staff !== ANY_STAFF && !performers(data, next.location, service.itemId).some((member) => member.memberId === next.staff)) {
    return { ...next, staff: null, date: null, time: null };
  }
  return next;
}
