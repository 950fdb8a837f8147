import fc from "fast-check";
import { DateTime } from "luxon";
import { type HoursInput, entryRange } from "../hours";
import { isSlotOffered, slotDate, timeSlots } from "../time-slots";

const NY = "America/New_York";
const longAgo = new Date("2026-01-01T00:00:00Z");
const weekdays = (open: number, close: number): HoursInput[] => [1, 2, 3, 4, 5].map((day) => ({ day, open, close }));
const labels = (slots: { label: string }[]) => slots.map((slot) => slot.label);

describe("timeSlots", () => {
  it("lists 30-minute slots from the open to the last start before the close", () => {
    const slots = timeSlots({ hours: weekdays(900, 1700), timeZone: NY, date: "2026-03-09", now: longAgo });
    expect(slots).toHaveLength(16);
    expect(slots[0]).toEqual({ start: "2026-03-09T09:00:00.000-04:00", label: "9:00am" });
    expect(slots[15]).toEqual({ start: "2026-03-09T16:30:00.000-04:00", label: "4:30pm" });
  });

  it.each<[string, Partial<Parameters<typeof timeSlots>[0]>, string[]]>([
    ["a 60-minute duration must end by the close", { hours: weekdays(1400, 1700), durationMinutes: 60 }, ["2:00pm", "2:30pm", "3:00pm", "3:30pm", "4:00pm"]],
    ["a 15-minute interval", { hours: weekdays(1600, 1700), intervalMinutes: 15 }, ["4:00pm", "4:15pm", "4:30pm", "4:45pm"]],
    ["a 45-minute interval sits on the clock from midnight", { hours: weekdays(900, 1200), intervalMinutes: 45 }, ["9:00am", "9:45am", "10:30am", "11:15am"]],
    ["an open off the grid starts at the next aligned time", { hours: weekdays(915, 1100) }, ["9:30am", "10:00am", "10:30am"]],
    ["slots already past now are skipped", { hours: weekdays(900, 1300), now: new Date("2026-03-09T11:10:00-04:00") }, ["11:30am", "12:00pm", "12:30pm"]],
    ["a slot exactly at now is past", { hours: weekdays(900, 1300), now: new Date("2026-03-09T12:00:00-04:00") }, ["12:30pm"]],
    ["several ranges", { hours: [{ day: 1, open: 1100, close: 1200 }, { day: 1, open: 1700, close: 1800 }] }, ["11:00am", "11:30am", "5:00pm", "5:30pm"]],
    ["a closed day has none", { hours: [{ day: 2, open: 900, close: 1700 }] }, []],
    ["an entry lacking a time has none", { hours: [{ day: 1, open: 900, close: null }] }, []],
    ["no hours", { hours: null }, []],
    ["the whole day when now has passed", { hours: weekdays(900, 1700), now: new Date("2026-03-10T00:00:00Z") }, []],
  ])("%s", (_name, override, expected) => {
    expect(labels(timeSlots({ hours: [], timeZone: NY, date: "2026-03-09", now: longAgo, ...override }))).toEqual(expected);
  });

  describe("overnight ranges", () => {
    const saturdayNight: HoursInput[] = [{ day: 6, open: 2200, close: 200 }];
    it.each<[string, string, string[]]>([
      ["the evening and the hours after midnight that continue it belong to Saturday", "2026-03-14", ["10:00pm", "10:30pm", "11:00pm", "11:30pm", "Midnight", "12:30am", "1:00am", "1:30am"]],
      ["Sunday lists none of Saturday night", "2026-03-15", []],
    ])("%s", (_name, date, expected) => {
      expect(labels(timeSlots({ hours: saturdayNight, timeZone: NY, date, now: longAgo }))).toEqual(expected);
    });
  });

  describe("daylight saving in America/New_York", () => {
    it("spring-forward (2026-03-08) skips the hour that does not exist", () => {
      const slots = timeSlots({ hours: [{ day: 6, open: 2200, close: 400 }], timeZone: NY, date: "2026-03-07", now: longAgo }).slice(4);
      expect(slots.map((slot) => slot.start)).toEqual([
        "2026-03-08T00:00:00.000-05:00",
        "2026-03-08T00:30:00.000-05:00",
        "2026-03-08T01:00:00.000-05:00",
        "2026-03-08T01:30:00.000-05:00",
        "2026-03-08T03:00:00.000-04:00",
        "2026-03-08T03:30:00.000-04:00",
      ]);
      expect(labels(slots)).toEqual(["Midnight", "12:30am", "1:00am", "1:30am", "3:00am", "3:30am"]);
    });

    it("fall-back (2026-11-01) offers the repeated hour twice, told apart by zone", () => {
      const slots = timeSlots({ hours: [{ day: 6, open: 2300, close: 300 }], timeZone: NY, date: "2026-10-31", now: longAgo });
      expect(labels(slots)).toEqual(["11:00pm", "11:30pm", "Midnight", "12:30am", "1:00am EDT", "1:30am EDT", "1:00am EST", "1:30am EST", "2:00am", "2:30am"]);
      expect(new Set(slots.map((slot) => Date.parse(slot.start))).size).toBe(slots.length);
    });

    it("an ordinary day after the change keeps its local times", () => {
      const slots = timeSlots({ hours: [{ day: 7, open: 900, close: 1000 }], timeZone: NY, date: "2026-03-08", now: longAgo });
      expect(slots.map((slot) => slot.start)).toEqual(["2026-03-08T09:00:00.000-04:00", "2026-03-08T09:30:00.000-04:00"]);
    });
  });

  it("a location in Asia/Kolkata viewed from UTC: date and now in the location's terms", () => {
    // 2026-03-09T04:10Z is 09:40 IST.
    const slots = timeSlots({ hours: weekdays(900, 1100), timeZone: "Asia/Kolkata", date: "2026-03-09", now: new Date("2026-03-09T04:10:00Z") });
    expect(slots).toEqual([
      { start: "2026-03-09T10:00:00.000+05:30", label: "10:00am" },
      { start: "2026-03-09T10:30:00.000+05:30", label: "10:30am" },
    ]);
  });

  it.each<[string, Partial<Parameters<typeof timeSlots>[0]>, string]>([
    ["a bad date", { date: "09/03/2026" }, 'timeSlots: date: expected a date like 2026-03-08, got "09/03/2026"'],
    ["an impossible date", { date: "2026-02-30" }, 'timeSlots: date: expected a date like 2026-03-08, got "2026-02-30"'],
    ["a zero interval", { intervalMinutes: 0 }, "timeSlots: intervalMinutes: expected whole minutes from 1 to 1440, got 0"],
    ["a fractional duration", { durationMinutes: 7.5 }, "timeSlots: durationMinutes: expected whole minutes from 0 to 1440, got 7.5"],
    ["an unknown zone", { timeZone: "Atlantis/Capital" }, 'got "Atlantis/Capital"'],
  ])("names %s", (_name, override, message) => {
    expect(() => timeSlots({ hours: weekdays(900, 1700), timeZone: NY, date: "2026-03-09", now: longAgo, ...override })).toThrow(message);
  });
});

