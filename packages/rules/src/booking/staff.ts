/**
 * Who can be booked for what, where: the lookups the appointment book shares between the data checks,
 * the availability rule, the API service and the site. Structural inputs (no business schema import),
 * so the schema's own checks can use them without an import circle.
 */

/** A request's staff choice that asks for whoever performs the service and is free. */
export const ANY_STAFF = "any";

export interface StaffMemberInput {
  id: string;
  show: boolean;
  serviceIds: readonly string[];
  locationIds: readonly string[];
  /** Sort order of the team (ties keep the data's order). */
  order: number;
}

export interface CategoryInput {
  id: string;
  itemIds: readonly string[];
}

/** The item ids a member performs: the items named, and every item of the categories named. */
export function performedItemIds(member: Pick<StaffMemberInput, "serviceIds">, categories: readonly CategoryInput[]): Set<string> {
  const named = new Set(member.serviceIds);
  const items = new Set(member.serviceIds);
  for (const category of categories) {
    if (named.has(category.id)) for (const itemId of category.itemIds) items.add(itemId);
  }
  return items;
}

/** Whether a member works at a location: one they name, or any when they name none. */
export function worksAt(member: Pick<StaffMemberInput, "locationIds">, locationId: string): boolean {
  return member.locationIds.length === 0 || member.locationIds.includes(locationId);
}
/**
 * The members who can be booked for an item at a location, in the team's order (order, then the data's):
 * shown (a hidden member has no page and is never named to a visitor), working there and performing it.
 */
export function staffFor<M extends StaffMemberInput>(team: readonly M[], categories: readonly CategoryInput[], locationId: string, itemId: string): M[] {
  return team
    .map((member, index) => ({ member, index }))
    .filter(({ member }) => member.show && worksAt(member, locationId) && performedItemIds(member, categories).has(itemId))
    .sort((a, b) => a.member.order - b.member.order || a.index - b.index)
    .map(({ member }) => member);
}

interface ChoiceBusiness<L, I, M> {
  locations: readonly L[];
  menu: { categories: readonly CategoryInput[]; items: readonly I[] };
  team: readonly M[];
}

type ChoiceLocation = { id: string; appointments: { enabled: boolean } };
type ChoiceVariation = { id: string; available: boolean; durationMinutes?: number; bufferMinutes: number };
type ChoiceItem = { id: string; visible: boolean; available: boolean; variations: readonly ChoiceVariation[] };

export type AppointmentChoice<L, I extends ChoiceItem, M> =
  | { ok: true; location: L; item: I; variation: I["variations"][number] & { durationMinutes: number }; staff: M[] }
  | { ok: false; field: "location_id" | "variation_id" | "staff_id"; message: string };

/**
 * @public The API service resolves availability and booking requests with it.
 * What a booking request names, resolved against the business: a location taking appointments, a
 * variation with a length that can be booked, and the people it may go to (the one asked for, or
 * everyone who performs it there for "any"). A failure names the request's field, for a 4xx reply.
 */
export function appointmentChoice<L extends ChoiceLocation, I extends ChoiceItem, M extends StaffMemberInput>(
  business: ChoiceBusiness<L, I, M>,
  request: { locationId: string; variationId: string; staffId: string },
): AppointmentChoice<L, I, M> {
  const location = business.locations.find((entry) => entry.id === request.locationId);
  if (!location?.appointments.enabled) return { ok: false, field: "location_id", message: "expected a location of the business that takes appointments" };
  const item = business.menu.items.find((entry) => entry.variations.some((variation) => variation.id === request.variationId));
  const variation = item?.variations.find((entry) => entry.id === request.variationId);
  if (!item || !variation || variation.durationMinutes === undefined || !item.visible || !item.available || !variation.available) {
    return { ok: false, field: "variation_id", message: "expected a service variation with a length that can be booked" };
  }
  const performers = staffFor(business.team, business.menu.categories, location.id, item.id);
  const staff = request.staffId === ANY_STAFF ? performers : performers.filter((member) => member.id === request.staffId);
  if (staff.length === 0) {
    const message = request.staffId === ANY_STAFF ? "expected a service someone performs at this location" : 'expected a team member who performs this service at this location, or "any"';
    return { ok: false, field: "staff_id", message };
  }
  return { ok: true, location, item, variation: { ...variation, durationMinutes: variation.durationMinutes }, staff };
}
