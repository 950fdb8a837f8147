import fc from "fast-check";
import { DateTime } from "luxon";
import { type HoursInput, entryRange } from "../hours";
import { OPEN_SCHEDULE } from "../../business/constants";
import { type OpenStatusResult, buildOpenSchedule, openSchedule, openStatus, scheduleKey, statusFromSchedule } from "../open-status";

const NY = "America/New_York";
const weekdays = (open: number, close: number): HoursInput[] => [1, 2, 3, 4, 5].map((day) => ({ day, open, close }));
const nineToFive = weekdays(900, 1700);

type Case = [name: string, hours: HoursInput[], timeZone: string, now: string, expected: Partial<OpenStatusResult>];

const DAY_MS = 86_400_000;

/**
 * Each case runs openStatus (a schedule around `now`, then the core) and also the browser's path: the core
 * on the long schedule a build bakes, built on the day itself and three weeks earlier.
 */
const check = (hours: HoursInput[], timeZone: string, now: string, expected: Partial<OpenStatusResult>) => {
  const result = openStatus({ hours, timeZone, now: new Date(now) });
  expect(result).toEqual(expect.objectContaining(expected));
  for (const key of ["opensAt", "closesAt", "nextChange"] as const) {
    if (!(key in expected)) expect(result[key]).toBeUndefined();
  }
  const { nextChange, ...rest } = result;
  const inBrowser = { answered: true, result: nextChange ? { ...rest, nextChangeAt: Date.parse(nextChange) } : rest };
  for (const buildTime of [Date.parse(now), Date.parse(now) - 21 * DAY_MS]) {
    expect(statusFromSchedule(buildOpenSchedule(hours, timeZone, buildTime), Date.parse(now))).toEqual(inBrowser);
  }
};

const LABELS: Record<OpenStatusResult["status"], string> = { open: "Open", closing_soon: "Closing soon", opening_soon: "Opening soon", closed: "Closed" };

/** The expected result: the status's label, the close it shows while open (the open it shows otherwise), and the next change. */
const shows = (status: OpenStatusResult["status"], shown?: string, nextChange?: string): Partial<OpenStatusResult> => ({
  status,
  label: LABELS[status],
  ...(shown === undefined ? {} : status === "open" || status === "closing_soon" ? { closesAt: shown } : { opensAt: shown }),
  ...(nextChange === undefined ? {} : { nextChange }),
});

/** One test per row, named by its first column. */
const checkEach = (cases: Case[]) => it.each<Case>(cases)("%s", (_name, hours, zone, now, expected) => check(hours, zone, now, expected));

describe("openStatus: one range a day (Mon–Fri 9:00am–5:00pm, New York)", () => {
  checkEach([
    ["open mid-day", nineToFive, NY, "2026-03-10T12:00:00-04:00", shows("open", "5:00pm", "2026-03-10T16:00:00.000-04:00")],
    ["closing soon at 4:30pm", nineToFive, NY, "2026-03-10T16:30:00-04:00", shows("closing_soon", "5:00pm", "2026-03-10T17:00:00.000-04:00")],
    ["exactly 60 minutes before close is closing soon", nineToFive, NY, "2026-03-10T16:00:00-04:00", shows("closing_soon", "5:00pm", "2026-03-10T17:00:00.000-04:00")],
    ["opening soon at 8:30am", nineToFive, NY, "2026-03-10T08:30:00-04:00", shows("opening_soon", "9:00am", "2026-03-10T09:00:00.000-04:00")],
    ["exactly at the open is open", nineToFive, NY, "2026-03-10T09:00:00-04:00", shows("open", "5:00pm", "2026-03-10T16:00:00.000-04:00")],
    ["exactly at the close is closed", nineToFive, NY, "2026-03-10T17:00:00-04:00", shows("closed", "Wed 9:00am", "2026-03-11T08:00:00.000-04:00")],
    ["closed early morning, opening later today", nineToFive, NY, "2026-03-10T06:00:00-04:00", shows("closed", "9:00am", "2026-03-10T08:00:00.000-04:00")],
    ["closed Friday night opens Monday", nineToFive, NY, "2026-03-13T20:00:00-04:00", shows("closed", "Mon 9:00am", "2026-03-16T08:00:00.000-04:00")],
    ["closed all weekend", nineToFive, NY, "2026-03-14T12:00:00-04:00", shows("closed", "Mon 9:00am", "2026-03-16T08:00:00.000-04:00")],
  ]);
});

