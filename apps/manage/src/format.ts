/**
 * How the workspace writes money, times and dates: in the merchant's own browser language, and every time
 * on the wall clock of the location it belongs to (a kitchen in Philadelphia reads Philadelphia's time on
 * a phone set to any zone), through Intl with the zone given explicitly. Where the device's clock reads
 * differently at that instant, the time carries the zone's short name ("4:06 PM EST"), so an owner away
 * from the business never takes it for local time. Every screen writes its times through this module.
 */
import { formatCents } from "@mainstreet/rules/orders/money";

const uiLocale = (): string => (typeof navigator !== "undefined" && navigator.language) || "en-US";

/** The formats the workspace writes times with, by name: a lookup per time costs a string, not a JSON of the options. */
const FORMAT_OPTIONS = {
  time: { hour: "numeric", minute: "2-digit" },
  zoneName: { timeZoneName: "short" },
  day: { weekday: "short", month: "short", day: "numeric" },
  date: { year: "numeric", month: "2-digit", day: "2-digit", hour12: false },
  clock: { year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" },
  wallTime: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(timeZone: string, kind: keyof typeof FORMAT_OPTIONS): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(uiLocale(), { timeZone, ...FORMAT_OPTIONS[kind] });
    formats.set(key, found);
  }
  return found;
}

export function formatMoney(cents: number, currency: string): string {
  return formatCents(cents, { currency, locale: uiLocale(), alwaysShowCents: true });
}

/** How long a reading of the device's zone is used: a laptop carried into another zone is seen within this. */
const DEVICE_ZONE_READ_MS = 60_000;
let deviceZoneRead: { zone: string; at: number } | null = null;

/**
 * The zone the device's own clock is set to. Reading it builds a formatter (about a third of a millisecond on a slow
 * tablet), and a queue of orders names it for every time it shows, so a reading serves for a minute.
 */
export function deviceTimeZone(): string {
  const now = Date.now();
  if (!deviceZoneRead || now - deviceZoneRead.at >= DEVICE_ZONE_READ_MS || now < deviceZoneRead.at) {
    deviceZoneRead = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC", at: now };
  }
  return deviceZoneRead.zone;
}

export interface TimeOptions {
  /** The device's zone (the browser's own unless a test pins it). */
  deviceZone?: string;
  /** False leaves the zone's name out (the first time of a range whose end carries it). */
  named?: boolean;
}

/** The zone's short name at an instant (`EST`, `GMT+9`), or "" when the device's clock reads the same. */
export function zoneNameAt(at: string | number, timeZone: string, deviceZone: string = deviceTimeZone()): string {
  const instant = new Date(at).getTime();
  if (timeZone === deviceZone || zoneOffsetMinutes(instant, timeZone) === zoneOffsetMinutes(instant, deviceZone)) return "";
  return dateFormat(timeZone, "zoneName").formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/** `6:30 PM` on the zone's clock; `6:30 PM EDT` on a device whose clock reads otherwise. */
export function formatTime(at: string | number, timeZone: string, options: TimeOptions = {}): string {
  const time = dateFormat(timeZone, "time").format(new Date(at));
  const name = options.named === false ? "" : zoneNameAt(at, timeZone, options.deviceZone);
  return name ? `${time} ${name}` : time;
}

/** `Fri, Nov 27` on the zone's calendar. */
export function formatDay(at: string | number, timeZone: string): string {
  return dateFormat(timeZone, "day").format(new Date(at));
}

/** The zone's calendar date at an instant: `2026-11-27`. */
export function zonedDate(at: string | number | Date, timeZone: string): string {
  const parts = dateFormat(timeZone, "date").formatToParts(new Date(at));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  // Some locales write other digits; the ISO date is rebuilt from numbers.
  return [part("year"), part("month"), part("day")].map((value) => String(Number(value.replace(/\D/g, "")))).map((value, index) => (index === 0 ? value : value.padStart(2, "0"))).join("-");
}

/** The date `days` after an ISO date (calendar arithmetic, no zone). */
export function dateAfter(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** `6:30 PM`, `Tomorrow 6:30 PM` or `Fri, Nov 27 6:30 PM`: the day only when it is not today (on the zone's calendar). */
export function formatWhen(at: string | number, timeZone: string, now: number, options: TimeOptions = {}): string {
  const day = zonedDate(at, timeZone);
  const today = zonedDate(now, timeZone);
  const time = formatTime(at, timeZone, options);
  if (day === today) return time;
  if (day === dateAfter(today, 1)) return `Tomorrow ${time}`;
  if (day === dateAfter(today, -1)) return `Yesterday ${time}`;
  return `${formatDay(at, timeZone)} ${time}`;
}

/** `just now`, `4 min ago`, `2 h ago`: how long an order has waited. */
export function formatAgo(at: string | number, now: number): string {
  const minutes = Math.floor((now - new Date(at).getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
}

/** Minutes the zone's clock is ahead of UTC at an instant. */
function zoneOffsetMinutes(at: number, timeZone: string): number {
  const parts = dateFormat(timeZone, "clock").formatToParts(new Date(at));
  const value = (type: string) => Number(parts.find((entry) => entry.type === type)?.value.replace(/\D/g, "") ?? 0);
  const asUtc = Date.UTC(value("year"), value("month") - 1, value("day"), value("hour") % 24, value("minute"), value("second"));
  return Math.round((asUtc - (at - (at % 1000))) / 60_000);
}

/**
 * The instant the zone's clock reads `minuteOfDay` on `date`. A time skipped by a DST change moves forward
 * by the change; a repeated one is its first occurrence.
 */
export function instantAt(date: string, minuteOfDay: number, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number);
  const wall = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const first = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  const second = wall - zoneOffsetMinutes(first, timeZone) * 60_000;
  // Both guesses agree except in a gap (the clock jumps past the time): then the later one.
  return zoneOffsetMinutes(second, timeZone) === zoneOffsetMinutes(first, timeZone) ? second : Math.max(first, second);
}

/** The next instant at or after `now` when the zone's clock reads `HH:MM` (today's, else tomorrow's). */
export function nextWallTime(time: string, timeZone: string, now: number): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`time: expected HH:MM, got "${time}"`);
  const minuteOfDay = Number(match[1]) * 60 + Number(match[2]);
  const today = zonedDate(now, timeZone);
  const at = instantAt(today, minuteOfDay, timeZone);
  return at > now ? at : instantAt(dateAfter(today, 1), minuteOfDay, timeZone);
}

/** `HH:MM` on the zone's clock, as an `<input type="time">` holds it. */
export function wallTimeValue(at: string | number, timeZone: string): string {
  const parts = dateFormat(timeZone, "wallTime").formatToParts(new Date(at));
  const value = (type: string) => (parts.find((entry) => entry.type === type)?.value ?? "0").replace(/\D/g, "").padStart(2, "0");
  return `${String(Number(value("hour")) % 24).padStart(2, "0")}:${value("minute")}`;
}