describe("isSlotOffered (the booking API's check)", () => {
  const hours = weekdays(900, 1700);
  it.each<[string, string | Date, Date, boolean]>([
    ["a listed slot", "2026-03-09T10:30:00-04:00", longAgo, true],
    ["the same instant written in UTC", "2026-03-09T14:30:00Z", longAgo, true],
    ["a Date", new Date("2026-03-09T14:30:00Z"), longAgo, true],
    ["off the 30-minute grid", "2026-03-09T10:10:00-04:00", longAgo, false],
    ["at the close", "2026-03-09T17:00:00-04:00", longAgo, false],
    ["before the open", "2026-03-09T08:30:00-04:00", longAgo, false],
    ["on a closed day", "2026-03-14T10:30:00-04:00", longAgo, false],
    ["already past", "2026-03-09T10:30:00-04:00", new Date("2026-03-09T15:00:00Z"), false],
    ["not a date", "tomorrow at ten", longAgo, false],
  ])("%s → %p", (_name, start, now, expected) => {
    expect(isSlotOffered({ hours, timeZone: NY, start, now })).toBe(expected);
  });

  const lateFriday: HoursInput[] = [{ day: 5, open: 1700, close: 100 }, { day: 6, open: 1130, close: 1430 }];
  it.each<[string, string, Date, boolean]>([
    ["Friday night's 12:30am", "2026-11-28T00:30:00-05:00", longAgo, true],
    ["Friday night's 12:30am, asked at 11pm on Friday", "2026-11-28T00:30:00-05:00", new Date("2026-11-28T04:00:00Z"), true],
    ["Friday night's 12:30am once it has passed", "2026-11-28T00:30:00-05:00", new Date("2026-11-28T05:45:00Z"), false],
    ["at Friday night's close", "2026-11-28T01:00:00-05:00", longAgo, false],
    ["Saturday's brunch", "2026-11-28T12:00:00-05:00", longAgo, true],
  ])("late hours: %s → %p", (_name, start, now, expected) => {
    expect(isSlotOffered({ hours: lateFriday, timeZone: NY, start, now })).toBe(expected);
  });
});