describe("openStatus: overnight, 2400, 24-hour days", () => {
  const lateBar: HoursInput[] = [{ day: 5, open: 1800, close: 200 }];
  const midnightClose: HoursInput[] = [{ day: 1, open: 1800, close: 2400 }];
  const throughSpillover: HoursInput[] = [
    { day: 1, open: 1800, close: 200 },
    { day: 2, open: 200, close: 2400 },
    { day: 3, open: 0, close: 900 },
  ];
  const allWeek: HoursInput[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: 0, close: 2400 }));
  const allWeekOvernight: HoursInput[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: 1200, close: 1200 }));

  checkEach([
    ["18:00–02:00 at 01:30 the next day: yesterday's range still runs", lateBar, "UTC", "2026-03-14T01:30:00Z", shows("closing_soon", "2:00am", "2026-03-14T02:00:00.000Z")],
    ["18:00–02:00 at 00:30 the next day", lateBar, "UTC", "2026-03-14T00:30:00Z", shows("open", "2:00am", "2026-03-14T01:00:00.000Z")],
    ["18:00–02:00 at 20:00 shows the close without a day", lateBar, "UTC", "2026-03-13T20:00:00Z", shows("open", "2:00am", "2026-03-14T01:00:00.000Z")],
    ["18:00–02:00 at 02:00 the next day is closed", lateBar, "UTC", "2026-03-14T02:00:00Z", shows("closed", "Fri 6:00pm", "2026-03-20T17:00:00.000Z")],
    ["2400 close reads Midnight", midnightClose, "UTC", "2026-03-09T22:00:00Z", shows("open", "Midnight", "2026-03-09T23:00:00.000Z")],
    ["2400 close: closing soon at 23:30", midnightClose, "UTC", "2026-03-09T23:30:00Z", shows("closing_soon", "Midnight", "2026-03-10T00:00:00.000Z")],
    ["2400 close: closed at midnight", midnightClose, "UTC", "2026-03-10T00:00:00Z", shows("closed", "Mon 6:00pm", "2026-03-16T17:00:00.000Z")],
    ["a 24-hour day through spillover stays open across midnight", throughSpillover, "UTC", "2026-03-10T01:59:00Z", shows("open", "Wed 9:00am", "2026-03-11T08:00:00.000Z")],
    ["the end of the run is the Wednesday close", throughSpillover, "UTC", "2026-03-11T08:30:00Z", shows("closing_soon", "9:00am", "2026-03-11T09:00:00.000Z")],
    ["open 24/7 never closes", allWeek, NY, "2026-03-08T06:30:00Z", shows("open")],
    ["open 24/7 through overnight ranges never closes", allWeekOvernight, NY, "2026-11-01T06:30:00Z", shows("open")],
  ]);
});

describe("openStatus: several ranges (priority open, closing soon, opening soon, closed)", () => {
  const split: HoursInput[] = [{ day: 1, open: 900, close: 1200 }, { day: 1, open: 1300, close: 1700 }];
  const touching: HoursInput[] = [{ day: 1, open: 900, close: 1200 }, { day: 1, open: 1200, close: 1700 }];
  const overlapping: HoursInput[] = [{ day: 1, open: 900, close: 1700 }, { day: 1, open: 1000, close: 1100 }];
  const shortGap: HoursInput[] = [{ day: 1, open: 900, close: 1200 }, { day: 1, open: 1230, close: 1700 }];

  checkEach([
    ["touching ranges: open, not closing soon", touching, "UTC", "2026-03-09T11:30:00Z", shows("open", "5:00pm", "2026-03-09T16:00:00.000Z")],
    ["a range inside another: open wins over its close", overlapping, "UTC", "2026-03-09T10:30:00Z", shows("open", "5:00pm", "2026-03-09T16:00:00.000Z")],
    ["closing soon in the first range", split, "UTC", "2026-03-09T11:30:00Z", shows("closing_soon", "12:00pm", "2026-03-09T12:00:00.000Z")],
    ["closing soon wins over the next range opening soon", shortGap, "UTC", "2026-03-09T11:45:00Z", shows("closing_soon", "12:00pm", "2026-03-09T12:00:00.000Z")],
    ["in the gap: opening soon", split, "UTC", "2026-03-09T12:15:00Z", shows("opening_soon", "1:00pm", "2026-03-09T13:00:00.000Z")],
    ["after both: closed", split, "UTC", "2026-03-09T18:00:00Z", shows("closed", "Mon 9:00am", "2026-03-16T08:00:00.000Z")],
  ]);
});

