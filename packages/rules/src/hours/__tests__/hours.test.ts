import fc from "fast-check";
import {
  type HoursInput,
  MINUTES_PER_DAY,
  dailyRows,
  dayCoverage,
  dayRow,
  entryRange,
  groupedRows,
  hasAnyHours,
  isAlwaysOpen,
  isOpen24Hours,
  isValidHhmm,
  openIntervals,
  orderedDays,
  weekHoursView,
  zonedNow,
} from "../hours";
import { formatTime, hhmmToMinutes } from "../hours-base";

const weekdays = (open: number | null, close: number | null, days = [1, 2, 3, 4, 5]): HoursInput[] =>
  days.map((day) => ({ day, open, close }));

describe("isValidHhmm", () => {
  it.each<[unknown, boolean]>([
    [0, true],
    [900, true],
    [1759, true],
    [2400, true],
    [2359, true],
    [960, false],
    [2401, false],
    [-100, false],
    [930.5, false],
    ["900", false],
    [null, false],
    [undefined, false],
  ])("%p → %p", (value, expected) => {
    expect(isValidHhmm(value)).toBe(expected);
  });

  it("hhmmToMinutes names the bad value", () => {
    expect(() => hhmmToMinutes(975)).toThrow("expected an HHMM number from 0 to 2400 like 930, got 975");
  });
});

describe("formatTime (SPEC §5: like 9:00am, Midnight for 0)", () => {
  it.each<[number, string]>([
    [0, "Midnight"],
    [2400, "Midnight"],
    [1, "12:01am"],
    [900, "9:00am"],
    [930, "9:30am"],
    [1200, "12:00pm"],
    [1230, "12:30pm"],
    [1705, "5:05pm"],
    [2359, "11:59pm"],
  ])("%p → %p", (hhmm, expected) => {
    expect(formatTime(hhmm)).toBe(expected);
  });
});

describe("entryRange (close before open runs into the next day; 2400 is midnight)", () => {
  it.each<[HoursInput, { startMinute: number; endMinute: number; overnight: boolean; text: string } | null]>([
    [{ day: 1, open: 900, close: 1700 }, { startMinute: 540, endMinute: 1020, overnight: false, text: "9:00am – 5:00pm" }],
    [{ day: 1, open: 1800, close: 200 }, { startMinute: 1080, endMinute: 1560, overnight: true, text: "6:00pm – 2:00am" }],
    [{ day: 1, open: 1800, close: 2400 }, { startMinute: 1080, endMinute: 1440, overnight: false, text: "6:00pm – Midnight" }],
    [{ day: 1, open: 0, close: 2400 }, { startMinute: 0, endMinute: 1440, overnight: false, text: "Midnight – Midnight" }],
    [{ day: 1, open: 1800, close: 0 }, { startMinute: 1080, endMinute: 1440, overnight: false, text: "6:00pm – Midnight" }],
    [{ day: 1, open: 900, close: 900 }, { startMinute: 540, endMinute: 1980, overnight: true, text: "9:00am – 9:00am" }],
    [{ day: 1, open: null, close: 1700 }, null],
    [{ day: 1, open: 900 }, null],
    [{ day: 1, open: 975, close: 1700 }, null],
    [{ day: 8, open: 900, close: 1700 }, null],
  ])("%j", (entry, expected) => {
    const range = entryRange(entry);
    if (expected === null) expect(range).toBeNull();
    else expect(range).toMatchObject(expected);
  });
});

describe("hasAnyHours (the block renders nothing when all entries lack times)", () => {
  it.each<[string, HoursInput[] | null | undefined, boolean]>([
    ["no entries", [], false],
    ["null", null, false],
    ["undefined", undefined, false],
    ["every entry lacks a time", [{ day: 1, open: null, close: null }, { day: 2, open: 900 }, { day: 3, close: 1700 }], false],
    ["only invalid times", [{ day: 1, open: 2500, close: 1700 }], false],
    ["one complete entry", [{ day: 1, open: null, close: null }, { day: 2, open: 900, close: 1700 }], true],
  ])("%s → %p", (_name, hours, expected) => {
    expect(hasAnyHours(hours)).toBe(expected);
    expect(weekHoursView(hours).visible).toBe(expected);
  });
});

