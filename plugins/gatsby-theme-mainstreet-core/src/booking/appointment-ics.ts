import type { CreatedAppointment } from "@mainstreet/rules/api/appointments-api";

/**
 * The "Add to calendar" file (RFC 5545) built from the booking's reply. Times are written in UTC (the
 * `Z` form every calendar reads), so the file needs no VTIMEZONE and shows in the visitor's own zone.
 */
export interface IcsInput {
  appointment: Pick<CreatedAppointment, "id" | "reference" | "start" | "end" | "staff">;
  serviceName: string;
  businessName: string;
  address: string;
  manageUrl: string;
  /** When the file is made (DTSTAMP). */
  now: Date;
}

function icsInstant(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** TEXT values escape backslash, semicolon, comma and newline (RFC 5545 §3.3.11). */
function icsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets are folded with CRLF and a space (§3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (rest.length > 74) {
    parts.push(rest.slice(0, 74));
    rest = rest.slice(74);
  }
  parts.push(rest);
  return parts.join("\r\n ");
}

export function appointmentIcs({ appointment, serviceName, businessName, address, manageUrl, now }: IcsInput): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Mainstreet//Booking//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${appointment.id}@mainstreet`,
    `DTSTAMP:${icsInstant(now)}`,
    `DTSTART:${icsInstant(new Date(appointment.start))}`,
    `DTEND:${icsInstant(new Date(appointment.end))}`,
    `SUMMARY:${icsText(`${serviceName} with ${appointment.staff.name} at ${businessName}`)}`,
    `LOCATION:${icsText(address)}`,
    `DESCRIPTION:${icsText(`Reference ${appointment.reference}. To cancel or move it: ${manageUrl}`)}`,
    `URL:${manageUrl}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** A data: link for the file, so the download needs no object URL to revoke. */
export function icsHref(ics: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}
