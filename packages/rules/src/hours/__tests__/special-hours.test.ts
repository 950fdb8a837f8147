import { DateTime } from "luxon";
import {
  type HoursInput,
  type SpecialHoursInput,
  dateAfter,
  dailyRows,
  dateNumber,
  dateRanges,
  openIntervals,
  shortDateLabel,
  specialHoursRows,
  weekHoursView,
  zonedNow,
} from "../hours";
import { weekdayOfDate } from "../calendar-date";
import { buildOpenSchedule, openSchedule, openStatus, statusFromSchedule } from "../open-status";
import { firstDateWithSlots } from "../../booking/reservations";
import { isSlotOffered, timeSlots } from "../time-slots";
import { DINNER_HOURS, HOLIDAYS, NY, ny } from "./hours-fixtures";

/**
 * Special hours: dated overrides of the weekly hours, applied by every rule that reads hours:
 * open intervals, the open status and the schedule baked into the site, booking slots, the hours display.
 */
const HOURS = DINNER_HOURS;
const SPECIAL: SpecialHoursInput[] = [
  ...HOLIDAYS,
  { date: "2026-12-28", open: 1700, close: 2100 },
];

describe("calendar dates without a zone", () => {
  it.each<[string, number]>([
    ["1970-01-01", 4],
    ["2026-12-25", 5],
    ["2026-12-28", 1],
    ["2027-01-03", 7],
    ["2024-02-29", 4],
  ])("weekdayOfDate(%p) → %p", (date, weekday) => {
    expect(weekdayOfDate(date)).toBe(weekday);
  });

  it.each<[string, number, string]>([
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2024-02-28", 1, "2024-02-29"],
  ])("dateAfter(%p, %p) → %p", (date, days, expected) => {
    expect(dateAfter(date, days)).toBe(expected);
  });

  it.each(["2026-02-30", "2026-13-01", "25/12/2026", ""])("refuses %p", (date) => {
    expect(dateNumber(date)).toBeNull();
    expect(() => weekdayOfDate(date)).toThrow("expected a date like 2026-03-08");
  });

  it("labels a date", () => {
    expect(shortDateLabel("2026-12-25")).toBe("Fri 25 Dec");
  });
});

describe("dateRanges: which hours a date has", () => {
  it.each<[string, string, string[]]>([
    ["a date without special hours has its weekday's", "2026-12-24", ["5:00pm – 10:00pm"]],
    ["a closed date has none", "2026-12-25", []],
    ["changed hours replace the weekday's", "2026-12-31", ["4:00pm – 8:00pm"]],
    ["several entries make split hours", "2027-01-01", ["12:00pm – 3:00pm", "6:00pm – 9:00pm"]],
    ["special hours on a day that is normally closed", "2026-12-28", ["5:00pm – 9:00pm"]],
    ["a normally closed day stays closed", "2026-12-21", []],
  ])("%s", (_name, date, expected) => {
    expect(dateRanges(HOURS, SPECIAL, date).map((range) => range.text)).toEqual(expected);
  });
});

describe("openIntervals with special hours", () => {
  const span = (from: string, to: string) =>
    openIntervals(HOURS, NY, from, to, SPECIAL).map((interval) => [DateTime.fromMillis(interval.start, { zone: NY }).toFormat("MM-dd HH:mm"), DateTime.fromMillis(interval.end, { zone: NY }).toFormat("MM-dd HH:mm")]);

  it("closes Christmas Day but keeps the Thursday before, and Boxing Day's Saturday night", () => {
    expect(span("2026-12-24", "2026-12-26")).toEqual([
      ["12-24 17:00", "12-24 22:00"],
      ["12-26 17:00", "12-27 01:00"],
    ]);
  });

  it("New Year's Eve and Day: changed and split hours", () => {
    expect(span("2026-12-31", "2027-01-01")).toEqual([
      ["12-31 16:00", "12-31 20:00"],
      ["01-01 12:00", "01-01 15:00"],
      ["01-01 18:00", "01-01 21:00"],
    ]);
  });

  it("a closure does not cut off the night before's range past midnight", () => {
    const intervals = openIntervals([{ day: 4, open: 2000, close: 200 }], NY, "2026-12-24", "2026-12-25", [{ date: "2026-12-25", closed: true }]);
    expect(intervals).toEqual([{ start: ny("2026-12-24T20:00"), end: ny("2026-12-25T02:00") }]);
  });
});

