import { OPEN_SCHEDULE } from "../../business/constants";
import {
  type OpenSchedule,
  type ScheduleAnswer,
  type ScheduleBoundary,
  isOpenSchedule,
  scheduleAnswersUntil,
  scheduleDateAt,
  scheduleDayAt,
  scheduleKey,
  scheduleWeekdayAt,
  statusFromSchedule,
} from "../open-status-core";

// Hand-made schedules, no luxon: the core must work from numbers alone. In UTC the wall clock is the
// UTC clock, so each boundary's reading comes from Date's UTC fields.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIRST = Date.UTC(2026, 2, 8); // Sunday 8 March 2026
const DAYS = 20;

function utcBoundary(iso: string): ScheduleBoundary {
  const at = Date.parse(iso);
  const date = new Date(at);
  return { at, day: Math.floor((at - FIRST) / DAY), weekday: ((date.getUTCDay() + 6) % 7) + 1, minute: date.getUTCHours() * 60 + date.getUTCMinutes() };
}

function utcSchedule(intervals: [string, string][], kind: OpenSchedule["kind"] = "intervals"): OpenSchedule {
  const dayStarts = Array.from({ length: DAYS + 1 }, (_, day) => FIRST + day * DAY);
  return {
    version: 2,
    key: "test",
    timeZone: "UTC",
    kind,
    dayStarts,
    firstDate: "2026-03-08",
    firstWeekday: 7,
    validUntil: dayStarts[DAYS],
    intervals: intervals.map(([start, end]) => ({ start: utcBoundary(start), end: utcBoundary(end) })),
  };
}

// Monday to Friday 9:00–17:00 in the schedule's days, and a Saturday night running past midnight.
const week = utcSchedule([
  ["2026-03-09T09:00Z", "2026-03-09T17:00Z"],
  ["2026-03-10T09:00Z", "2026-03-10T17:00Z"],
  ["2026-03-11T09:00Z", "2026-03-11T17:00Z"],
  ["2026-03-12T09:00Z", "2026-03-12T17:00Z"],
  ["2026-03-13T09:00Z", "2026-03-13T17:00Z"],
  ["2026-03-14T18:00Z", "2026-03-15T02:00Z"],
  ["2026-03-16T00:00Z", "2026-03-16T17:00Z"],
]);

const answered = (result: Extract<ScheduleAnswer, { answered: true }>["result"]): ScheduleAnswer => ({ answered: true, result });
const t = (iso: string) => Date.parse(iso);

