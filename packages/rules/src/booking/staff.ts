/**
 * Who can be booked for what, where: the lookups the appointment book shares between the data checks,
 * the availability rule, the API service and the site. Structural inputs (no business schema import),
 * so the schema's own checks can use them without an import circle.
 */

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
