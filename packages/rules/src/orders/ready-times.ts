/**
 * When an online order can be ready: "as soon as possible" and the scheduled times a visitor
 * may choose, from a location's hours (special hours included) in its IANA zone, its preparation time,
 * how far ahead it takes orders and its kitchen capacity. The checkout lists these, and the API service
 * checks every chosen time (and re-checks it when the order is paid for) with the same functions.
 *
 * The rules:
 * - Ready times lie on a 15-minute grid of the location's wall clock (6:00pm, 6:15pm, …).
 * - The kitchen works while the location is open: a ready time lies inside an open period, at least the
 *   preparation time after it opens, and before it closes; and at least the preparation time after `now`.
 * - As soon as possible is offered only while the location is open and `now` plus the preparation time
 *   (rounded up to 5 minutes) is before the close. Its promise is that time.
 * - A slot holding `ordersPerSlot` orders is full: it is not offered, and as soon as possible moves to the
 *   next slot with room in the same open period (its start becomes the promise), or is not offered.
 * - Scheduling reaches `daysAhead` days after today (0: today only).
 * - The kitchen's controls (the merchant workspace): in a rush, `rushMinutes` more are needed
 *   from now (nothing is ready before now + preparation + rush; times after opening later are unchanged);
 *   paused until a time, as soon as possible is not offered and nothing is ready before the pause ends plus
 *   the preparation time (the kitchen starts again then).
 * Closed or paused, as soon as possible's message is the location's ordering state in its one sentence
 * (ordering-state.ts), the same the cart drawer and the item dialog show.
 * A delivery leaves the kitchen at the ready time and arrives within the location's delivery window.
 *
 * Pure: the clock, the zone and the orders already holding each slot are parameters.
 */
import { DateTime } from "luxon";
import {
  type HoursInput,
  type OpenInterval,
  type SpecialHoursInput,
  RANGES_JOINER,
  dateAfter,
  dateRanges,
  isoDateIn,
  openIntervals,
  shortDateLabel,
  specialEntriesOn,
  zonedNow,
} from "../hours/hours";
import { gridInstants, labelSlots } from "../hours/time-slots";
import { openSchedule } from "../hours/open-status";
import { OPEN_SCHEDULE } from "../business/constants";
import { readyTimeLabel } from "./ready-times-format";
import { orderingState } from "./ordering-state";

export * from "./ready-times-format";

/** Ready times and kitchen capacity are counted in slots of this many minutes. */
export const ORDER_SLOT_MINUTES = 15;
/** An as-soon-as-possible promise is rounded up to this many minutes: "ready at 6:25pm", not 6:23pm. */
export const ASAP_ROUNDING_MINUTES = 5;

const MINUTE_MS = 60_000;
const SLOT_MS = ORDER_SLOT_MINUTES * MINUTE_MS;

export interface OrderTimesSettings {
  /** Minutes the kitchen needs to prepare an order. */
  preparationMinutes: number;
  /** How many days after today orders may be scheduled for (0: today only). */
  daysAhead: number;
  /** Orders one slot can take; null: no limit. */
  ordersPerSlot: number | null;
}

export interface ReadyTimesInput extends OrderTimesSettings {
  now: Date | number;
  timeZone: string;
  hours: readonly HoursInput[] | null | undefined;
  specialHours?: readonly SpecialHoursInput[] | null;
  /** Orders already holding each slot, keyed by the slot's start in epoch ms (slotStartOf). */
  booked?: ReadonlyMap<number, number> | null;
  /** Extra minutes the kitchen needs now (rush mode), 0 to 120; default 0. */
  rushMinutes?: number;
  /** Online orders are paused until this instant; null or past: not paused. */
  pausedUntil?: Date | number | null;
  /** The location's name, for the pause's message; default "The kitchen". */
  locationName?: string | null;
}

export type ReadySlot = {
  /** ISO instant with the location's offset, e.g. `2026-11-27T18:15:00.000-05:00`. */
  start: string;
  /** `6:15pm`; on a fall-back day the repeated hour's labels carry the zone abbreviation. */
  label: string;
  /** Orders the slot can still take; null when there is no limit. */
  remaining: number | null;
  /** False when the slot is full. */
  available: boolean;
};

export type ReadyDay = {
  /** YYYY-MM-DD in the location's zone. */
  date: string;
  /** `Today`, `Tomorrow`, or `Fri 27 Nov`. */
  label: string;
  slots: ReadySlot[];
};

