/**
 * Whether a location takes online orders now, as one state and one sentence for every place that speaks
 * of it (the cart drawer, the checkout, the Add buttons and the item dialog), so a paused kitchen is never
 * "Opening soon" in one line and "not taking orders" in the next.
 *
 * The state, from the location's hours (a prebuilt OpenSchedule: special hours included, no luxon), the
 * kitchen's pause (the availability reply's `paused_until`) and whether online ordering is on at all:
 * - `not_taking_orders`: online ordering is off for the location (the service refuses new orders).
 * - `open`: open now and not paused.
 * - `paused`: the pause keeps orders back past the moment they would otherwise start again: until the
 *   pause ends while the location is open, or, when it ends after a close, until the next opening after it.
 * - `closed`: closed now; the pause, if any, ends before the location opens, so it changes nothing.
 * Orders for later: the service takes a scheduled order whenever a time is offered (ready-times.ts), so the
 * cart can be filled while closed or paused as long as orders resume within the scheduling window
 * (`daysAhead` days after today); `canOrder` says so, and the sentence tells the visitor.
 *
 * Pure: the clock, the zone and the pause are parameters. Times are written on the location's wall clock
 * through Intl (ready-times-format.ts).
 */
import { scheduleAnswersUntil, type OpenSchedule } from "../hours/open-status-core";
import { dateAfter } from "../hours/calendar-date";
import { wallClock } from "../hours/wall-clock";
import { readyTimeLabel } from "./ready-times-format";


export type OrderingStateKind = "open" | "closed" | "paused" | "not_taking_orders";

export interface OrderingStateInput {
  now: number;
  /** The location's IANA zone. */
  timeZone: string;
  /** The location's hours expanded into instants (open-status.ts openSchedule / buildOpenSchedule). */
  schedule: OpenSchedule;
  /** Orders paused until then (epoch ms or ISO with offset); null or past: not paused. */
  pausedUntil: number | string | null;
  /** False when online ordering is off for the location (the live catalog says so). */
  takingOrders: boolean;
  /** How many days after today an order may be scheduled for (the location's `orderTimes.daysAhead`). */
  daysAhead: number;
  locationName: string;
  /** The site's locale, for the clock times. */
  locale?: string;
}

export interface OrderingState {
  kind: OrderingStateKind;
  /** Whether the visitor can fill a cart and check out: now, or for a time the service will offer. */
  canOrder: boolean;
  /** Open: when it closes; closed and paused: when orders start again; null when never (or always open). */
  at: number | null;
  /** The one sentence every place shows. */
  sentence: string;
}

const epoch = (value: number | string) => (typeof value === "number" ? value : Date.parse(value));

/** The first instant from `from` on at which the location is open, or null when the schedule has none. */
function openFrom(schedule: OpenSchedule, from: number): number | null {
  if (schedule.kind === "always") return from;
  const interval = schedule.intervals.find((candidate) => candidate.end.at > from);
  return interval ? Math.max(interval.start.at, from) : null;
}

/**
 * The location's ordering state at `now`, or null when the schedule no longer reaches `now` (a page that
 * outlived its build): the caller then builds a fresh schedule from the hours and asks again.
 */
export function orderingState(input: OrderingStateInput): OrderingState | null {
  const { now, schedule, timeZone } = input;
  if (schedule.kind === "intervals" && (now < schedule.dayStarts[1] || now >= scheduleAnswersUntil(schedule))) return null;
  const name = input.locationName.trim() || "This location";
  if (!input.takingOrders) return { kind: "not_taking_orders", canOrder: false, at: null, sentence: `${name} is not taking online orders right now.` };
  const when = (at: number) => readyTimeLabel(at, timeZone, now, input.locale);
  const until = (at: number) => when(at).replace(/^today at /, "");
  const paused = input.pausedUntil === null ? null : epoch(input.pausedUntil);
  const resumes = openFrom(schedule, paused !== null && paused > now ? paused : now);
  const opens = openFrom(schedule, now);
  const inWindow = resumes !== null && wallClock(resumes, timeZone).date <= dateAfter(wallClock(now, timeZone).date, input.daysAhead);
  const later = inWindow ? ": you can order now for later." : ".";

  if (resumes === null) return { kind: "closed", canOrder: false, at: null, sentence: `${name} has no opening hours coming up, so it is not taking online orders.` };
  if (resumes === now) {
    const interval = schedule.intervals.find((candidate) => candidate.start.at <= now && now < candidate.end.at);
    const closes = interval ? interval.end.at : null;
    return { kind: "open", canOrder: true, at: closes, sentence: closes === null ? `${name} is open for online orders.` : `${name} is open for online orders until ${until(closes)}.` };
  }
  if (resumes === opens) return { kind: "closed", canOrder: inWindow, at: resumes, sentence: `${name} is closed and opens ${when(resumes)}${later}` };
  return { kind: "paused", canOrder: inWindow, at: resumes, sentence: `${name} is not taking online orders until ${until(resumes)}${later}` };
}