describe("dayRow", () => {
  // Monday night runs to 2:00am, and Tuesday goes on from there to midnight.
  const nightIntoAllDay: HoursInput[] = [
    { day: 1, open: 1800, close: 200 },
    { day: 2, open: 200, close: 2400 },
  ];

  it.each<[string, HoursInput[], number, { text: string; closed: boolean; open24Hours: boolean; secondaryLabel?: string }]>([
    ["an entry lacking open is Closed", [{ day: 1, open: null, close: 1700 }], 1, { text: "Closed", closed: true, open24Hours: false }],
    ["an entry lacking close is Closed", [{ day: 1, open: 900, close: null }], 1, { text: "Closed", closed: true, open24Hours: false }],
    ["a day without entries is Closed", weekdays(900, 1700), 6, { text: "Closed", closed: true, open24Hours: false }],
    ["one range", weekdays(900, 1700), 3, { text: "9:00am – 5:00pm", closed: false, open24Hours: false }],
    [
      "several ranges, earliest first, joined",
      [
        { day: 2, open: 1700, close: 2200 },
        { day: 2, open: 1100, close: 1430 },
      ],
      2,
      { text: "11:00am – 2:30pm, 5:00pm – 10:00pm", closed: false, open24Hours: false },
    ],
    ["a lacking entry beside a complete one is ignored", [{ day: 2, open: null }, { day: 2, open: 900, close: 1200 }], 2, { text: "9:00am – 12:00pm", closed: false, open24Hours: false }],
    ["0 to 2400 is Open 24 Hours", [{ day: 4, open: 0, close: 2400 }], 4, { text: "Open 24 Hours", closed: false, open24Hours: true }],
    ["0 to 0 is Open 24 Hours", [{ day: 4, open: 0, close: 0 }], 4, { text: "Open 24 Hours", closed: false, open24Hours: true }],
    ["Open 24 Hours through spillover from the previous night", nightIntoAllDay, 2, { text: "Open 24 Hours", closed: false, open24Hours: true }],
    ["the night before is not itself 24 hours", nightIntoAllDay, 1, { text: "6:00pm – 2:00am", closed: false, open24Hours: false }],
    [
      "spillover wraps from Sunday into Monday",
      [
        { day: 7, open: 2000, close: 400 },
        { day: 1, open: 400, close: 2400 },
      ],
      1,
      { text: "Open 24 Hours", closed: false, open24Hours: true },
    ],
    [
      "a gap at the start of the day is not 24 hours",
      [
        { day: 1, open: 1800, close: 100 },
        { day: 2, open: 200, close: 2400 },
      ],
      2,
      { text: "2:00am – Midnight", closed: false, open24Hours: false },
    ],
    [
      "a secondary label is kept",
      [{ day: 5, open: 1600, close: 1800, label: " Happy hour " }],
      5,
      { text: "4:00pm – 6:00pm", closed: false, open24Hours: false, secondaryLabel: "Happy hour" },
    ],
  ])("%s", (_name, hours, day, expected) => {
    expect(dayRow(hours, day)).toMatchObject(expected);
  });

  it("names the day", () => {
    expect(dayRow([], 7)).toMatchObject({ day: 7, name: "Sunday", shortName: "Sun", ranges: [] });
  });
});

describe("orderedDays (days 1–7 from Monday, start day default 1)", () => {
  it.each<[number | undefined, number[]]>([
    [undefined, [1, 2, 3, 4, 5, 6, 7]],
    [1, [1, 2, 3, 4, 5, 6, 7]],
    [7, [7, 1, 2, 3, 4, 5, 6]],
    [3, [3, 4, 5, 6, 7, 1, 2]],
  ])("start %p → %p", (startDay, expected) => {
    expect(orderedDays(startDay)).toEqual(expected);
    expect(dailyRows([], { startDay }).map((row) => row.day)).toEqual(expected);
  });

  it.each([0, 8, 1.5])("refuses start day %p", (startDay) => {
    expect(() => orderedDays(startDay)).toThrow(`expected a weekday number 1 (Monday) to 7 (Sunday), got ${startDay}`);
  });
});

