/**
 * The booking pages of a business taking appointments: one booking page for the site (its first step
 * chooses the location when several take appointments, so a deep link from any page lands in one flow),
 * and the page where a booking's holder manages it, at the address the service's mails link to.
 */
import { APPOINTMENT_MANAGE_PATH, APPOINTMENTS_PATH, hasAppointmentsPage } from "../../booking/booking";
import { parentOf, type PlanBuilder } from "./plan-builder";
import { DEFAULT_NAVIGATION_ORDER, type PlanInput } from "./types";

export function planAppointmentPages(plan: PlanBuilder, business: PlanInput): void {
  if (!hasAppointmentsPage({ locations: business.locations })) return;
  const path = APPOINTMENTS_PATH;
  const parent = parentOf(business, "contact");
  plan.add(
    {
      path,
      template: "appointments",
      context: { id: "appointments", title: "Book an appointment", navigationOrder: business.locations.length + 1, navigationGroupOrder: DEFAULT_NAVIGATION_ORDER, ...parent, canonicalPath: path },
    },
    "the booking page",
  );
  plan.add(
    {
      path: APPOINTMENT_MANAGE_PATH,
      template: "appointment-manage",
      context: { id: "appointment-manage", title: "Your appointment", navigationOrder: business.locations.length + 2, navigationGroupOrder: DEFAULT_NAVIGATION_ORDER, ...parent, canonicalPath: APPOINTMENT_MANAGE_PATH },
    },
    "the appointment manage page",
  );
}