describe("openStatus: daylight saving in America/New_York", () => {
  const saturdayNight: HoursInput[] = [{ day: 6, open: 1800, close: 200 }];
  const sundayDay: HoursInput[] = [{ day: 7, open: 900, close: 1700 }];

  checkEach([
    // 2026-03-08: 2:00 EST jumps to 3:00 EDT. The 2:00 close is the instant the clocks jump (07:00Z), which reads 3:00am.
    ["spring-forward: 01:30 EST is 30 minutes before the close", saturdayNight, NY, "2026-03-08T06:30:00Z", shows("closing_soon", "3:00am", "2026-03-08T03:00:00.000-04:00")],
    ["spring-forward: the first minute after the jump is closed", saturdayNight, NY, "2026-03-08T07:00:00Z", shows("closed", "Sat 6:00pm", "2026-03-14T17:00:00.000-04:00")],
    ["spring-forward: 9:00 Sunday is 13:00Z (EDT), so 08:10 EDT is opening soon", sundayDay, NY, "2026-03-08T12:10:00Z", shows("opening_soon", "9:00am", "2026-03-08T09:00:00.000-04:00")],
    ["spring-forward: 09:00 EDT is open", sundayDay, NY, "2026-03-08T13:00:00Z", shows("open", "5:00pm", "2026-03-08T16:00:00.000-04:00")],
    // 2026-11-01: 2:00 EDT falls back to 1:00 EST, so 1:00–2:00 happens twice.
    ["fall-back: first 01:30 (EDT) still has 90 minutes", saturdayNight, NY, "2026-11-01T05:30:00Z", shows("open", "2:00am", "2026-11-01T01:00:00.000-05:00")],
    ["fall-back: second 01:30 (EST) is closing soon", saturdayNight, NY, "2026-11-01T06:30:00Z", shows("closing_soon", "2:00am", "2026-11-01T02:00:00.000-05:00")],
    ["fall-back: 08:30 EST is opening soon", sundayDay, NY, "2026-11-01T13:30:00Z", shows("opening_soon", "9:00am", "2026-11-01T09:00:00.000-05:00")],
    ["fall-back: 09:00 EST (14:00Z) is open", sundayDay, NY, "2026-11-01T14:00:00Z", shows("open", "5:00pm", "2026-11-01T16:00:00.000-05:00")],
  ]);
});

describe("openStatus: a location in Asia/Kolkata viewed from UTC", () => {
  const IST = "Asia/Kolkata";
  checkEach([
    ["09:15 IST Monday is open (03:45Z)", nineToFive, IST, "2026-03-09T03:45:00Z", shows("open", "5:00pm", "2026-03-09T16:00:00.000+05:30")],
    ["16:30 IST is closing soon (11:00Z)", nineToFive, IST, "2026-03-09T11:00:00Z", shows("closing_soon", "5:00pm", "2026-03-09T17:00:00.000+05:30")],
    ["08:15 IST is opening soon (02:45Z)", nineToFive, IST, "2026-03-09T02:45:00Z", shows("opening_soon", "9:00am", "2026-03-09T09:00:00.000+05:30")],
    ["Sunday 23:00 UTC is already Monday 04:30 IST", nineToFive, IST, "2026-03-08T23:00:00Z", shows("closed", "9:00am", "2026-03-09T08:00:00.000+05:30")],
    ["Friday 19:00 UTC is Saturday 00:30 IST: closed until Monday", nineToFive, IST, "2026-03-13T19:00:00Z", shows("closed", "Mon 9:00am", "2026-03-16T08:00:00.000+05:30")],
  ]);
});