describe("groupedRows (consecutive days with identical hours)", () => {
  const salon: HoursInput[] = [
    ...weekdays(900, 1700),
    { day: 6, open: 1000, close: 1400 },
    { day: 7, open: null, close: null },
  ];

  it.each<[string, HoursInput[], number | undefined, [string, string][]]>([
    ["Mon – Fri", salon, undefined, [["Mon – Fri", "9:00am – 5:00pm"], ["Sat", "10:00am – 2:00pm"], ["Sun", "Closed"]]],
    ["start day Sunday", salon, 7, [["Sun", "Closed"], ["Mon – Fri", "9:00am – 5:00pm"], ["Sat", "10:00am – 2:00pm"]]],
    ["closed days group too", weekdays(900, 1700), undefined, [["Mon – Fri", "9:00am – 5:00pm"], ["Sat – Sun", "Closed"]]],
    [
      "equal hours that are not consecutive stay apart",
      [{ day: 1, open: 900, close: 1700 }, { day: 2, open: 1000, close: 1700 }, { day: 3, open: 900, close: 1700 }],
      undefined,
      [["Mon", "9:00am – 5:00pm"], ["Tue", "10:00am – 5:00pm"], ["Wed", "9:00am – 5:00pm"], ["Thu – Sun", "Closed"]],
    ],
    [
      "several ranges per day group as a whole",
      [...weekdays(1100, 1430, [1, 2]), ...weekdays(1700, 2200, [1, 2])],
      undefined,
      [["Mon – Tue", "11:00am – 2:30pm, 5:00pm – 10:00pm"], ["Wed – Sun", "Closed"]],
    ],
    [
      "a different secondary label breaks a group",
      [{ day: 1, open: 900, close: 1700 }, { day: 2, open: 900, close: 1700, label: "By appointment" }],
      undefined,
      [["Mon", "9:00am – 5:00pm"], ["Tue", "9:00am – 5:00pm"], ["Wed – Sun", "Closed"]],
    ],
    ["every day 24 hours", weekdays(0, 2400, [1, 2, 3, 4, 5, 6, 7]), undefined, [["Mon – Sun", "Open 24 Hours"]]],
  ])("%s", (_name, hours, startDay, expected) => {
    expect(groupedRows(hours, { startDay }).map((group) => [group.label, group.text])).toEqual(expected);
  });

  it("gives long labels and the days of each group", () => {
    expect(groupedRows(salon)[0]).toMatchObject({ days: [1, 2, 3, 4, 5], longLabel: "Monday – Friday", closed: false });
  });
});

describe("today's row (weekday in the location's zone)", () => {
  const hours: HoursInput[] = [
    { day: 1, open: 900, close: 1700 },
    { day: 2, open: 1000, close: 1800 },
    { day: 7, open: 1200, close: 1600 },
  ];

  it.each<[string, string, string, number, string]>([
    ["UTC Monday evening is Tuesday in Kolkata", "2026-03-09T20:00:00Z", "Asia/Kolkata", 2, "10:00am – 6:00pm"],
    ["UTC Monday early is still Sunday in New York", "2026-03-09T03:00:00Z", "America/New_York", 7, "12:00pm – 4:00pm"],
    ["Monday in New York", "2026-03-09T14:00:00Z", "America/New_York", 1, "9:00am – 5:00pm"],
  ])("%s", (_name, now, timeZone, day, text) => {
    const weekday = zonedNow(new Date(now), timeZone).weekday;
    expect(dayRow(hours, weekday)).toMatchObject({ day, text });
    expect(weekHoursView(hours, { weekday }).today).toMatchObject({ day, text });
  });

  it("has no today without a clock (server render)", () => {
    expect(weekHoursView(hours).today).toBeUndefined();
  });

  it("names an unknown zone", () => {
    expect(() => zonedNow(0, "Mars/Olympus")).toThrow('expected an IANA zone like "America/New_York", got "Mars/Olympus"');
  });
});

