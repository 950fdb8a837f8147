import type { HoursInput, SpecialHoursInput } from "@mainstreet/rules/hours/hours-base";
import { isComingSpecialDate, todayHours, type DatedHours } from "@mainstreet/rules/hours/hours-today";
import { isOpenSchedule, scheduleDateAt, statusFromSchedule, type OpenSchedule, type ScheduleStatusResult } from "@mainstreet/rules/hours/open-status-core";
import type { HoursOverride } from "./live-facts-context";

type OpenStatusRules = typeof import("@mainstreet/rules/hours/open-status");
type WallClockRules = typeof import("@mainstreet/rules/hours/wall-clock");

/**
 * The half of the rules a page needs only once it has outlived its schedules (or shows hours no location has):
 * luxon's, and the browser's own clock in a zone (wall-clock.ts). Each answers with the module when it is here,
 * else null, having set about getting it and calling `refill` once it has (the app fetches its chunk:
 * use-live-hours.ts; the page watcher starts the app, which fills again: runtime/page-watch.ts).
 */
export interface LateHoursRules {
  openStatus: (refill: () => void) => OpenStatusRules | null;
  wallClock: (refill: () => void) => WallClockRules | null;
}

/**
 * What only the visitor's browser knows about opening hours, written into the page: the open status lines,
 * today's hours and the special dates coming up (SPEC §4; a static page lives for weeks, so none of it is baked
 * in at build). The components render these elements with their inputs in data attributes and a placeholder
 * holding their place, as elements the browser owns: React renders them once, never compares their content
 * while hydrating (dangerouslySetInnerHTML) and never sets their attributes again (their props do not change).
 * So this can fill them anywhere, in hydrated parts and in parts whose code has not even arrived (the footer's
 * status before the visitor reaches it), with no render at all.
 */

const OPEN_STATUS_ATTRIBUTE = "data-open-status";
const TODAY_LINE_ATTRIBUTE = "data-today-line";
const SPECIAL_HOURS_ATTRIBUTE = "data-special-hours";
const SELECTOR = `[${OPEN_STATUS_ATTRIBUTE}],[${TODAY_LINE_ATTRIBUTE}],[${SPECIAL_HOURS_ATTRIBUTE}]`;

/** The longest a filled page waits before it reads the clock again (a status with no change due, a zone unknown). */
export const MAX_REFILL_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;

export interface LiveHoursContext {
  /** The site's prebuilt schedules (one per location): a line whose hours and zone match one needs no luxon. */
  schedules: readonly unknown[];
  locale: string;
  /** Hours the service says changed since the build, by location id (facts read live); a line names its location. */
  overrides?: ReadonlyMap<string, HoursOverride>;
  later: LateHoursRules;
}

/** The live hours of the element's location, when they differ from the ones it was built with. */
function overrideOf(element: HTMLElement, context: LiveHoursContext): HoursOverride | undefined {
  const id = element.dataset.location;
  return id ? context.overrides?.get(id) : undefined;
}