describe("openStatus: labels and options", () => {
  const now = new Date("2026-03-10T12:00:00-04:00");

  it.each<[string, Parameters<typeof openStatus>[0]["labels"], string]>([
    ["an enhanced label overrides", { open: "Open now" }, "Open now"],
    ["an empty enhanced label keeps the default", { open: "  " }, "Open"],
    ["labels for other states do not apply", { closed: "Shut" }, "Open"],
    ["no labels", undefined, "Open"],
  ])("%s", (_name, labels, expected) => {
    expect(openStatus({ hours: nineToFive, timeZone: NY, now, labels }).label).toBe(expected);
  });

  it.each<[number, string]>([
    [15, "open"],
    [60, "closing_soon"],
    [0, "open"],
  ])("soonMinutes %p at 4:30pm → %p", (soonMinutes, status) => {
    expect(openStatus({ hours: nineToFive, timeZone: NY, now: new Date("2026-03-10T16:30:00-04:00"), soonMinutes }).status).toBe(status);
  });

  it.each<[string, HoursInput[] | null | undefined]>([
    ["no entries", []],
    ["null hours", null],
    ["every entry lacks a time", [{ day: 1, open: null, close: 1700 }]],
  ])("%s → closed with nothing to show", (_name, hours) => {
    expect(openStatus({ hours, timeZone: NY, now })).toEqual(shows("closed"));
  });

  it("accepts now as epoch milliseconds", () => {
    expect(openStatus({ hours: nineToFive, timeZone: NY, now: now.getTime() }).status).toBe("open");
  });

  it.each<[string, Partial<Parameters<typeof openStatus>[0]>, string]>([
    ["an unknown zone", { timeZone: "Nowhere/City" }, 'expected an IANA zone like "America/New_York", got "Nowhere/City"'],
    ["a negative window", { soonMinutes: -5 }, "soonMinutes: expected a number of minutes >= 0, got -5"],
  ])("names %s", (_name, override, message) => {
    expect(() => openStatus({ hours: nineToFive, timeZone: NY, now, ...override })).toThrow(message);
  });
});

describe("openStatus properties (fixed-offset zones, minute-of-week oracle)", () => {
  const WEEK_MS = 7 * 24 * 3_600_000;
  const MINUTE_MS = 60_000;
  const hhmm = fc.oneof(
    fc.record({ h: fc.integer({ min: 0, max: 23 }), m: fc.constantFrom(0, 15, 30, 45, 7) }).map(({ h, m }) => h * 100 + m),
    fc.constant(2400),
  );
  const hoursArb = fc.array(
    fc.record({ day: fc.integer({ min: 1, max: 7 }), open: fc.option(hhmm, { nil: null, freq: 6 }), close: fc.option(hhmm, { nil: null, freq: 6 }) }),
    { maxLength: 9 },
  );
  const zoneArb = fc.constantFrom("UTC", "Asia/Kolkata", "Asia/Tokyo", "Asia/Kathmandu");
  // Any instant in 2026, at a whole second so minute boundaries stay meaningful.
  const nowArb = fc.integer({ min: Date.UTC(2026, 0, 1) / 1000, max: Date.UTC(2026, 11, 31) / 1000 }).map((s) => s * 1000);

  /** Independent of hours.ts's interval code: local time as milliseconds into the week, tested against each range. */
  function insideOracle(hours: HoursInput[], zone: string, instant: number): boolean {
    const local = DateTime.fromMillis(instant, { zone });
    const t = ((local.weekday - 1) * 1440 + local.hour * 60 + local.minute) * MINUTE_MS + local.second * 1000 + local.millisecond;
    return hours.some((entry) => {
      const range = entryRange(entry);
      if (!range) return false;
      const start = ((entry.day - 1) * 1440 + range.startMinute) * MINUTE_MS;
      const length = (range.endMinute - range.startMinute) * MINUTE_MS;
      return (((t - start) % WEEK_MS) + WEEK_MS) % WEEK_MS < length;
    });
  }

  function expectedStatus(hours: HoursInput[], zone: string, now: number, soonMinutes: number): string {
    const firstBoundary = Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
    const boundaries: number[] = [];
    for (let b = firstBoundary; b <= now + soonMinutes * MINUTE_MS; b += MINUTE_MS) boundaries.push(b);
    if (insideOracle(hours, zone, now)) return boundaries.some((b) => !insideOracle(hours, zone, b)) ? "closing_soon" : "open";
    return boundaries.some((b) => insideOracle(hours, zone, b)) ? "opening_soon" : "closed";
  }

  it("never says open (or closing soon) outside every range, nor closed (or opening soon) inside one", () => {
    fc.assert(
      fc.property(hoursArb, zoneArb, nowArb, (hours, zone, now) => {
        const { status } = openStatus({ hours, timeZone: zone, now });
        const inside = insideOracle(hours, zone, now);
        expect(status === "open" || status === "closing_soon").toBe(inside);
      }),
      { numRuns: 400 },
    );
  });

  it("matches the oracle exactly, soon window included", () => {
    fc.assert(
      fc.property(hoursArb, zoneArb, nowArb, fc.constantFrom(15, 60), (hours, zone, now, soonMinutes) => {
        expect(openStatus({ hours, timeZone: zone, now, soonMinutes }).status).toBe(expectedStatus(hours, zone, now, soonMinutes));
      }),
      { numRuns: 300 },
    );
  });

  it("nextChange is in the future and the status really changes there", () => {
    fc.assert(
      fc.property(hoursArb, zoneArb, nowArb, (hours, zone, now) => {
        const result = openStatus({ hours, timeZone: zone, now });
        if (!result.nextChange) return;
        const at = Date.parse(result.nextChange);
        expect(at).toBeGreaterThan(now);
        expect(openStatus({ hours, timeZone: zone, now: at - 1 }).status).toBe(result.status);
        expect(openStatus({ hours, timeZone: zone, now: at }).status).not.toBe(result.status);
      }),
      { numRuns: 300 },
    );
  });
});

