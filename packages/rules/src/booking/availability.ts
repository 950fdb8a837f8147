/**
 * When a person can be booked for a service (docs/business-data.md "Appointments"): the free start times
 * of one variation at one location over a range of dates, for one person or for everyone who performs it.
 * Pure: `now`, the zone and every booking are parameters; the API service answers availability and checks
 * a booking with it, so the times a visitor is offered and the times the service accepts cannot differ.
 *
 * A start is free for a person when:
 * - it lies on the location's `stepMinutes` grid, counted from local midnight (gridInstants: DST-safe);
 * - it is at least `leadMinutes` after now, on a date from today to today + `daysAhead` in the zone;
 * - the whole service, [start, start + durationMinutes), lies inside one range where the location is open
 *   (special hours included) and the person works there (their hours at that location, or, with no hours
 *   given, whenever it is open), on a date they are not away;
 * - [start, start + durationMinutes + bufferMinutes) touches none of their busy times (other appointments
 *   with their buffers, blocked time).
 * The buffer may run past closing time and past the end of the shift: it is the person tidying up after
 * the last client, which a salon expects to happen after the door is locked.
 */
import { DateTime, IANAZone } from "luxon";
import { dateAfter, weekdayOfDate } from "../hours/calendar-date";
import { type HoursInput, type OpenInterval, type SpecialHoursInput, dateRanges, parseLocalDate, wallClockInstant, zonedNow } from "../hours/hours";
import { gridInstants } from "../hours/time-slots";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface AppointmentLocationInput {
  id: string;
  timezone: string;
  hours: readonly HoursInput[];
  specialHours: readonly SpecialHoursInput[];
  appointments: { stepMinutes: number; leadMinutes: number; daysAhead: number };
}

export interface StaffScheduleInput {
  id: string;
  /** Working ranges per weekday and location; none at all: whenever the location is open. */
  hours: readonly { locationId: string; day: number; open: number; close: number }[];
  /** Whole days away, YYYY-MM-DD inclusive, in the location's zone. */
  timeOff: readonly { from: string; to: string }[];
}

/**
 * A time a person cannot take a new appointment: another appointment (its buffer included) or a block, at
 * any location: someone who works at two locations is one person with one diary.
 */
export interface BusyTime {
  staffId: string;
  start: Date | number | string;
  /** When the person is free again: an appointment's end plus its buffer, or a block's end. */
  end: Date | number | string;
}

export interface AvailabilityInput {
  location: AppointmentLocationInput;
  variation: { durationMinutes: number; bufferMinutes: number };
  /** The people to consider, in the team's order (staffFor: those who perform it there, or the one asked for). */
  staff: readonly StaffScheduleInput[];
  busy: readonly BusyTime[];
  /** First date, YYYY-MM-DD in the location's zone. */
  from: string;
  days: number;
  now: Date | number;
}

export interface AvailableDay {
  date: string;
  /** Free starts in time order; `staff` lists who is free then, in the order of `input.staff`. */
  slots: { start: string; staff: string[] }[];
}

const toMs = (value: Date | number | string): number =>
  typeof value === "number" ? value : typeof value === "string" ? DateTime.fromISO(value, { setZone: true }).toMillis() : value.getTime();

/** An instant as ISO 8601 at the zone's offset, to the second: 2026-12-08T10:15:00-05:00. */
function isoInZone(instant: number, timeZone: string): string {
  return DateTime.fromMillis(instant, { zone: timeZone }).toISO({ suppressMilliseconds: true }) as string;
}