describe("open status with special hours", () => {
  it.each<[string, string, string, string | undefined]>([
    ["Christmas Day evening: closed, opens Saturday", "2026-12-25T18:00", "closed", "Sat 5:00pm"],
    ["Christmas Eve evening: open as usual", "2026-12-24T18:00", "open", undefined],
    ["New Year's Eve at 3:30pm: opening soon, at the special time", "2026-12-31T15:30", "opening_soon", undefined],
    ["New Year's Eve at 7:30pm: closing soon at 8pm", "2026-12-31T19:30", "closing_soon", undefined],
    ["New Year's Eve at 9pm, usually open on Thursdays: closed", "2026-12-31T21:00", "closed", "Fri 12:00pm"],
    ["Monday 28 December, usually closed: open on special hours", "2026-12-28T18:00", "open", undefined],
  ])("%s", (_name, local, status, opensAt) => {
    const result = openStatus({ hours: HOURS, timeZone: NY, now: ny(local), specialHours: SPECIAL });
    expect(result.status).toBe(status);
    if (opensAt !== undefined) expect(result.opensAt).toBe(opensAt);
  });

  it("closes at the changed time: 8pm on New Year's Eve", () => {
    expect(openStatus({ hours: HOURS, timeZone: NY, now: ny("2026-12-31T19:30"), specialHours: SPECIAL }).closesAt).toBe("8:00pm");
  });

  it("the schedule a build bakes in carries the special hours, under the weekly hours' key", () => {
    const withSpecial = buildOpenSchedule(HOURS, NY, ny("2026-12-20T09:00"), 42, SPECIAL);
    const plain = buildOpenSchedule(HOURS, NY, ny("2026-12-20T09:00"), 42);
    expect(withSpecial.key).toBe(plain.key);
    const at = ny("2026-12-25T18:00");
    expect(statusFromSchedule(withSpecial, at)).toMatchObject({ answered: true, result: { status: "closed", opensAt: "Sat 5:00pm" } });
    expect(statusFromSchedule(plain, at)).toMatchObject({ answered: true, result: { status: "open" } });
  });

  it.each<[string, HoursInput[], SpecialHoursInput[], "closed" | "always" | "intervals"]>([
    ["no weekly hours but a special opening", [], [{ date: "2026-12-26", open: 1000, close: 1400 }], "intervals"],
    ["no weekly hours and only closures", [], [{ date: "2026-12-26", closed: true }], "closed"],
    ["open around the clock with a closure", [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: 0, close: 2400 })), [{ date: "2026-12-25", closed: true }], "intervals"],
    ["open around the clock, the special outside the schedule", [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: 0, close: 2400 })), [{ date: "2027-06-01", closed: true }], "always"],
  ])("schedule kind: %s", (_name, hours, special, kind) => {
    expect(openSchedule(hours, NY, "2026-12-20", "2026-12-30", special).kind).toBe(kind);
  });

  it("a 24-hour location closed on Christmas Day reads closed then, open the day before", () => {
    const always = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: 0, close: 2400 }));
    const special = [{ date: "2026-12-25", closed: true }];
    expect(openStatus({ hours: always, timeZone: NY, now: ny("2026-12-25T12:00"), specialHours: special })).toMatchObject({ status: "closed", opensAt: "Midnight" });
    expect(openStatus({ hours: always, timeZone: NY, now: ny("2026-12-24T12:00"), specialHours: special })).toMatchObject({ status: "open", closesAt: "Midnight" });
  });
});

describe("booking slots with special hours", () => {
  const longAgo = ny("2026-01-01T00:00");
  it.each<[string, string, string[]]>([
    ["closed on Christmas Day", "2026-12-25", []],
    ["New Year's Eve's changed hours", "2026-12-31", ["4:00pm", "4:30pm", "5:00pm", "5:30pm", "6:00pm", "6:30pm", "7:00pm", "7:30pm"]],
  ])("%s", (_name, date, expected) => {
    expect(timeSlots({ hours: HOURS, specialHours: SPECIAL, timeZone: NY, date, now: longAgo }).map((slot) => slot.label)).toEqual(expected);
  });

  it.each<[string, boolean]>([
    ["2026-12-25T18:00:00-05:00", false],
    ["2026-12-31T21:00:00-05:00", false],
    ["2026-12-31T16:00:00-05:00", true],
  ])("isSlotOffered(%p) → %p", (start, offered) => {
    expect(isSlotOffered({ hours: HOURS, specialHours: SPECIAL, timeZone: NY, now: longAgo, start })).toBe(offered);
  });

  it("the first bookable date skips a closure", () => {
    expect(firstDateWithSlots({ hours: [{ day: 5, open: 1700, close: 2200 }], specialHours: SPECIAL.slice(0, 1), timeZone: NY, now: longAgo, from: "2026-12-25" })).toBe("2027-01-01");
  });
});

describe("the hours display with special hours", () => {
  it("lists the upcoming special dates from a day on, one row per date", () => {
    expect(specialHoursRows(SPECIAL, "2026-12-26", 7)).toEqual([
      expect.objectContaining({ date: "2026-12-28", dateLabel: "Mon 28 Dec", closed: false, text: "5:00pm – 9:00pm" }),
      expect.objectContaining({ date: "2026-12-31", dateLabel: "Thu 31 Dec", closed: false, text: "4:00pm – 8:00pm", label: "New Year's Eve" }),
      expect.objectContaining({ date: "2027-01-01", dateLabel: "Fri 1 Jan", text: "12:00pm – 3:00pm, 6:00pm – 9:00pm", label: "New Year's Day" }),
    ]);
    expect(specialHoursRows(SPECIAL, "2026-12-25", 0)).toEqual([
      { date: "2026-12-25", weekday: 5, dateLabel: "Fri 25 Dec", closed: true, ranges: [], text: "Closed", label: "Christmas Day" },
    ]);
  });

  it.each<[string, string, string, string | undefined]>([
    ["today is a holiday closure", "2026-12-25T12:00", "Closed", "Christmas Day"],
    ["today has changed hours", "2026-12-31T12:00", "4:00pm – 8:00pm", "New Year's Eve"],
    ["today is an ordinary day", "2026-12-24T12:00", "5:00pm – 10:00pm", undefined],
  ])("the week's view, today: %s", (_name, local, text, label) => {
    const at = zonedNow(ny(local), NY);
    const view = weekHoursView(HOURS, { weekday: at.weekday, date: at.toISODate() ?? undefined, specialHours: SPECIAL });
    expect(view.today?.text).toBe(text);
    expect(view.today?.secondaryLabel).toBe(label);
  });

  it("keeps the weekly rows as they are", () => {
    expect(dailyRows(HOURS).find((row) => row.day === 5)?.text).toBe("5:00pm – 1:00am");
  });
});