describe("openIntervals (absolute, in the location's zone)", () => {
  const hourMs = 3_600_000;
  it.each<[string, HoursInput[], string, string, string, [string, string][]]>([
    [
      "adjacent ranges merge",
      [{ day: 1, open: 900, close: 1200 }, { day: 1, open: 1200, close: 1700 }],
      "UTC",
      "2026-03-09",
      "2026-03-09",
      [["2026-03-09T09:00:00.000Z", "2026-03-09T17:00:00.000Z"]],
    ],
    [
      "an overnight range joins the next morning",
      [{ day: 1, open: 1800, close: 200 }, { day: 2, open: 200, close: 1000 }],
      "UTC",
      "2026-03-09",
      "2026-03-10",
      [["2026-03-09T18:00:00.000Z", "2026-03-10T10:00:00.000Z"]],
    ],
    [
      "Kolkata is UTC+5:30",
      [{ day: 1, open: 900, close: 1700 }],
      "Asia/Kolkata",
      "2026-03-09",
      "2026-03-09",
      [["2026-03-09T03:30:00.000Z", "2026-03-09T11:30:00.000Z"]],
    ],
  ])("%s", (_name, hours, zone, from, to, expected) => {
    expect(openIntervals(hours, zone, from, to).map((i) => [new Date(i.start).toISOString(), new Date(i.end).toISOString()])).toEqual(expected);
  });

  it.each<[string, string, number, number]>([
    ["spring-forward night is an hour shorter", "2026-03-07", 400, 9],
    ["fall-back night is an hour longer", "2026-10-31", 400, 11],
    ["an ordinary Saturday night", "2026-03-14", 400, 10],
    ["a close at the skipped 2:00 is the instant clocks jump to 3:00", "2026-03-07", 200, 8],
    ["a close at 2:00 on fall-back night comes after the repeated hour", "2026-10-31", 200, 9],
  ])("%s (Sat 18:00, America/New_York)", (_name, saturday, close, hours) => {
    const [interval] = openIntervals([{ day: 6, open: 1800, close }], "America/New_York", saturday, saturday);
    expect((interval.end - interval.start) / hourMs).toBe(hours);
  });

  it("names a bad date", () => {
    expect(() => openIntervals([], "UTC", "2026-3-9", "2026-03-09")).toThrow('openIntervals: fromDate: expected a date like 2026-03-08, got "2026-3-9"');
  });
});

describe("properties", () => {
  const hhmm = fc.oneof(
    fc.record({ h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }) }).map(({ h, m }) => h * 100 + m),
    fc.constant(2400),
    fc.constant(0),
  );
  const entry = fc.record({
    day: fc.integer({ min: 1, max: 7 }),
    open: fc.option(hhmm, { nil: null, freq: 5 }),
    close: fc.option(hhmm, { nil: null, freq: 5 }),
  });
  const hoursArb = fc.array(entry, { maxLength: 10 });

  /** Brute force: is minute `m` of weekday `day` open, by own ranges or the previous day's spillover? */
  function minuteOpen(hours: HoursInput[], day: number, minute: number): boolean {
    return hours.some((e) => {
      const range = entryRange(e);
      if (!range) return false;
      if (e.day === day && minute >= range.startMinute && minute < range.endMinute) return true;
      const previous = day === 1 ? 7 : day - 1;
      return e.day === previous && minute + MINUTES_PER_DAY >= range.startMinute && minute + MINUTES_PER_DAY < range.endMinute;
    });
  }

  it("Open 24 Hours exactly when every minute of the day is covered", () => {
    fc.assert(
      fc.property(hoursArb, fc.integer({ min: 1, max: 7 }), (hours, day) => {
        let all = true;
        for (let minute = 0; minute < MINUTES_PER_DAY && all; minute++) all = minuteOpen(hours, day, minute);
        expect(isOpen24Hours(hours, day)).toBe(all);
      }),
      { numRuns: 300 },
    );
  });

  it("coverage spans are disjoint, sorted and inside the day", () => {
    fc.assert(
      fc.property(hoursArb, fc.integer({ min: 1, max: 7 }), (hours, day) => {
        const spans = dayCoverage(hours, day);
        spans.forEach(([start, end], index) => {
          expect(start).toBeGreaterThanOrEqual(0);
          expect(end).toBeLessThanOrEqual(MINUTES_PER_DAY);
          expect(end).toBeGreaterThan(start);
          if (index > 0) expect(start).toBeGreaterThan(spans[index - 1][1]);
        });
      }),
    );
  });

  it("groups cover the week once, in display order, and a row is Closed only without ranges", () => {
    fc.assert(
      fc.property(hoursArb, fc.integer({ min: 1, max: 7 }), (hours, startDay) => {
        expect(groupedRows(hours, { startDay }).flatMap((group) => group.days)).toEqual(orderedDays(startDay));
        for (const row of dailyRows(hours, { startDay })) {
          expect(row.closed).toBe(row.ranges.length === 0 && !row.open24Hours);
          expect(row.text === "Closed").toBe(row.closed);
        }
        expect(isAlwaysOpen(hours)).toBe([1, 2, 3, 4, 5, 6, 7].every((day) => isOpen24Hours(hours, day)));
      }),
    );
  });
});