function parsed<T>(text: string | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Writes a status into its line: the dot, the label and what changes next. Text only, never markup. */
function writeOpenStatus(line: HTMLElement, result: ScheduleStatusResult): void {
  const detail = result.closesAt ? `until ${result.closesAt}` : result.opensAt ? `opens ${result.opensAt}` : "";
  const dot = document.createElement("span");
  dot.className = "open-status__dot";
  dot.setAttribute("aria-hidden", "true");
  const label = document.createElement("strong");
  label.textContent = result.label;
  const parts: Node[] = [dot, label];
  if (detail) {
    const more = document.createElement("span");
    more.className = "open-status__detail";
    more.textContent = ` · ${detail}`;
    parts.push(more);
  }
  line.className = `open-status open-status--${result.status}`;
  line.setAttribute("role", "status");
  line.removeAttribute("aria-hidden");
  line.replaceChildren(...parts);
}

/** Fills one open-status line; the instant its status next changes. */
function fillOpenStatus(line: HTMLElement, context: LiveHoursContext, now: number): number {
  const key = line.dataset.scheduleKey;
  const override = overrideOf(line, context);
  // The built schedule knows only the built hours: changed ones are told by the rules.
  const schedule = override ? undefined : context.schedules.find((candidate): candidate is OpenSchedule => isOpenSchedule(candidate) && candidate.key === key);
  const answer = schedule ? statusFromSchedule(schedule, now, { locale: context.locale }) : null;
  if (answer?.answered) {
    writeOpenStatus(line, answer.result);
    return answer.result.nextChangeAt ?? now + MAX_REFILL_MS;
  }
  const timeZone = line.dataset.zone ?? "";
  const hours = override?.hours ?? parsed<HoursInput[]>(line.dataset.hours, []);
  const specialHours = override?.specialHours ?? parsed<SpecialHoursInput[] | null>(line.dataset.special, null);
  // The status is an extra: rules that fail to come leave the line empty until the next refill.
  const rules = context.later.openStatus(() => void fillOpenStatus(line, context, now));
  if (!rules) return now + MAX_REFILL_MS;
  const { nextChange, ...status } = rules.openStatus({ hours, timeZone, now, specialHours, locale: context.locale });
  writeOpenStatus(line, status);
  return nextChange ? Date.parse(nextChange) : now + MAX_REFILL_MS;
}

/**
 * Today's date in the element's zone, and the instant its next day starts (when its lines change): from a site
 * schedule in that zone when one covers `now` (plain numbers), else from the browser's own clock in that zone.
 */
function zoneToday(element: HTMLElement, context: LiveHoursContext, now: number, refill: () => void): { date: string; nextDayAt: number } | null {
  const zone = element.dataset.zone ?? "";
  for (const schedule of context.schedules) {
    const today = isOpenSchedule(schedule) && schedule.timeZone === zone ? scheduleDateAt(schedule, now) : null;
    if (today) return today;
  }
  // Filled again once the clock's rules are here; rules that fail to come leave the line to the next refill.
  const rules = context.later.wallClock(refill);
  if (!rules) return null;
  try {
    const clock = rules.wallClock(now, zone);
    return { date: clock.date, nextDayAt: now + (24 * 60 - clock.minuteOfDay) * MINUTE_MS };
  } catch {
    // A zone this browser does not know: the week's table still stands on its own.
    return null;
  }
}

function fillTodayLine(line: HTMLElement, context: LiveHoursContext, now: number): number {
  const today = zoneToday(line, context, now, () => fillTodayLine(line, context, now));
  const dated = overrideOf(line, context)?.dated ?? parsed<DatedHours>(line.dataset.dated, { week: [], special: [] });
  const hours = today ? todayHours(dated, today.date) : undefined;
  const text = line.querySelector<HTMLElement>("[data-today-text]");
  if (!today || !hours || !text) return now + MAX_REFILL_MS;
  const strong = document.createElement("strong");
  strong.textContent = hours.text;
  const parts: Node[] = [document.createTextNode("Today: "), strong];
  if (hours.note) {
    const note = document.createElement("span");
    note.className = "hours__note";
    note.textContent = ` (${hours.note})`;
    parts.push(note);
  }
  text.replaceChildren(...parts);
  line.dataset.filled = "true";
  return today.nextDayAt;
}

function fillSpecialHours(group: HTMLElement, context: LiveHoursContext, now: number): number {
  const today = zoneToday(group, context, now, () => fillSpecialHours(group, context, now));
  if (!today) return now + MAX_REFILL_MS;
  let shown = 0;
  for (const row of group.querySelectorAll<HTMLElement>("[data-date]")) {
    const coming = isComingSpecialDate(row.dataset.date ?? "", today.date);
    row.hidden = !coming;
    if (coming) shown += 1;
  }
  group.hidden = shown === 0;
  return today.nextDayAt;
}

/**
 * Fills every live hours element in `root` (itself included) for `now`; returns the earliest instant one of
 * them changes, when the caller should fill again.
 */
export function fillLiveHours(root: ParentNode | Element, context: LiveHoursContext, now: number = Date.now()): number {
  const elements = [...root.querySelectorAll<HTMLElement>(SELECTOR)];
  if (root instanceof HTMLElement && root.matches(SELECTOR)) elements.unshift(root);
  let next = now + MAX_REFILL_MS;
  for (const element of elements) {
    const changeAt = element.hasAttribute(OPEN_STATUS_ATTRIBUTE)
      ? fillOpenStatus(element, context, now)
      : element.hasAttribute(TODAY_LINE_ATTRIBUTE)
        ? fillTodayLine(element, context, now)
        : fillSpecialHours(element, context, now);
    next = Math.min(next, changeAt);
  }
  return next;
}
