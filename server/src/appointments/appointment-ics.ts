import { DateTime } from "luxon";

/**
 * An appointment as an RFC 5545 calendar file, written in the location's zone: DTSTART and DTEND carry the
 * zone's TZID and the file defines that zone in a VTIMEZONE, so a calendar shows the time the salon means
 * even where it does not know the IANA name, and across a DST change. The observances are the zone's real
 * offset changes around the appointment, read from the platform's zone data through luxon (no RRULE to get
 * wrong for zones whose rules changed).
 */

export interface IcsEvent {
  /** Stable across moves and cancellation, so a calendar updates the event it already has. */
  uid: string;
  /** Raised with every change (a move, a cancellation): a calendar keeps the highest. */
  sequence: number;
  status: "CONFIRMED" | "CANCELLED";
  start: Date;
  end: Date;
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  url?: string;
  /** When the file was written. */
  stamp: Date;
}

const DAY_MS = 24 * 60 * 60_000;
/** Transitions are looked for this far either side of the appointment. */
const WINDOW_MS = 400 * DAY_MS;

/** TEXT value escaping (RFC 5545 3.3.11). */
function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets, never inside a UTF-8 sequence (RFC 5545 3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const utcStamp = (date: Date) => DateTime.fromJSDate(date, { zone: "UTC" }).toFormat("yyyyMMdd'T'HHmmss'Z'");
const localStamp = (time: DateTime) => time.toFormat("yyyyMMdd'T'HHmmss");

/** An offset in minutes as ±HHMM. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

const offsetAt = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).offset;

/** The first minute at which the offset differs from the one at `from` (they differ at `to`). */
function transitionBetween(from: number, to: number, zone: string): number {
  const before = offsetAt(from, zone);
  let low = from;
  let high = to;
  while (high - low > 60_000) {
    const middle = low + Math.floor((high - low) / 120_000) * 60_000;
    if (offsetAt(middle, zone) === before) low = middle;
    else high = middle;
  }
  return high;
}

interface Observance {
  kind: "STANDARD" | "DAYLIGHT";
  /** Wall-clock onset in the offset before it. */
  onset: string;
  from: number;
  to: number;
}

/** The zone's offsets from before the appointment to after it: the first as in effect, then each change. */
function observances(zone: string, around: Date): Observance[] {
  const start = around.getTime() - WINDOW_MS;
  const end = around.getTime() + WINDOW_MS;
  const kindAt = (ms: number) => (DateTime.fromMillis(ms, { zone }).isInDST ? "DAYLIGHT" : "STANDARD");
  const first = offsetAt(start, zone);
  const list: Observance[] = [{ kind: kindAt(start), onset: "19700101T000000", from: first, to: first }];
  for (let day = start; day < end; day += DAY_MS) {
    const next = Math.min(day + DAY_MS, end);
    if (offsetAt(day, zone) === offsetAt(next, zone)) continue;
    const at = transitionBetween(day, next, zone);
    const from = offsetAt(day, zone);
    list.push({ kind: kindAt(at), onset: localStamp(DateTime.fromMillis(at, { zone: "UTC" }).plus({ minutes: from })), from, to: offsetAt(at, zone) });
  }
  return list;
}

function vtimezone(zone: string, around: Date): string[] {
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  for (const observance of observances(zone, around)) {
    lines.push(
      `BEGIN:${observance.kind}`,
      `DTSTART:${observance.onset}`,
      `TZOFFSETFROM:${offsetText(observance.from)}`,
      `TZOFFSETTO:${offsetText(observance.to)}`,
      `END:${observance.kind}`,
    );
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

/** The whole file, CRLF line ends, ready to attach as `text/calendar`. */
export function appointmentIcs(event: IcsEvent): string {
  const local = (date: Date) => localStamp(DateTime.fromJSDate(date, { zone: event.timeZone }));
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Mainstreet//Appointments//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...vtimezone(event.timeZone, event.start),
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=${event.timeZone}:${local(event.start)}`,
    `DTEND;TZID=${event.timeZone}:${local(event.end)}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