describe("statusFromSchedule: the four states, from numbers only", () => {
  it.each<[string, OpenSchedule, string, ScheduleAnswer]>([
    ["open mid-day: the close alone, the change an hour before it", week, "2026-03-10T12:00Z", answered({ status: "open", label: "Open", closesAt: "5:00pm", nextChangeAt: t("2026-03-10T16:00Z") })],
    ["closing soon inside the window", week, "2026-03-10T16:30Z", answered({ status: "closing_soon", label: "Closing soon", closesAt: "5:00pm", nextChangeAt: t("2026-03-10T17:00Z") })],
    ["exactly 60 minutes before the close is closing soon", week, "2026-03-10T16:00Z", answered({ status: "closing_soon", label: "Closing soon", closesAt: "5:00pm", nextChangeAt: t("2026-03-10T17:00Z") })],
    ["at the open instant: open", week, "2026-03-10T09:00Z", answered({ status: "open", label: "Open", closesAt: "5:00pm", nextChangeAt: t("2026-03-10T16:00Z") })],
    ["at the close instant: closed, next opening tomorrow with its day", week, "2026-03-10T17:00Z", answered({ status: "closed", label: "Closed", opensAt: "Wed 9:00am", nextChangeAt: t("2026-03-11T08:00Z") })],
    ["opening soon today: the time alone", week, "2026-03-10T08:30Z", answered({ status: "opening_soon", label: "Opening soon", opensAt: "9:00am", nextChangeAt: t("2026-03-10T09:00Z") })],
    ["closed early, opening later today", week, "2026-03-10T06:00Z", answered({ status: "closed", label: "Closed", opensAt: "9:00am", nextChangeAt: t("2026-03-10T08:00Z") })],
    ["Friday night: the Saturday night opening with its day", week, "2026-03-13T20:00Z", answered({ status: "closed", label: "Closed", opensAt: "Sat 6:00pm", nextChangeAt: t("2026-03-14T17:00Z") })],
    ["overnight, before midnight: the 2:00am close is under a day away", week, "2026-03-14T20:00Z", answered({ status: "open", label: "Open", closesAt: "2:00am", nextChangeAt: t("2026-03-15T01:00Z") })],
    ["overnight, after midnight: yesterday's interval still runs", week, "2026-03-15T01:30Z", answered({ status: "closing_soon", label: "Closing soon", closesAt: "2:00am", nextChangeAt: t("2026-03-15T02:00Z") })],
    ["an opening at the midnight that ends today reads without a day", week, "2026-03-15T12:00Z", answered({ status: "closed", label: "Closed", opensAt: "Midnight", nextChangeAt: t("2026-03-15T23:00Z") })],
  ])("%s", (_name, schedule, now, expected) => {
    expect(statusFromSchedule(schedule, t(now))).toEqual(expected);
  });

  it("a close a day or more away carries its day", () => {
    const long = utcSchedule([["2026-03-09T09:00Z", "2026-03-11T09:00Z"]]);
    expect(statusFromSchedule(long, t("2026-03-09T10:00Z"))).toEqual(answered({ status: "open", label: "Open", closesAt: "Wed 9:00am", nextChangeAt: t("2026-03-11T08:00Z") }));
    expect(statusFromSchedule(long, t("2026-03-10T09:30Z"))).toEqual(answered({ status: "open", label: "Open", closesAt: "9:00am", nextChangeAt: t("2026-03-11T08:00Z") }));
  });

  it.each<[string, OpenSchedule["kind"]]>([
    ["closed", "closed"],
    ["open", "always"],
  ])("kind %s answers %s at any instant, even far outside its days", (status, kind) => {
    const schedule = utcSchedule([], kind);
    for (const now of [0, FIRST, t("2099-01-01T00:00Z")]) {
      expect(statusFromSchedule(schedule, now)).toEqual(answered({ status: status as "open" | "closed", label: status === "open" ? "Open" : "Closed" }));
    }
  });

  it.each<[number, string]>([
    [15, "open"],
    [60, "closing_soon"],
    [0, "open"],
  ])("soonMinutes %p at 4:30pm → %p", (soonMinutes, status) => {
    const answer = statusFromSchedule(week, t("2026-03-10T16:30Z"), { soonMinutes });
    expect(answer.answered && answer.result.status).toBe(status);
  });

  it.each<[string, Parameters<typeof statusFromSchedule>[2], string]>([
    ["an enhanced label overrides", { labels: { open: "Open now" } }, "Open now"],
    ["an empty enhanced label keeps the default", { labels: { open: " " } }, "Open"],
    ["another state's label does not apply", { labels: { closed: "Shut" } }, "Open"],
  ])("%s", (_name, options, label) => {
    const answer = statusFromSchedule(week, t("2026-03-10T12:00Z"), options);
    expect(answer.answered && answer.result.label).toBe(label);
  });

  it.each<[string, number, Parameters<typeof statusFromSchedule>[2], string]>([
    ["a negative window", t("2026-03-10T12:00Z"), { soonMinutes: -5 }, "open status: soonMinutes: expected a number of minutes >= 0, got -5"],
    ["a clock that is not a number", Number.NaN, {}, "open status: now: expected epoch milliseconds, got NaN"],
  ])("names %s", (_name, now, options, message) => {
    expect(() => statusFromSchedule(week, now, options)).toThrow(message);
  });
});