export type AsapUnavailableReason = "closed" | "closing" | "full" | "paused";

export type AsapAnswer =
  | {
      available: true;
      /** The promise: ISO instant with the location's offset. */
      readyAt: string;
      /** Start of the slot it counts against (ISO). */
      slotStart: string;
    }
  | { available: false; reason: AsapUnavailableReason; message: string };

export type ReadyTimes = {
  timeZone: string;
  slotMinutes: number;
  preparationMinutes: number;
  asap: AsapAnswer;
  /** Today through `daysAhead` days after it; a day without a ready time has no slots. */
  days: ReadyDay[];
};

export type ReadyCheckProblem = "invalid" | "in_past" | "too_far" | "off_grid" | "too_soon" | "outside_hours" | "full" | AsapUnavailableReason;

export type ReadyCheck =
  | {
      ok: true;
      /** True when no time was chosen and as soon as possible applies. */
      asap: boolean;
      /** The promise, epoch ms. */
      readyAt: number;
      /** Start of the slot it counts against, epoch ms. */
      slotStart: number;
    }
  | { ok: false; problem: ReadyCheckProblem; message: string };

const epoch = (now: Date | number) => (typeof now === "number" ? now : now.getTime());

/** Start of the 15-minute slot an instant falls in. Every real UTC offset is a multiple of 15 minutes, so the grid of epoch time is the grid of every wall clock. */
export function slotStartOf(instant: number): number {
  return Math.floor(instant / SLOT_MS) * SLOT_MS;
}

function checkSettings(input: OrderTimesSettings & { rushMinutes?: number }): void {
  const whole = (name: string, value: number, min: number, max: number) => {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`readyTimes: ${name}: expected a whole number from ${min} to ${max}, got ${String(value)}`);
    }
  };
  whole("preparationMinutes", input.preparationMinutes, 0, 720);
  whole("daysAhead", input.daysAhead, 0, 30);
  if (input.ordersPerSlot !== null) whole("ordersPerSlot", input.ordersPerSlot, 1, 1_000_000);
  if (input.rushMinutes !== undefined) whole("rushMinutes", input.rushMinutes, 0, 120);
}

/** The pause's end, when the location is paused at `now`. */
function pauseEnd(input: ReadyTimesInput): number | null {
  if (input.pausedUntil === null || input.pausedUntil === undefined) return null;
  const until = epoch(input.pausedUntil);
  return until > epoch(input.now) ? until : null;
}

/** Minutes an order needs from now: the preparation time plus the rush. */
function leadMinutes(input: ReadyTimesInput): number {
  return input.preparationMinutes + (input.rushMinutes ?? 0);
}

/** The earliest instant anything can be ready: now plus the lead time, and not before a pause ends plus the preparation time. */
function earliestReady(input: ReadyTimesInput): number {
  const fromNow = epoch(input.now) + leadMinutes(input) * MINUTE_MS;
  const paused = pauseEnd(input);
  return paused === null ? fromNow : Math.max(fromNow, paused + input.preparationMinutes * MINUTE_MS);
}

/** "Vela Fishtown is not taking online orders until 7:30pm" (or "until tomorrow at 7:30pm"). */
function pauseMessage(input: ReadyTimesInput, until: number): string {
  const when = readyTimeLabel(until, input.timeZone, input.now).replace(/^today at /, "");
  return `${input.locationName?.trim() || "The kitchen"} is not taking online orders until ${when}`;
}

/** "orders need 45 minutes to prepare (20 more than usual: the kitchen is busy)". */
function needText(input: ReadyTimesInput): string {
  const rush = input.rushMinutes ?? 0;
  return `orders need ${leadMinutes(input)} minutes to prepare${rush > 0 ? ` (${rush} more than usual: the kitchen is busy)` : ""}`;
}

function remainingIn(input: ReadyTimesInput, slotStart: number): number | null {
  if (input.ordersPerSlot === null) return null;
  return Math.max(0, input.ordersPerSlot - (input.booked?.get(slotStart) ?? 0));
}

const hasRoom = (input: ReadyTimesInput, slotStart: number) => {
  const remaining = remainingIn(input, slotStart);
  return remaining === null || remaining > 0;
};

