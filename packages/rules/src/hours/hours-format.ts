/**
 * Opening hours as the week reads them (SPEC §5 Hours, §2 Other UI pieces, §9 Hours): validation, ranges,
 * coverage and the display rows. No clock and no zone here, so the layout can show hours without luxon
 * in the browser bundle; everything that needs a real instant lives in hours.ts, which re-exports this.
 *
 * Hours arrive as HHMM numbers (900 = 9:00am, 2400 = midnight at the end of the day) per weekday, 1 (Monday)
 * to 7 (Sunday). A close at or before its open runs into the next day.
 */
import { DEFAULT_LOCALE, HOURS, UI_TEXT } from "../business/constants";
import { dateNumber, weekdayOfDate } from "./calendar-date";
import { shortDateLabel } from "./short-date";
import { isWithinDays, type DatedHours } from "./hours-today";

export { dateAfter, dateNumber } from "./calendar-date";
export { shortDateLabel } from "./short-date";

export {
  MINUTES_PER_DAY,
  RANGES_JOINER,
  formatMinuteOfDay,
  hasAnyHours,
  isCompleteEntry,
  isValidHhmm,
  type HoursDisplayOption,
  type HoursInput,
  type SpecialHoursInput,
} from "./hours-base";
import {
  DAY_NAMES,
  MINUTES_PER_DAY,
  RANGES_JOINER,
  RANGE_SEPARATOR,
  SHORT_DAY_NAMES,
  formatTime,
  hasAnyHours,
  hhmmToMinutes,
  isCompleteEntry,
  isValidDay,
  type HoursInput,
  type SpecialHoursInput,
} from "./hours-base";

export type DayRange = {
  day: number;
  open: number;
  close: number;
  /** Minutes after the day's midnight, 0..1440. */
  startMinute: number;
  /** Minutes after the day's midnight, above 1440 when the range runs into the next day. */
  endMinute: number;
  overnight: boolean;
  /** `9:00am – 5:00pm` */
  text: string;
  label?: string;
};

/**
 * The range an entry covers, or null when it lacks a time. A close at or before the open belongs to the
 * next day; an equal open and close is read as a full 24 hours from the open, since a zero-length range
 * would mean nothing.
 */
export function entryRange(entry: HoursInput, locale: string = DEFAULT_LOCALE): DayRange | null {
  if (!isCompleteEntry(entry)) return null;
  const startMinute = hhmmToMinutes(entry.open);
  let endMinute = hhmmToMinutes(entry.close);
  if (endMinute <= startMinute) endMinute += MINUTES_PER_DAY;
  const label = entry.label?.trim();
  return {
    day: entry.day,
    open: entry.open,
    close: entry.close,
    startMinute,
    endMinute,
    overnight: endMinute > MINUTES_PER_DAY,
    text: `${formatTime(entry.open, locale)}${RANGE_SEPARATOR}${formatTime(entry.close, locale)}`,
    ...(label ? { label } : {}),
  };
}

/** The ranges that start on a weekday, earliest first. */
export function dayRanges(hours: readonly HoursInput[], day: number, locale: string = DEFAULT_LOCALE): DayRange[] {
  return hours
    .filter((entry) => entry.day === day)
    .map((entry) => entryRange(entry, locale))
    .filter((range): range is DayRange => range !== null)
    .sort((a, b) => a.startMinute - b.startMinute || a.endMinute - b.endMinute);
}

export function previousDay(day: number): number {
  return day === 1 ? 7 : day - 1;
}

type MinuteSpan = [start: number, end: number];