/** The same, for an instant whose offset is known (what luxon writes, without asking the zone again). */
function isoAtOffset(instant: number, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${new Date(instant + offsetMinutes * MINUTE_MS).toISOString().slice(0, 19)}${offset}`;
}

/**
 * One local date: its first instant, its end, and its offset when one offset holds all day (every day but
 * the two a year the clocks change). On such a day wall-clock times are plain arithmetic from midnight,
 * which keeps the zone's offset (an Intl call, the rule's main cost) out of the loops.
 */
interface DayClock {
  date: string;
  start: number;
  end: number;
  offset: number | null;
}

function dayClock(date: string, timeZone: string, zone: IANAZone): DayClock {
  return clockFrom(date, parseLocalDate(date, timeZone, "availability: date").toMillis(), timeZone, zone);
}

/** The clock of the date after `previous`: it starts where that one ends. */
function nextDayClock(previous: DayClock, timeZone: string, zone: IANAZone): DayClock {
  return clockFrom(dateAfter(previous.date, 1), previous.end, timeZone, zone);
}

function clockFrom(date: string, start: number, timeZone: string, zone: IANAZone): DayClock {
  const offset = zone.offset(start);
  // A day with one offset ends 24 hours after it starts; when the offset there differs, the clocks changed.
  if (zone.offset(start + DAY_MS - 1) === offset && zone.offset(start + DAY_MS) === offset) return { date, start, end: start + DAY_MS, offset };
  return { date, start, end: parseLocalDate(dateAfter(date, 1), timeZone, "availability: date").toMillis(), offset: null };
}

/** The instant `minutes` after the clock's midnight (past 1440: into the next day, as hours ranges run). */
function atMinute(clock: DayClock, minutes: number, timeZone: string): number {
  if (clock.offset !== null && minutes <= 24 * 60) return clock.start + minutes * MINUTE_MS;
  return wallClockInstant(DateTime.fromMillis(clock.start, { zone: timeZone }), minutes, timeZone);
}

/**
 * Where the location is open around one date: the ranges that start on it and the night before's that run
 * into it (special hours included, hours.ts dateRanges), merged when they touch, as openIntervals does.
 */
function dayOpenIntervals(location: AppointmentLocationInput, previous: DayClock, clock: DayClock): OpenInterval[] {
  const raw: OpenInterval[] = [];
  for (const day of [previous, clock]) {
    for (const range of dateRanges(location.hours, location.specialHours, day.date)) {
      const start = atMinute(day, range.startMinute, location.timezone);
      const end = atMinute(day, range.endMinute, location.timezone);
      if (end > start) raw.push({ start, end });
    }
  }
  raw.sort((a, b) => a.start - b.start);
  const merged: OpenInterval[] = [];
  for (const interval of raw) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged.filter((range) => range.start < clock.end && range.end > clock.start);
}

/** The instant `hhmm` (HHMM, up to 2400) on the clock's date. */
function atHhmm(clock: DayClock, hhmm: number, timeZone: string): number {
  return atMinute(clock, Math.floor(hhmm / 100) * 60 + (hhmm % 100), timeZone);
}

/** The date's starts on the grid (from local midnight) at or after `earliest`. */
function gridStarts(clock: DayClock, stepMinutes: number, earliest: number, timeZone: string): number[] {
  if (clock.offset === null) return gridInstants(timeZone, clock.date, stepMinutes, (at) => at >= earliest).map(({ at }) => at);
  const starts: number[] = [];
  for (let at = clock.start; at < clock.end; at += stepMinutes * MINUTE_MS) if (at >= earliest) starts.push(at);
  return starts;
}

/** The parts of [a, b) both lists cover; both sorted and disjoint. */
function intersect(a: readonly OpenInterval[], b: readonly OpenInterval[]): OpenInterval[] {
  const out: OpenInterval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i].start, b[j].start);
    const end = Math.min(a[i].end, b[j].end);
    if (end > start) out.push({ start, end });
    if (a[i].end < b[j].end) i += 1;
    else j += 1;
  }
  return out;
}

/** Where a person works on one date at the location, inside its open ranges; empty on a day away. */
function workingIntervals(person: StaffScheduleInput, location: AppointmentLocationInput, clock: DayClock, open: readonly OpenInterval[]): OpenInterval[] {
  const { date } = clock;
  if (person.timeOff.some((away) => away.from <= date && date <= away.to)) return [];
  if (person.hours.length === 0) return [...open];
  const weekday = weekdayOfDate(date);
  const shifts = person.hours
    .filter((entry) => entry.locationId === location.id && entry.day === weekday)
    .map((entry) => ({ start: atHhmm(clock, entry.open, location.timezone), end: atHhmm(clock, entry.close, location.timezone) }))
    .sort((a, b) => a.start - b.start);
  const merged: OpenInterval[] = [];
  for (const shift of shifts) {
    const last = merged[merged.length - 1];
    if (last && shift.start <= last.end) last.end = Math.max(last.end, shift.end);
    else if (shift.end > shift.start) merged.push({ ...shift });
  }
  return intersect(merged, open);
}

interface PersonDay {
  id: string;
  working: OpenInterval[];
  busy: OpenInterval[];
}

function isFree(person: PersonDay, start: number, serviceMs: number, busyMs: number): boolean {
  const end = start + serviceMs;
  if (!person.working.some((range) => range.start <= start && end <= range.end)) return false;
  const busyEnd = start + busyMs;
  return !person.busy.some((busy) => start < busy.end && busyEnd > busy.start);
}

function checkInput(input: AvailabilityInput): void {
  const { durationMinutes, bufferMinutes } = input.variation;
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0) throw new RangeError(`availability: durationMinutes: expected whole minutes above 0, got ${String(durationMinutes)}`);
  if (!Number.isInteger(bufferMinutes) || bufferMinutes < 0) throw new RangeError(`availability: bufferMinutes: expected whole minutes from 0, got ${String(bufferMinutes)}`);
  if (!Number.isInteger(input.days) || input.days < 1) throw new RangeError(`availability: days: expected a whole number of days from 1, got ${String(input.days)}`);
  zonedNow(0, input.location.timezone);
  parseLocalDate(input.from, input.location.timezone, "availability: from");
}

/** Every busy time of each person, as instants, sorted by start. */
function busyByPerson(input: AvailabilityInput): Map<string, OpenInterval[]> {
  const byPerson = new Map<string, OpenInterval[]>(input.staff.map((person) => [person.id, []]));
  for (const busy of input.busy) byPerson.get(busy.staffId)?.push({ start: toMs(busy.start), end: toMs(busy.end) });
  for (const list of byPerson.values()) list.sort((a, b) => a.start - b.start);
  return byPerson;
}

/** The free starts of `input.from` and the `input.days - 1` dates after it, one entry per date. */
export function availability(input: AvailabilityInput): AvailableDay[] {
  checkInput(input);
  const { location, variation } = input;
  const timeZone = location.timezone;
  const zone = IANAZone.create(timeZone);
  const nowMs = typeof input.now === "number" ? input.now : input.now.getTime();
  const today = zonedNow(nowMs, timeZone).toISODate() as string;
  const dates = Array.from({ length: input.days }, (_, offset) => dateAfter(input.from, offset));
  const bookable = dates.filter((date) => date >= today && date <= dateAfter(today, location.appointments.daysAhead));
  if (bookable.length === 0) return dates.map((date) => ({ date, slots: [] }));

  const earliest = nowMs + location.appointments.leadMinutes * MINUTE_MS;
  const serviceMs = variation.durationMinutes * MINUTE_MS;
  const busyMs = (variation.durationMinutes + variation.bufferMinutes) * MINUTE_MS;
  const busy = busyByPerson(input);
  // Bookable dates follow one another, so each day's clock starts where the one before ends.
  let previous = dayClock(dateAfter(bookable[0], -1), timeZone, zone);
  const byDate = new Map<string, AvailableDay["slots"]>();
  for (const date of bookable) {
    const clock = nextDayClock(previous, timeZone, zone);
    byDate.set(date, freeStarts(input, previous, clock, { earliest, serviceMs, busyMs, busy }));
    previous = clock;
  }
  return dates.map((date) => ({ date, slots: byDate.get(date) ?? [] }));
}

interface SlotRules {
  earliest: number;
  serviceMs: number;
  busyMs: number;
  busy: Map<string, OpenInterval[]>;
}

/** One date's free starts, each with who is free then. */
function freeStarts(input: AvailabilityInput, previous: DayClock, clock: DayClock, rules: SlotRules): AvailableDay["slots"] {
  const { location } = input;
  const timeZone = location.timezone;
  const open = dayOpenIntervals(location, previous, clock);
  if (open.length === 0) return [];
  const people: PersonDay[] = input.staff
    .map((person) => ({
      id: person.id,
      working: workingIntervals(person, location, clock, open),
      // A service starting today ends within a day (at most 12 hours plus a 4-hour buffer).
      busy: (rules.busy.get(person.id) ?? []).filter((range) => range.end > clock.start && range.start < clock.end + DAY_MS),
    }))
    .filter((person) => person.working.length > 0);
  if (people.length === 0) return [];
  return gridStarts(clock, location.appointments.stepMinutes, rules.earliest, timeZone)
    .map((at) => ({ at, staff: people.filter((person) => isFree(person, at, rules.serviceMs, rules.busyMs)).map((person) => person.id) }))
    .filter((slot) => slot.staff.length > 0)
    .map((slot) => ({ start: clock.offset === null ? isoInZone(slot.at, timeZone) : isoAtOffset(slot.at, clock.offset), staff: slot.staff }));
}

/**
 * @public The API service's check (its appointments area is built on this contract).
 * Whether `start` is one of the free starts for `staffId` (the API's check before it books or moves):
 * exactly on the grid, within the window, and free with every busy time given.
 */
export function isFreeStart(input: Omit<AvailabilityInput, "from" | "days">, staffId: string, start: string | Date | number): boolean {
  const startMs = toMs(start);
  if (!Number.isFinite(startMs)) return false;
  const person = input.staff.find((member) => member.id === staffId);
  if (!person) return false;
  const date = zonedNow(startMs, input.location.timezone).toISODate() as string;
  const [day] = availability({ ...input, staff: [person], from: date, days: 1 });
  return day.slots.some((slot) => toMs(slot.start) === startMs);
}

/**
 * @public The API service assigns "any available" bookings with it.
 * Who "any available" gets: of the people free at a start (in the team's order), the one with the fewest
 * appointments on that date in the zone; a tie goes to the first in that order.
 */
export function leastBookedStaff(free: readonly string[], appointments: readonly { staffId: string; start: Date | number | string }[], date: string, timeZone: string): string | undefined {
  const counts = new Map<string, number>(free.map((id) => [id, 0]));
  for (const appointment of appointments) {
    const count = counts.get(appointment.staffId);
    if (count !== undefined && zonedNow(toMs(appointment.start), timeZone).toISODate() === date) counts.set(appointment.staffId, count + 1);
  }
  let best: string | undefined;
  for (const id of free) if (best === undefined || (counts.get(id) as number) < (counts.get(best) as number)) best = id;
  return best;
}

/**
 * @public The API service stores a booking's end and busy range with it.
 * When an appointment starting at `start` ends for the visitor, and when its person is free again.
 */
export function appointmentSpan(start: Date | number | string, variation: { durationMinutes: number; bufferMinutes: number }): { start: number; end: number; busyUntil: number } {
  const startMs = toMs(start);
  const end = startMs + variation.durationMinutes * MINUTE_MS;
  return { start: startMs, end, busyUntil: end + variation.bufferMinutes * MINUTE_MS };
}