/** The open periods that can hold a ready time on `date` (ranges of the day before may run into it). */
function intervalsFor(input: ReadyTimesInput, fromDate: string, toDate: string): OpenInterval[] {
  return openIntervals(input.hours ?? [], input.timeZone, dateAfter(fromDate, -1), toDate, input.specialHours);
}

/** Whether `instant` is a ready time inside one of the periods (ignoring `now` and capacity). */
function insideHours(intervals: readonly OpenInterval[], instant: number, preparationMs: number): boolean {
  return intervals.some((interval) => interval.start + preparationMs <= instant && instant < interval.end);
}

function dayLabel(date: string, today: string): string {
  if (date === today) return "Today";
  if (date === dateAfter(today, 1)) return "Tomorrow";
  return shortDateLabel(date);
}

/** The location's ordering state sentence at `now` (closed with its next opening, or paused until orders start again). */
function stateSentence(input: ReadyTimesInput, today: string): string {
  const schedule = openSchedule(input.hours, input.timeZone, dateAfter(today, -1), dateAfter(today, input.daysAhead + OPEN_SCHEDULE.lookAheadDays + 1), input.specialHours);
  const now = epoch(input.now);
  const state = orderingState({ now, timeZone: input.timeZone, schedule, pausedUntil: pauseEnd(input), takingOrders: true, daysAhead: input.daysAhead, locationName: input.locationName ?? "" });
  return state?.sentence ?? "Closed now: choose a time.";
}

function asapAnswer(input: ReadyTimesInput): AsapAnswer {
  const now = epoch(input.now);
  const today = isoDateIn(now, input.timeZone);
  if (pauseEnd(input) !== null) return { available: false, reason: "paused", message: stateSentence(input, today) };
  const preparationMs = leadMinutes(input) * MINUTE_MS;
  const current = intervalsFor(input, today, today).find((interval) => interval.start <= now && now < interval.end);
  if (!current) return { available: false, reason: "closed", message: stateSentence(input, today) };
  const roundingMs = ASAP_ROUNDING_MINUTES * MINUTE_MS;
  const earliest = Math.ceil((now + preparationMs) / roundingMs) * roundingMs;
  const closes = readyTimeLabel(current.end, input.timeZone, now).replace(/^(today|tomorrow) at /, "");
  if (earliest >= current.end) {
    return {
      available: false,
      reason: "closing",
      message: `Closes at ${closes}: too soon to prepare an order (${leadMinutes(input)} minutes), so as soon as possible is not available: choose a later time.`,
    };
  }
  const first = slotStartOf(earliest);
  for (let slot = first; slot < current.end; slot += SLOT_MS) {
    if (!hasRoom(input, slot)) continue;
    const readyAt = slot === first ? earliest : slot;
    const zone = input.timeZone;
    return { available: true, readyAt: zonedNow(readyAt, zone).toISO() as string, slotStart: zonedNow(slot, zone).toISO() as string };
  }
  return {
    available: false,
    reason: "full",
    message: `The kitchen is fully booked until it closes at ${closes}, so as soon as possible is not available: choose a later time.`,
  };
}

/** As soon as possible and the scheduled slots of today through `daysAhead` days after it. */
export function readyTimes(input: ReadyTimesInput): ReadyTimes {
  checkSettings(input);
  zonedNow(0, input.timeZone);
  const now = epoch(input.now);
  const preparationMs = input.preparationMinutes * MINUTE_MS;
  const earliest = earliestReady(input);
  const today = isoDateIn(now, input.timeZone);
  const last = dateAfter(today, input.daysAhead);
  const intervals = intervalsFor(input, today, last);
  const days: ReadyDay[] = [];
  for (let offset = 0; offset <= input.daysAhead; offset += 1) {
    const date = dateAfter(today, offset);
    const found = gridInstants(input.timeZone, date, ORDER_SLOT_MINUTES, (instant) => instant >= earliest && insideHours(intervals, instant, preparationMs));
    const labels = labelSlots(found, input.timeZone);
    days.push({
      date,
      label: dayLabel(date, today),
      slots: found.map((slot, index) => {
        const remaining = remainingIn(input, slot.at);
        return { start: labels[index].start, label: labels[index].label, remaining, available: remaining === null || remaining > 0 };
      }),
    });
  }
  return { timeZone: input.timeZone, slotMinutes: ORDER_SLOT_MINUTES, preparationMinutes: input.preparationMinutes, asap: asapAnswer(input), days };
}