describe("statusFromSchedule: what the schedule can answer (horizon)", () => {
  const until = scheduleAnswersUntil(week);

  it(`answers until ${OPEN_SCHEDULE.lookAheadDays} whole days before its last day ends`, () => {
    expect(until).toBe(week.dayStarts[DAYS - OPEN_SCHEDULE.lookAheadDays]);
    expect(until).toBe(t("2026-03-20T00:00Z"));
  });

  it.each<[string, number, ScheduleAnswer["answered"], string | null]>([
    ["on its first day: yesterday's overnight hours are missing", t("2026-03-08T12:00Z"), false, "before_schedule"],
    ["before its first day", t("2026-03-01T12:00Z"), false, "before_schedule"],
    ["at the start of its second day", t("2026-03-09T00:00Z"), true, null],
    ["the last instant with the look-ahead it needs", until - 1, true, null],
    ["one day too close to its end", until, false, "beyond_horizon"],
    ["inside its days but within the look-ahead", t("2026-03-25T12:00Z"), false, "beyond_horizon"],
    ["after its end (validUntil)", week.validUntil, false, "beyond_horizon"],
    ["weeks after its end", t("2026-05-01T12:00Z"), false, "beyond_horizon"],
  ])("%s", (_name, now, isAnswered, reason) => {
    const answer = statusFromSchedule(week, now);
    expect(answer.answered).toBe(isAnswered);
    if (!answer.answered) {
      expect(answer.reason).toBe(reason);
      expect(answer.message).toContain(new Date(now).toISOString());
    }
  });

  it("says which instants it covers when it cannot answer", () => {
    expect(statusFromSchedule(week, until)).toEqual({
      answered: false,
      reason: "beyond_horizon",
      message: "2026-03-20T00:00:00.000Z needs 8 days of hours after it; the schedule answers until 2026-03-20T00:00:00.000Z (it ends 2026-03-28T00:00:00.000Z)",
    });
    expect(statusFromSchedule(week, FIRST)).toEqual({
      answered: false,
      reason: "before_schedule",
      message: "2026-03-08T00:00:00.000Z is before the schedule, which answers from 2026-03-09T00:00:00.000Z",
    });
  });
});