describe("openSchedule (the calendar half, with luxon)", () => {
  const hourGaps = (starts: number[]) => starts.slice(1).map((start, index) => (start - starts[index]) / 3_600_000);

  it.each<[string, string, string, string, number[]]>([
    ["spring-forward week: Sunday lasts 23 hours", NY, "2026-03-07", "2026-03-09", [24, 23, 24]],
    ["fall-back week: Sunday lasts 25 hours", NY, "2026-10-31", "2026-11-02", [24, 25, 24]],
    ["a zone without DST", "Asia/Kolkata", "2026-03-07", "2026-03-09", [24, 24, 24]],
    // Santiago jumps from 00:00 to 01:00 on 6 September 2026: that day starts at 01:00 and lasts 23 hours.
    ["a day whose midnight does not exist", "America/Santiago", "2026-09-05", "2026-09-07", [24, 23, 24]],
  ])("%s", (_name, zone, from, to, gaps) => {
    const schedule = openSchedule(nineToFive, zone, from, to);
    expect(hourGaps(schedule.dayStarts)).toEqual(gaps);
    expect(schedule.dayStarts[0]).toBe(DateTime.fromISO(from, { zone }).toMillis());
    expect(schedule.validUntil).toBe(schedule.dayStarts[schedule.dayStarts.length - 1]);
  });

  it("a Santiago day with a skipped midnight starts at 01:00 local, never 00:00", () => {
    const [, skipped] = openSchedule(nineToFive, "America/Santiago", "2026-09-05", "2026-09-07").dayStarts;
    expect(DateTime.fromMillis(skipped, { zone: "America/Santiago" }).toISO()).toBe("2026-09-06T01:00:00.000-03:00");
  });

  it("each interval end carries its local day, weekday and wall-clock minute", () => {
    // Saturday 18:00 to Sunday 02:00 over the spring-forward jump: the close is the jump, which reads 3:00am.
    const schedule = openSchedule([{ day: 6, open: 1800, close: 200 }], NY, "2026-03-07", "2026-03-08");
    expect(schedule.intervals).toEqual([
      {
        start: { at: Date.parse("2026-03-07T23:00:00Z"), day: 0, weekday: 6, minute: 18 * 60 },
        end: { at: Date.parse("2026-03-08T07:00:00Z"), day: 1, weekday: 7, minute: 3 * 60 },
      },
    ]);
    expect(schedule.firstWeekday).toBe(6);
    expect(schedule.firstDate).toBe("2026-03-07");
  });

  it("an end at midnight after the last date still names its day", () => {
    const schedule = openSchedule([{ day: 1, open: 1800, close: 2400 }], "UTC", "2026-03-09", "2026-03-09");
    expect(schedule.intervals[0].end).toEqual({ at: Date.parse("2026-03-10T00:00:00Z"), day: 1, weekday: 2, minute: 0 });
  });

  it.each<[string, HoursInput[] | null, string]>([
    ["no hours", null, "closed"],
    ["no entry with both times", [{ day: 1, open: null, close: 1700 }], "closed"],
    ["around the clock", [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: 0, close: 2400 })), "always"],
    ["weekday hours", nineToFive, "intervals"],
  ])("%s: kind %p", (_name, hours, kind) => {
    const schedule = openSchedule(hours, NY, "2026-03-09", "2026-03-20");
    expect(schedule.kind).toBe(kind);
    expect(schedule.intervals.length > 0).toBe(kind === "intervals");
    expect(schedule.key).toBe(scheduleKey(hours, NY));
  });

  it.each<[string, [string, string, string], string]>([
    ["an unknown zone", ["Nowhere/City", "2026-03-09", "2026-03-10"], 'expected an IANA zone like "America/New_York", got "Nowhere/City"'],
    ["a malformed start date", [NY, "2026-3-9", "2026-03-10"], 'openSchedule: fromDate: expected a date like 2026-03-08, got "2026-3-9"'],
    ["an impossible end date", [NY, "2026-03-09", "2026-02-30"], 'openSchedule: toDate: expected a date like 2026-03-08, got "2026-02-30"'],
    ["an end before the start", [NY, "2026-03-09", "2026-03-08"], 'openSchedule: toDate: expected 2026-03-09 or a later date, got "2026-03-08"'],
  ])("names %s", (_name, [zone, from, to], message) => {
    expect(() => openSchedule(nineToFive, zone, from, to)).toThrow(message);
  });
});