describe("slotDate: the date a time is listed under", () => {
  const lateFriday: HoursInput[] = [{ day: 5, open: 1700, close: 100 }, { day: 6, open: 1130, close: 1430 }, { day: 6, open: 1700, close: 2300 }];
  it.each<[string, string, string, string | null]>([
    ["Friday evening", "2026-11-27T21:00:00-05:00", NY, "2026-11-27"],
    ["Friday's 12:30am is Friday's", "2026-11-28T00:30:00-05:00", NY, "2026-11-27"],
    ["Friday's midnight is Friday's", "2026-11-28T00:00:00-05:00", NY, "2026-11-27"],
    ["Saturday brunch", "2026-11-28T12:00:00-05:00", NY, "2026-11-28"],
    ["Saturday night has no late hours: 12:30am on Sunday is closed", "2026-11-29T00:30:00-05:00", NY, null],
    ["the same in Kolkata", "2026-11-28T00:30:00+05:30", "Asia/Kolkata", "2026-11-27"],
  ])("%s", (_name, start, zone, expected) => {
    expect(slotDate({ hours: lateFriday, timeZone: zone, start: Date.parse(start) })).toBe(expected);
  });

  it("a special day's late hours belong to it, and its closure gives the next morning back to nobody", () => {
    const specialHours = [{ date: "2026-12-31", open: 1800, close: 200 }];
    expect(slotDate({ hours: lateFriday, specialHours, timeZone: NY, start: Date.parse("2027-01-01T01:30:00-05:00") })).toBe("2026-12-31");
    expect(slotDate({ hours: lateFriday, specialHours: [{ date: "2026-11-27", closed: true }], timeZone: NY, start: Date.parse("2026-11-28T00:30:00-05:00") })).toBeNull();
  });
});

describe("timeSlots properties (fixed-offset zones)", () => {
  const hhmm = fc.oneof(
    fc.record({ h: fc.integer({ min: 0, max: 23 }), m: fc.constantFrom(0, 10, 15, 30, 45, 50) }).map(({ h, m }) => h * 100 + m),
    fc.constant(2400),
  );
  const hoursArb = fc.array(
    fc.record({ day: fc.integer({ min: 1, max: 7 }), open: fc.option(hhmm, { nil: null, freq: 6 }), close: fc.option(hhmm, { nil: null, freq: 6 }) }),
    { maxLength: 8 },
  );
  const zoneArb = fc.constantFrom("UTC", "Asia/Kolkata", "Asia/Kathmandu", "Asia/Tokyo");
  const dateArb = fc.integer({ min: 0, max: 364 }).map((offset) => DateTime.fromISO("2026-01-01", { zone: "UTC" }).plus({ days: offset }).toISODate() as string);
  const intervalArb = fc.constantFrom(10, 15, 20, 30, 45, 60);
  const durationArb = fc.constantFrom(0, 30, 90);

  /**
   * Independent of the interval code: does a booking of `durationMinutes` from local minute-of-week `t` fit
   * in one range? Exact for zones without DST, which is why only those are generated here
   * (DST days have their own table tests above).
   */
  function minuteOfWeek(local: DateTime): number {
    return (local.weekday - 1) * 1440 + local.hour * 60 + local.minute;
  }

  function openAt(hours: HoursInput[], t: number, durationMinutes: number): boolean {
    const week = 7 * 1440;
    return hours.some((entry) => {
      const range = entryRange(entry);
      if (!range) return false;
      const offset = (((t - ((entry.day - 1) * 1440 + range.startMinute)) % week) + week) % week;
      return offset < range.endMinute - range.startMinute && offset + durationMinutes <= range.endMinute - range.startMinute;
    });
  }

  it("slots fall inside the opening hours (with their duration), after now, on the grid, on the date; none is missed", () => {
    fc.assert(
      fc.property(hoursArb, zoneArb, dateArb, intervalArb, durationArb, fc.integer({ min: -2, max: 26 }), (hours, zone, date, interval, duration, nowHour) => {
        const now = DateTime.fromISO(date, { zone }).plus({ hours: nowHour }).toMillis();
        const slots = timeSlots({ hours, timeZone: zone, date, now, intervalMinutes: interval, durationMinutes: duration });
        // A late slot is listed under the evening before: the date's own times are its list and the day before's.
        const dayBefore = DateTime.fromISO(date, { zone }).minus({ days: 1 }).toISODate() as string;
        const before = timeSlots({ hours, timeZone: zone, date: dayBefore, now, intervalMinutes: interval, durationMinutes: duration });
        const nextDate = DateTime.fromISO(date, { zone }).plus({ days: 1 }).toISODate() as string;
        const starts = new Set<number>(before.map((slot) => Date.parse(slot.start)));
        for (const slot of slots) {
          const local = DateTime.fromISO(slot.start, { zone });
          // Listed once: never under two dates.
          expect(starts.has(local.toMillis())).toBe(false);
          starts.add(local.toMillis());
          expect(local.toMillis()).toBeGreaterThan(now);
          expect([date, nextDate]).toContain(local.toISODate());
          expect((local.hour * 60 + local.minute) % interval).toBe(0);
          // Every minute the booking lasts is open (it may run from one range into a touching one).
          const t = minuteOfWeek(local);
          for (let minute = 0; minute < Math.max(duration, 1); minute++) expect(openAt(hours, t + minute, 0)).toBe(true);
        }
        // Completeness: every aligned minute of the date, after now, whose booking fits in one range is offered.
        const dayStart = DateTime.fromISO(date, { zone }).startOf("day");
        for (let minute = 0; minute < 1440; minute += interval) {
          const local = dayStart.set({ hour: Math.floor(minute / 60), minute: minute % 60 });
          if (local.hour * 60 + local.minute !== minute || local.toMillis() <= now) continue;
          if (openAt(hours, minuteOfWeek(local), duration)) expect(starts.has(local.toMillis())).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
});