function mergeSpans(spans: MinuteSpan[]): MinuteSpan[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const merged: MinuteSpan[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

/**
 * The parts of a weekday's 24 hours that are open, as merged [start, end) minute spans within 0..1440,
 * counting the previous day's overnight ranges that spill past midnight.
 */
export function dayCoverage(hours: readonly HoursInput[], day: number): MinuteSpan[] {
  const spans: MinuteSpan[] = [];
  for (const range of dayRanges(hours, day)) {
    spans.push([range.startMinute, Math.min(range.endMinute, MINUTES_PER_DAY)]);
  }
  for (const range of dayRanges(hours, previousDay(day))) {
    if (range.endMinute > MINUTES_PER_DAY) {
      spans.push([Math.max(range.startMinute - MINUTES_PER_DAY, 0), range.endMinute - MINUTES_PER_DAY]);
    }
  }
  return mergeSpans(spans.filter(([start, end]) => end > start));
}

/** True when the day's ranges, including yesterday's spillover, cover midnight to midnight. */
export function isOpen24Hours(hours: readonly HoursInput[], day: number): boolean {
  const coverage = dayCoverage(hours, day);
  return coverage.length === 1 && coverage[0][0] === 0 && coverage[0][1] >= MINUTES_PER_DAY;
}

/** True when every day of the week is open 24 hours: the location never closes. */
export function isAlwaysOpen(hours: readonly HoursInput[]): boolean {
  return [1, 2, 3, 4, 5, 6, 7].every((day) => isOpen24Hours(hours, day));
}

/** The seven weekdays in display order, beginning at `startDay` (default Monday). */
export function orderedDays(startDay: number = HOURS.defaultStartDay): number[] {
  if (!isValidDay(startDay)) {
    throw new RangeError(`orderedDays: startDay: expected a weekday number 1 (Monday) to 7 (Sunday), got ${String(startDay)}`);
  }
  return Array.from({ length: 7 }, (_, index) => ((startDay - 1 + index) % 7) + 1);
}

export type DayRow = {
  day: number;
  /** `Monday` */
  name: string;
  /** `Mon` */
  shortName: string;
  ranges: DayRange[];
  /** `9:00am – 5:00pm`, several ranges joined with `, `, or `Open 24 Hours`, or `Closed`. */
  text: string;
  closed: boolean;
  open24Hours: boolean;
  /** The entries' secondary labels, e.g. `Happy hour`, joined. */
  secondaryLabel?: string;
};

export function dayRow(hours: readonly HoursInput[], day: number, locale: string = DEFAULT_LOCALE): DayRow {
  const ranges = dayRanges(hours, day, locale);
  const open24Hours = isOpen24Hours(hours, day);
  const labels = [
    ...new Set(
      hours
        .filter((entry) => entry.day === day)
        .map((entry) => entry.label?.trim())
        .filter((label): label is string => Boolean(label)),
    ),
  ];
  const closed = !open24Hours && ranges.length === 0;
  const text = open24Hours
    ? UI_TEXT.open24Hours
    : closed
      ? UI_TEXT.closed
      : ranges.map((range) => range.text).join(RANGES_JOINER);
  return {
    day,
    name: DAY_NAMES[day - 1],
    shortName: SHORT_DAY_NAMES[day - 1],
    ranges,
    text,
    closed,
    open24Hours,
    ...(labels.length > 0 ? { secondaryLabel: labels.join(RANGES_JOINER) } : {}),
  };
}

/** Display options shared by the hours views: the first day of the week and the locale times are written in. */
export type HoursFormatOptions = { startDay?: number; locale?: string };

/** One row per weekday, in display order from `startDay`. */
export function dailyRows(hours: readonly HoursInput[], options: HoursFormatOptions = {}): DayRow[] {
  return orderedDays(options.startDay).map((day) => dayRow(hours, day, options.locale));
}

export type GroupRow = {
  days: number[];
  /** `Mon – Fri`, or `Sat` for a single day. */
  label: string;
  /** `Monday – Friday`, or `Saturday`, for screen readers and wide layouts. */
  longLabel: string;
  text: string;
  closed: boolean;
  open24Hours: boolean;
  secondaryLabel?: string;
};

/**
 * Consecutive days (in display order, not wrapping round the week) whose text and secondary label match
 * are shown as one row: `Mon – Fri 9:00am – 5:00pm`.
 */
export function groupedRows(hours: readonly HoursInput[], options: HoursFormatOptions = {}): GroupRow[] {
  const groups: { rows: DayRow[] }[] = [];
  for (const row of dailyRows(hours, options)) {
    const last = groups[groups.length - 1];
    const head = last?.rows[0];
    if (head && head.text === row.text && head.secondaryLabel === row.secondaryLabel) last.rows.push(row);
    else groups.push({ rows: [row] });
  }
  return groups.map(({ rows }) => {
    const first = rows[0];
    const last = rows[rows.length - 1];
    const single = rows.length === 1;
    return {
      days: rows.map((row) => row.day),
      label: single ? first.shortName : `${first.shortName}${RANGE_SEPARATOR}${last.shortName}`,
      longLabel: single ? first.name : `${first.name}${RANGE_SEPARATOR}${last.name}`,
      text: first.text,
      closed: first.closed,
      open24Hours: first.open24Hours,
      ...(first.secondaryLabel ? { secondaryLabel: first.secondaryLabel } : {}),
    };
  });
}

export type HoursView = {
  /** False when no entry has both times: the block renders nothing. */
  visible: boolean;
  daily: DayRow[];
  grouped: GroupRow[];
  /**
   * Present when today's weekday is known (the browser knows it; the server render does not). When
   * today's date is known too and special hours cover it, this is the special row.
   */
  today?: DayRow;
};

/**
 * What each display option needs: `daily` lists `daily`; `grouped` lists `grouped`; `dailyWithPopup`
 * shows `today` with `daily` in the popup; `modal` opens `grouped` (or `daily`) in a modal. `weekday` is
 * today's weekday in the location's zone, found by the caller.
 * @internal Tests only: the full rules that the browser's todayHours (hours-today.ts) must agree with.
 */
export function weekHoursView(
  hours: readonly HoursInput[] | null | undefined,
  options: HoursFormatOptions & { weekday?: number; date?: string; specialHours?: readonly SpecialHoursInput[] | null } = {},
): HoursView {
  const list = hours ?? [];
  const view: HoursView = {
    visible: hasAnyHours(list),
    daily: dailyRows(list, options),
    grouped: groupedRows(list, options),
  };
  if (options.weekday !== undefined) {
    const special = options.date ? specialHoursRows(options.specialHours, options.date, 0, options.locale)[0] : undefined;
    view.today = special ? specialDayRow(special) : dayRow(list, options.weekday, options.locale);
  }
  return view;
}

// ─── special hours (dated overrides) ─────────────────────────────────────────────────────────────

/** The special entries of one date, or null when the weekly hours apply to it. */
export function specialEntriesOn(specialHours: readonly SpecialHoursInput[] | null | undefined, date: string): SpecialHoursInput[] | null {
  const entries = (specialHours ?? []).filter((entry) => entry.date === date);
  return entries.length > 0 ? entries : null;
}

/**
 * The ranges that start on `date`: its special hours when it has any (none when closed), else the weekly
 * ranges of its weekday. The one place that decides which hours a date has.
 */
export function dateRanges(
  hours: readonly HoursInput[] | null | undefined,
  specialHours: readonly SpecialHoursInput[] | null | undefined,
  date: string,
  locale: string = DEFAULT_LOCALE,
): DayRange[] {
  const weekday = weekdayOfDate(date);
  const special = specialEntriesOn(specialHours, date);
  if (!special) return dayRanges(hours ?? [], weekday, locale);
  if (special.some((entry) => entry.closed)) return [];
  return dayRanges(
    special.map((entry) => ({ day: weekday, open: entry.open, close: entry.close, label: entry.label })),
    weekday,
    locale,
  );
}

export type SpecialHoursRow = {
  /** YYYY-MM-DD */
  date: string;
  weekday: number;
  /** `Fri 25 Dec` */
  dateLabel: string;
  closed: boolean;
  ranges: DayRange[];
  /** `Closed`, or the ranges like `4:00pm – 8:00pm` joined with `, `. */
  text: string;
  /** Why, e.g. `Christmas Day`; several entries' labels joined. */
  label?: string;
};

/**
 * The special hours from `fromDate` to `days` days after it (inclusive), one row per date, earliest first:
 * what an hours block lists under "Holiday hours". Clock-free: the caller knows today's date in the zone.
 */
export function specialHoursRows(
  specialHours: readonly SpecialHoursInput[] | null | undefined,
  fromDate: string,
  days: number,
  locale: string = DEFAULT_LOCALE,
): SpecialHoursRow[] {
  const first = dateNumber(fromDate);
  if (first === null) throw new RangeError(`specialHoursRows: fromDate: expected a date like 2026-03-08, got "${fromDate}"`);
  const dates = [...new Set((specialHours ?? []).map((entry) => entry.date))]
    .filter((date) => isWithinDays(date, fromDate, days))
    .sort();
  return dates.map((date) => {
    const entries = specialEntriesOn(specialHours, date) ?? [];
    const ranges = dateRanges([], specialHours, date, locale);
    const closed = ranges.length === 0;
    const labels = [...new Set(entries.map((entry) => entry.label?.trim()).filter((label): label is string => Boolean(label)))];
    return {
      date,
      weekday: weekdayOfDate(date),
      dateLabel: shortDateLabel(date),
      closed,
      ranges,
      text: closed ? UI_TEXT.closed : ranges.map((range) => range.text).join(RANGES_JOINER),
      ...(labels.length > 0 ? { label: labels.join(RANGES_JOINER) } : {}),
    };
  });
}

/**
 * An hours block's date-dependent lines, worked out at build for every date (hours-today.ts): each weekday's
 * line and every special date from the earliest given on, however far ahead, since the page may be read
 * weeks later. The browser picks today's and the coming ones.
 */
export function datedHours(
  hours: readonly HoursInput[] | null | undefined,
  specialHours: readonly SpecialHoursInput[] | null | undefined,
  locale: string = DEFAULT_LOCALE,
): DatedHours {
  const line = (text: string, note?: string) => (note ? { text, note } : { text });
  const week = orderedDays(1).map((day) => {
    const row = dayRow(hours ?? [], day, locale);
    return line(row.text, row.secondaryLabel);
  });
  const dates = (specialHours ?? []).map((entry) => entry.date).sort();
  const special = dates.length === 0 ? [] : specialHoursRows(specialHours, dates[0], Number.POSITIVE_INFINITY, locale).map((row) => ({ date: row.date, ...line(row.text, row.label) }));
  return { week, special };
}

/** A special date as a day row (for `today`), its label as the secondary label. */
function specialDayRow(row: SpecialHoursRow): DayRow {
  return {
    day: row.weekday,
    name: DAY_NAMES[row.weekday - 1],
    shortName: SHORT_DAY_NAMES[row.weekday - 1],
    ranges: row.ranges,
    text: row.text,
    closed: row.closed,
    open24Hours: false,
    ...(row.label ? { secondaryLabel: row.label } : {}),
  };
}