/** The first offered (not full) scheduled slot, or null. */
export function firstReadySlot(times: ReadyTimes): ReadySlot | null {
  for (const day of times.days) {
    const slot = day.slots.find((candidate) => candidate.available);
    if (slot) return slot;
  }
  return null;
}

function hoursText(input: ReadyTimesInput, date: string): string {
  const special = specialEntriesOn(input.specialHours, date);
  const ranges = dateRanges(input.hours, input.specialHours, date);
  const why = special?.map((entry) => entry.label?.trim()).find((label) => label);
  if (ranges.length === 0) return `closed on ${shortDateLabel(date)}${why ? ` (${why})` : ""}`;
  return `open ${ranges.map((range) => range.text).join(RANGES_JOINER)} on ${shortDateLabel(date)}${why ? ` (${why})` : ""}`;
}

/**
 * Checks a visitor's choice: `scheduledFor` (an ISO time with its offset) or, when null, as soon as
 * possible. The API service calls it when the fulfillment is set and again when the order is paid for.
 */
export function checkReadyTime(input: ReadyTimesInput & { scheduledFor: string | null }): ReadyCheck {
  checkSettings(input);
  zonedNow(0, input.timeZone);
  if (input.scheduledFor === null) {
    const asap = asapAnswer(input);
    if (!asap.available) return { ok: false, problem: asap.reason, message: asap.message };
    return { ok: true, asap: true, readyAt: DateTime.fromISO(asap.readyAt).toMillis(), slotStart: DateTime.fromISO(asap.slotStart).toMillis() };
  }
  const parsed = DateTime.fromISO(input.scheduledFor, { setZone: true });
  if (!parsed.isValid || !/(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(input.scheduledFor)) {
    return { ok: false, problem: "invalid", message: `expected a time with its offset like 2026-11-27T18:15:00-05:00, got ${JSON.stringify(input.scheduledFor)}` };
  }
  const now = epoch(input.now);
  const at = parsed.toMillis();
  const local = parsed.setZone(input.timeZone);
  const label = readyTimeLabel(at, input.timeZone, now);
  const preparationMs = input.preparationMinutes * MINUTE_MS;
  if (at <= now) return { ok: false, problem: "in_past", message: `${capitalise(label)} has already passed: choose a later time.` };
  const today = isoDateIn(now, input.timeZone);
  const last = dateAfter(today, input.daysAhead);
  const date = local.toISODate() as string;
  if (date > last) {
    return { ok: false, problem: "too_far", message: `Orders can be scheduled up to ${shortDateLabel(last)}; ${label} is later: choose an earlier time.` };
  }
  if ((local.hour * 60 + local.minute) % ORDER_SLOT_MINUTES !== 0 || local.second !== 0 || local.millisecond !== 0) {
    return { ok: false, problem: "off_grid", message: `${capitalise(label)} is not on the quarter hour: choose a time like 6:00pm, 6:15pm or 6:30pm.` };
  }
  if (at < earliestReady(input)) {
    const first = firstReadySlot(readyTimes({ ...input, booked: input.booked }));
    const earliest = first ? `the earliest time is ${readyTimeLabel(first.start, input.timeZone, now)}` : "";
    const paused = pauseEnd(input);
    if (paused !== null && at < paused + preparationMs) {
      return { ok: false, problem: "paused", message: `${pauseMessage(input, paused)}${earliest ? `: ${earliest}` : ""}.` };
    }
    return { ok: false, problem: "too_soon", message: `${capitalise(label)} is too soon: ${needText(input)}${earliest ? `; ${earliest}` : ""}.` };
  }
  if (!insideHours(intervalsFor(input, date, date), at, preparationMs)) {
    return {
      ok: false,
      problem: "outside_hours",
      message: `${capitalise(label)} is not an available time (${hoursText(input, date)}; orders are ready from ${input.preparationMinutes} minutes after opening until closing): choose another time.`,
    };
  }
  if (!hasRoom(input, slotStartOf(at))) {
    return { ok: false, problem: "full", message: `${capitalise(label)} is fully booked: choose another time.` };
  }
  return { ok: true, asap: false, readyAt: at, slotStart: slotStartOf(at) };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** When a promised order arrives: a delivery within the window after it is ready; a pickup at the ready time. */
export function promiseUntil(method: "pickup" | "delivery", readyAt: number, deliveryWindowMinutes: number): number {
  return method === "delivery" ? readyAt + deliveryWindowMinutes * MINUTE_MS : readyAt;
}
