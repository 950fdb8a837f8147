/**
 * Rules across records for appointments: a member's services, locations and hours name real records, and a
 * location that takes appointments has something to book and someone to do it.
 */
import type { z } from "zod";
import { performedItemIds, worksAt } from "../booking/staff";
import { checkReferences } from "./business-checks";
import type { LocationSchema } from "./locations";
import type { MenuSchema } from "./menu";
import type { Ctx } from "./record";
import type { TeamMember } from "./team";

type Path = (string | number)[];

interface AppointmentDocument {
  locations: readonly z.output<typeof LocationSchema>[];
  menu: z.output<typeof MenuSchema>;
  team: readonly TeamMember[];
}

function checkMember(ctx: Ctx, member: TeamMember, index: number, serviceIds: ReadonlySet<string>, locationIds: ReadonlySet<string>): void {
  const base: Path = ["team", index];
  checkReferences(ctx, member.serviceIds, serviceIds, [...base, "services"], "menu.items or menu.categories");
  checkReferences(ctx, member.locationIds, locationIds, [...base, "locations"], "locations");
  member.hours.forEach((entry, hoursIndex) => {
    const path = [...base, "hours", hoursIndex, "location"];
    if (!locationIds.has(entry.locationId)) {
      ctx.addIssue({ code: "custom", path, message: "expected the id of an entry in locations", input: entry.locationId });
    } else if (!worksAt(member, entry.locationId)) {
      ctx.addIssue({ code: "custom", path, message: `expected one of the member's locations (${member.locationIds.map((id) => JSON.stringify(id)).join(", ")})`, input: entry.locationId });
    }
  });
}

/** Every member's references, then every location taking appointments: a service with a length, and a person for it. */
export function checkAppointments(ctx: Ctx, v: AppointmentDocument): void {
  const { menu } = v;
  const serviceIds = new Set([...menu.items.map((item) => item.id), ...menu.categories.map((category) => category.id)]);
  const locationIds = new Set(v.locations.map((location) => location.id));
  v.team.forEach((member, index) => checkMember(ctx, member, index, serviceIds, locationIds));

  const timedItems = new Set(menu.items.filter((item) => item.variations.some((variation) => variation.durationMinutes !== undefined)).map((item) => item.id));
  v.locations.forEach((location, index) => {
    if (!location.appointments.enabled) return;
    const path = ["locations", index, "appointments", "enabled"];
    if (timedItems.size === 0) {
      ctx.addIssue({ code: "custom", path, message: "expected a service variation with a durationMinutes (menu.items[].variations[]) when appointments are enabled", input: true });
      return;
    }
    const staffed = v.team.some((member) => {
      if (!member.show || !worksAt(member, location.id)) return false;
      const works = member.hours.length === 0 || member.hours.some((entry) => entry.locationId === location.id);
      return works && [...performedItemIds(member, menu.categories)].some((itemId) => timedItems.has(itemId));
    });
    if (!staffed) {
      ctx.addIssue({
        code: "custom",
        path,
        message: "expected a shown team member who works here (team[].locations, team[].hours) and performs a service with a durationMinutes (team[].services) when appointments are enabled",
        input: true,
      });
    }
  });
}