describe("buildOpenSchedule (what a build bakes in)", () => {
  // Built Tuesday 10 March 2026 at 23:30 in New York, which is already Wednesday in UTC.
  const built = Date.parse("2026-03-11T03:30:00Z");
  const schedule = buildOpenSchedule(nineToFive, NY, built);
  const answers = (now: number) => statusFromSchedule(schedule, now).answered;
  const localStart = (date: string) => DateTime.fromISO(date, { zone: NY }).toMillis();
  const daysAfterBuild = (days: number) => DateTime.fromISO("2026-03-10", { zone: NY }).plus({ days }).toMillis();

  it(`runs from the day before the build's local day to ${OPEN_SCHEDULE.answerDays} + ${OPEN_SCHEDULE.lookAheadDays} days after it`, () => {
    expect(schedule.dayStarts[0]).toBe(localStart("2026-03-09"));
    expect(schedule.validUntil).toBe(daysAfterBuild(OPEN_SCHEDULE.answerDays + OPEN_SCHEDULE.lookAheadDays + 1));
    expect(schedule.dayStarts).toHaveLength(1 + 1 + OPEN_SCHEDULE.answerDays + OPEN_SCHEDULE.lookAheadDays + 1);
  });

  it.each<[string, number, boolean]>([
    ["the build day, from its local midnight", localStart("2026-03-10"), true],
    ["the day before the build", localStart("2026-03-10") - 1, false],
    [`the last minute of day ${OPEN_SCHEDULE.answerDays} after the build`, daysAfterBuild(OPEN_SCHEDULE.answerDays + 1) - 60_000, true],
    [`day ${OPEN_SCHEDULE.answerDays + 1} after the build`, daysAfterBuild(OPEN_SCHEDULE.answerDays + 1), false],
  ])("%s: answers %p", (_name, now, expected) => {
    expect(answers(now)).toBe(expected);
  });

  it("names a bad number of days", () => {
    expect(() => buildOpenSchedule(nineToFive, NY, built, -1)).toThrow("buildOpenSchedule: answerDays: expected a whole number of days >= 0, got -1");
  });
});