describe("statusFromSchedule across a DST change (America/New_York, 8 March 2026, written out by hand)", () => {
  // Local midnights: EST (UTC-5) up to Sunday, EDT (UTC-4) from Monday, so Sunday lasts 23 hours.
  const dayStarts = [
    "2026-03-07T05:00Z", "2026-03-08T05:00Z", "2026-03-09T04:00Z", "2026-03-10T04:00Z", "2026-03-11T04:00Z", "2026-03-12T04:00Z",
    "2026-03-13T04:00Z", "2026-03-14T04:00Z", "2026-03-15T04:00Z", "2026-03-16T04:00Z", "2026-03-17T04:00Z", "2026-03-18T04:00Z", "2026-03-19T04:00Z",
  ].map(t);
  const boundary = (iso: string, day: number, weekday: number, minute: number): ScheduleBoundary => ({ at: t(iso), day, weekday, minute });
  const ny: OpenSchedule = {
    version: 2,
    key: "ny",
    timeZone: "America/New_York",
    kind: "intervals",
    dayStarts,
    firstDate: "2026-03-07",
    firstWeekday: 6,
    validUntil: dayStarts[dayStarts.length - 1],
    intervals: [
      // Saturday 18:00 EST to the 2:00 close, which is the instant the clocks jump and reads 3:00am.
      { start: boundary("2026-03-07T23:00Z", 0, 6, 1080), end: boundary("2026-03-08T07:00Z", 1, 7, 180) },
      // Monday 9:00–17:00 EDT.
      { start: boundary("2026-03-09T13:00Z", 2, 1, 540), end: boundary("2026-03-09T21:00Z", 2, 1, 1020) },
    ],
  };

  it.each<[string, string, ScheduleAnswer]>([
    ["01:30 EST Sunday: closing soon at the jump, which reads 3:00am", "2026-03-08T06:30Z", answered({ status: "closing_soon", label: "Closing soon", closesAt: "3:00am", nextChangeAt: t("2026-03-08T07:00Z") })],
    // 00:30 EDT Monday is 47.5 hours after Saturday's midnight: dividing elapsed time by 24 hours would say Sunday.
    ["00:30 EDT Monday is Monday: the 9:00am opening needs no day", "2026-03-09T04:30Z", answered({ status: "closed", label: "Closed", opensAt: "9:00am", nextChangeAt: t("2026-03-09T12:00Z") })],
    ["23:30 EDT Sunday is still Sunday: the opening carries its day", "2026-03-09T03:30Z", answered({ status: "closed", label: "Closed", opensAt: "Mon 9:00am", nextChangeAt: t("2026-03-09T12:00Z") })],
  ])("%s", (_name, now, expected) => {
    expect(statusFromSchedule(ny, t(now))).toEqual(expected);
  });

  it.each<[string, number | null, number | null]>([
    ["2026-03-07T04:59Z", null, null],
    ["2026-03-07T05:00Z", 0, 6],
    ["2026-03-09T03:59Z", 1, 7],
    ["2026-03-09T04:00Z", 2, 1],
    ["2026-03-18T23:59Z", 11, 3],
    ["2026-03-19T04:00Z", null, null],
  ])("the local day at %s: index %p, weekday %p", (now, day, weekday) => {
    expect(scheduleDayAt(ny, t(now))).toBe(day);
    expect(scheduleWeekdayAt(ny, t(now))).toBe(weekday);
  });

  it.each<[string, { date: string; nextDayAt: string } | null]>([
    ["2026-03-07T04:59Z", null],
    ["2026-03-07T05:00Z", { date: "2026-03-07", nextDayAt: "2026-03-08T05:00Z" }],
    // Sunday, the 23-hour day: the next day starts at 04:00Z, not 24 hours after 05:00Z.
    ["2026-03-09T03:59Z", { date: "2026-03-08", nextDayAt: "2026-03-09T04:00Z" }],
    ["2026-03-09T04:00Z", { date: "2026-03-09", nextDayAt: "2026-03-10T04:00Z" }],
    ["2026-03-18T23:59Z", { date: "2026-03-18", nextDayAt: "2026-03-19T04:00Z" }],
    ["2026-03-19T04:00Z", null],
  ])("the local date at %s, and when the next day starts: %p", (now, expected) => {
    expect(scheduleDateAt(ny, t(now))).toEqual(expected && { date: expected.date, nextDayAt: t(expected.nextDayAt) });
  });
});

describe("scheduleKey and isOpenSchedule", () => {
  const hours = [
    { day: 1, open: 900, close: 1700 },
    { day: 2, open: 900, close: 1700, label: "Late" },
  ];

  it.each<[string, Parameters<typeof scheduleKey>[0], string, boolean]>([
    ["the same hours in another order", [hours[1], hours[0]], "America/New_York", true],
    ["without the labels, which do not change the status", hours.map(({ day, open, close }) => ({ day, open, close })), "America/New_York", true],
    ["with an entry that lacks a time", [...hours, { day: 3, open: null, close: 1700 }], "America/New_York", true],
    ["in another zone", hours, "America/Chicago", false],
    ["with another close", [hours[0], { ...hours[1], close: 1800 }], "America/New_York", false],
  ])("%s: same key %p", (_name, other, zone, same) => {
    expect(scheduleKey(other, zone) === scheduleKey(hours, "America/New_York")).toBe(same);
  });

  it.each<[string, unknown, boolean]>([
    ["a schedule", week, true],
    ["null (a location built before schedules existed)", null, false],
    ["another version", { ...week, version: 1 }, false],
    ["a schedule of the first version, without its first date", (({ firstDate: _firstDate, ...rest }) => ({ ...rest, version: 1 }))(week), false],
    ["no day starts", { ...week, dayStarts: [] }, false],
    ["no intervals list", { ...week, intervals: undefined }, false],
    ["a string", "schedule", false],
  ])("%s → %p", (_name, value, expected) => {
    expect(isOpenSchedule(value)).toBe(expected);
  });
});
