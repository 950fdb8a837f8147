import { DateTime } from "luxon";
import type { Location } from "@mainstreet/rules/business/schema";
import { reservationTimeLabel } from "@mainstreet/rules/booking/reservations";
import type { CatalogEntry } from "../catalog/catalog";
import { contactAddresses } from "../forms/forms.service";
import type { MailMessage } from "../mail/mailer";
import { appointmentIcs } from "./appointment-ics";
import type { AppointmentRow } from "./appointments.store";

/**
 * The mails of an appointment, written in the business's locale on the location's clock: the visitor's
 * confirmation (with the calendar file and the manage link), the move, the cancellation and the reminder,
 * and the business's notice of each booking, move and cancellation.
 */

/** The site page where a visitor sees, cancels or moves a booking (the site builds it at this path). */
export const MANAGE_PAGE_PATH = "/appointments/manage/";

export function manageUrl(siteOrigin: string, reference: string, token: string): string {
  return `${siteOrigin.replace(/\/+$/, "")}${MANAGE_PAGE_PATH}?reference=${encodeURIComponent(reference)}&token=${encodeURIComponent(token)}`;
}

export interface AppointmentMailContext {
  entry: CatalogEntry;
  location: Location;
  row: AppointmentRow;
  staffName: string;
  serviceName: string;
  mailFrom: string;
  now: Date;
}

const locationName = (context: AppointmentMailContext) => context.location.name ?? context.entry.business.name;
const address = (location: Location) => [location.street, location.city, location.state, location.zip].filter((part) => part).join(", ");

/** "Tue 4 Jun at 10:00am (EDT)": the start on the location's clock, with the zone's short name. */
export function appointmentTimeText(context: Pick<AppointmentMailContext, "entry" | "location" | "row">): string {
  const start = DateTime.fromJSDate(new Date(context.row.starts_at), { zone: context.location.timezone });
  return `${reservationTimeLabel(start.toISO() as string, context.location.timezone, context.entry.business.locale)} (${start.offsetNameShort ?? context.location.timezone})`;
}

function calendarFile(context: AppointmentMailContext, status: "CONFIRMED" | "CANCELLED", url?: string) {
  const content = appointmentIcs({
    uid: `${context.row.id}@${context.entry.business.id}.mainstreet`,
    sequence: context.row.sequence,
    status,
    start: new Date(context.row.starts_at),
    end: new Date(context.row.ends_at),
    timeZone: context.location.timezone,
    summary: `${context.serviceName} with ${context.staffName} at ${locationName(context)}`,
    location: `${locationName(context)}, ${address(context.location)}`,
    description: url ? `Booking ${context.row.reference}. See, move or cancel it: ${url}` : `Booking ${context.row.reference}.`,
    url,
    stamp: context.now,
  });
  return [{ filename: "appointment.ics", contentType: `text/calendar; charset=utf-8; method=PUBLISH`, content }];
}

function customerMail(context: AppointmentMailContext, subject: string, lines: string[], status: "CONFIRMED" | "CANCELLED", url?: string): MailMessage {
  const replyTo = contactAddresses(context.entry, context.location)[0];
  return {
    from: context.mailFrom,
    to: [context.row.email as string],
    ...(replyTo ? { replyTo } : {}),
    subject,
    text: [`Hello ${context.row.first_name},`, "", ...lines, "", `${locationName(context)}, ${address(context.location)}${context.location.phone ? `, ${context.location.phone}` : ""}`].join("\n"),
    attachments: calendarFile(context, status, url),
  };
}

const summary = (context: AppointmentMailContext) => `${context.serviceName} with ${context.staffName} on ${appointmentTimeText(context)}`;

export function confirmationMail(context: AppointmentMailContext, url: string, cancellationHours: number): MailMessage {
  return customerMail(
    context,
    `Booked: ${context.serviceName} at ${context.entry.business.name}, ${appointmentTimeText(context)}`,
    [
      `your appointment is booked: ${summary(context)}, at ${locationName(context)}.`,
      `Reference: ${context.row.reference}`,
      "",
      "The attached file adds it to your calendar.",
      `To see, move or cancel it (up to ${cancellationHours} hours before it starts): ${url}`,
    ],
    "CONFIRMED",
    url,
  );
}

export function movedMail(context: AppointmentMailContext, url: string | undefined, byBusiness: boolean): MailMessage {
  return customerMail(
    context,
    `Moved: ${context.serviceName} at ${context.entry.business.name}, now ${appointmentTimeText(context)}`,
    [
      `${byBusiness ? `${context.entry.business.name} moved your appointment` : "your appointment is moved"}: ${summary(context)}.`,
      `Reference: ${context.row.reference}`,
      "",
      "The attached file updates it in your calendar.",
      url ? `To see, move or cancel it: ${url}` : "The link in your confirmation mail still shows, moves or cancels it.",
    ],
    "CONFIRMED",
    url,
  );
}

export function cancelledMail(context: AppointmentMailContext, byBusiness: boolean, reason: string): MailMessage {
  return customerMail(
    context,
    `Cancelled: ${context.serviceName} at ${context.entry.business.name}, ${appointmentTimeText(context)}`,
    [
      byBusiness
        ? `we are sorry: ${context.entry.business.name} had to cancel your appointment ${context.row.reference}, ${summary(context)}.${reason ? ` ${reason}` : ""}`
        : `your appointment ${context.row.reference}, ${summary(context)}, is cancelled.`,
      "",
      "The attached file removes it from your calendar.",
      byBusiness ? "Please get in touch, or book another time on our website." : "You are welcome to book another time on our website.",
    ],
    "CANCELLED",
  );
}

export function reminderMail(context: AppointmentMailContext): MailMessage {
  return customerMail(
    context,
    `Tomorrow: ${context.serviceName} at ${context.entry.business.name}, ${appointmentTimeText(context)}`,
    [
      `a reminder of your appointment: ${summary(context)}, at ${locationName(context)}.`,
      `Reference: ${context.row.reference}`,
      "",
      "The link in your confirmation mail moves or cancels it.",
    ],
    "CONFIRMED",
  );
}

/** The business's notice; null when the location has nowhere to send mail. */
export function businessMail(context: AppointmentMailContext, what: "booked" | "moved" | "cancelled", previous?: string): MailMessage | null {
  const to = contactAddresses(context.entry, context.location);
  if (to.length === 0) return null;
  const customer = `${context.row.first_name} ${context.row.last_name}`.trim();
  const contact = [context.row.email, context.row.phone].filter((part) => part).join(", ");
  const headline = { booked: "New appointment", moved: "Appointment moved", cancelled: "Appointment cancelled" }[what];
  return {
    from: context.mailFrom,
    to,
    ...(context.row.email ? { replyTo: context.row.email } : {}),
    subject: `${headline}: ${context.serviceName} with ${context.staffName}, ${appointmentTimeText(context)}`,
    text: [
      `${headline} at ${locationName(context)}${what === "cancelled" ? " (by the customer)" : ""}:`,
      "",
      `${summary(context)}${previous ? ` (was ${previous})` : ""}`,
      `Customer: ${customer}${contact ? ` (${contact})` : ""}`,
      `Reference: ${context.row.reference}`,
      ...(context.row.notes ? [`Notes: ${context.row.notes}`] : []),
    ].join("\n"),
  };
}
