import fc from "fast-check";
import { DateTime } from "luxon";
import { gridInstants } from "../../hours/time-slots";
import { type AppointmentLocationInput, type AvailabilityInput, type BusyTime, type StaffScheduleInput, appointmentSpan, availability, isFreeStart, leastBookedStaff } from "../availability";

const NY = "America/New_York";
const CHICAGO = "America/Chicago";

/** Tue and Wed 10–18, Thu 10–18, Sat 9–13 and 14–18, Sun 10–16; closed on Christmas Eve, short on New Year's Eve. */
const CARROW: AppointmentLocationInput = {
  id: "loc-a",
  timezone: NY,
  hours: [
    { day: 2, open: 1000, close: 1800 },
    { day: 3, open: 1000, close: 1800 },
    { day: 4, open: 1000, close: 1800 },
    { day: 6, open: 900, close: 1300 },
    { day: 6, open: 1400, close: 1800 },
    { day: 7, open: 1000, close: 1600 },
  ],
  specialHours: [
    { date: "2026-12-24", closed: true },
    { date: "2026-12-31", open: 1000, close: 1400 },
  ],
  appointments: { stepMinutes: 60, leadMinutes: 60, daysAhead: 60 },
};

/** The second location, open Wednesdays 9–17. */
const HALDEN: AppointmentLocationInput = { ...CARROW, id: "loc-b", hours: [{ day: 3, open: 900, close: 1700 }], specialHours: [] };

/** Maya: Tuesdays at Carrow, Wednesday mornings at Halden; away on 15 December and from 21 to 27 December. */
const MAYA: StaffScheduleInput = {
  id: "maya",
  hours: [
    { locationId: "loc-a", day: 2, open: 1000, close: 1800 },
    { locationId: "loc-b", day: 3, open: 1000, close: 1400 },
  ],
  timeOff: [
    { from: "2026-12-15", to: "2026-12-15" },
    { from: "2026-12-21", to: "2026-12-27" },
  ],
};
/** José: no hours given, so whenever Carrow is open. */
const JOSE: StaffScheduleInput = { id: "jose", hours: [], timeOff: [] };

/** 1 December 2026, 9:00 in New York. */
const NOW = Date.parse("2026-12-01T14:00:00Z");
const HOUR = { durationMinutes: 60, bufferMinutes: 0 };

type Case = Partial<Omit<AvailabilityInput, "location">> & { location?: Partial<AppointmentLocationInput> & { appointments?: Partial<AppointmentLocationInput["appointments"]> } };

/** The free starts of one date as "HH:mm who+who" in the location's zone. */
function starts(date: string, overrides: Case = {}): string[] {
  const base = { ...CARROW, ...overrides.location };
  const location = { ...base, appointments: { ...CARROW.appointments, ...overrides.location?.appointments } };
  const [day] = availability({ variation: HOUR, staff: [MAYA], busy: [], now: NOW, ...overrides, location, from: date, days: 1 });
  expect(day.date).toBe(date);
  return day.slots.map((slot) => `${DateTime.fromISO(slot.start, { zone: location.timezone }).toFormat("HH:mm")} ${slot.staff.join("+")}`);
}

const busy = (staffId: string, start: string, end: string): BusyTime => ({ staffId, start: `${start}-05:00`, end: `${end}-05:00` });
const hours = (from: number, to: number, step = 60, who = "maya") => {
  const out: string[] = [];
  for (let minute = from * 60; minute <= to * 60; minute += step) out.push(`${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")} ${who}`);
  return out;
};

describe("availability: the free starts of a variation for a person at a location", () => {
  it.each<[string, string, Case, string[]]>([
    ["a working day, one hour, on the hour", "2026-12-08", {}, hours(10, 17)],
    ["a service that would run past closing is not offered", "2026-12-08", { variation: { durationMinutes: 180, bufferMinutes: 0 } }, hours(10, 15)],
    ["the step grid: every 45 minutes from local midnight", "2026-12-08", { location: { appointments: { stepMinutes: 45, leadMinutes: 60, daysAhead: 60 } } }, ["10:30", "11:15", "12:00", "12:45", "13:30", "14:15", "15:00", "15:45", "16:30"].map((time) => `${time} maya`)],
    ["split hours: a service fits one range, never the lunch break", "2026-12-12", { staff: [JOSE], variation: { durationMinutes: 90, bufferMinutes: 0 }, location: { appointments: { stepMinutes: 30, leadMinutes: 60, daysAhead: 60 } } }, [...hours(9, 11.5, 30, "jose"), ...hours(14, 16.5, 30, "jose")]],
    ["a closure (special hours): nothing", "2026-12-24", { staff: [JOSE] }, []],
    ["changed hours (special hours): only inside them", "2026-12-31", { staff: [JOSE] }, hours(10, 13, 60, "jose")],
    ["a person's hours narrow the location's", "2026-12-09", { staff: [MAYA, JOSE] }, hours(10, 17, 60, "jose")],
    ["time off: a single day", "2026-12-15", {}, []],
    ["time off: a day inside a range", "2026-12-22", {}, []],
    ["time off: the day after a range", "2026-12-29", {}, hours(10, 17)],
    ["a person at two locations: Wednesday mornings at the second", "2026-12-09", { location: HALDEN }, hours(10, 13)],
    ["a person at two locations: Tuesdays not at the second", "2026-12-08", { location: HALDEN }, []],
    ["a booking takes its hour", "2026-12-08", { busy: [busy("maya", "2026-12-08T12:00:00", "2026-12-08T13:00:00")] }, [...hours(10, 11), ...hours(13, 17)]],
    [
      "an earlier booking's buffer keeps the person busy after it",
      "2026-12-08",
      { busy: [busy("maya", "2026-12-08T12:00:00", "2026-12-08T13:15:00")], location: { appointments: { stepMinutes: 15, leadMinutes: 60, daysAhead: 60 } } },
      [...hours(10, 11, 15), ...hours(13.25, 17, 15)],
    ],
    [
      "the new service's buffer may not run into the next booking, but may run past closing",
      "2026-12-08",
      { variation: { durationMinutes: 60, bufferMinutes: 30 }, busy: [busy("maya", "2026-12-08T14:00:00", "2026-12-08T15:00:00")], location: { appointments: { stepMinutes: 30, leadMinutes: 60, daysAhead: 60 } } },
      [...hours(10, 12.5, 30), ...hours(15, 17, 30)],
    ],
    [
      "overlapping bookings block their union",
      "2026-12-08",
      { busy: [busy("maya", "2026-12-08T11:00:00", "2026-12-08T12:30:00"), busy("maya", "2026-12-08T12:00:00", "2026-12-08T14:00:00")] },
      ["10:00 maya", ...hours(14, 17)],
    ],
    ["another person's booking does not count", "2026-12-08", { busy: [busy("jose", "2026-12-08T10:00:00", "2026-12-08T18:00:00")] }, hours(10, 17)],
    ["lead time: the first start an hour from now", "2026-12-08", { now: Date.parse("2026-12-08T14:50:00Z") }, hours(11, 17)],
    ["lead time at closing time: nothing ends by the close", "2026-12-08", { now: Date.parse("2026-12-08T21:30:00Z") }, []],
    ["lead time at closing time: a short service still fits", "2026-12-08", { now: Date.parse("2026-12-08T21:30:00Z"), variation: { durationMinutes: 30, bufferMinutes: 0 }, location: { appointments: { stepMinutes: 30, leadMinutes: 60, daysAhead: 60 } } }, ["17:30 maya"]],
    ["a date in the past: nothing", "2026-11-24", {}, []],
    ["daysAhead: the last bookable date", "2026-12-08", { location: { appointments: { stepMinutes: 60, leadMinutes: 60, daysAhead: 7 } } }, hours(10, 17)],
    ["daysAhead: the date after it", "2026-12-09", { staff: [JOSE], location: { appointments: { stepMinutes: 60, leadMinutes: 60, daysAhead: 7 } } }, []],
    [
      "any available: every free person per start, in the team's order",
      "2026-12-08",
      { staff: [MAYA, JOSE], busy: [busy("maya", "2026-12-08T12:00:00", "2026-12-08T13:00:00"), busy("jose", "2026-12-08T16:00:00", "2026-12-08T18:00:00")] },
      ["10:00 maya+jose", "11:00 maya+jose", "12:00 jose", "13:00 maya+jose", "14:00 maya+jose", "15:00 maya+jose", "16:00 maya", "17:00 maya"],
    ],
    ["late-night hours: Friday's starts run past midnight", "2026-12-11", { staff: [JOSE], location: { hours: [{ day: 5, open: 1800, close: 200 }], specialHours: [] } }, hours(18, 23, 60, "jose")],
    ["late-night hours: Saturday's first hours belong to Saturday", "2026-12-12", { staff: [JOSE], location: { hours: [{ day: 5, open: 1800, close: 200 }], specialHours: [] } }, ["00:00 jose", "01:00 jose"]],
    ["another zone: the location's wall clock", "2026-12-08", { location: { ...CARROW, timezone: CHICAGO } }, hours(10, 17)],
  ])("%s", (_name, date, overrides, expected) => {
    expect(starts(date, overrides)).toEqual(expected);
  });
});

describe("availability on the days clocks change (America/New_York, open from midnight to 6am)", () => {
  const NIGHT: Partial<AppointmentLocationInput> = { hours: [{ day: 7, open: 0, close: 600 }], specialHours: [] };

  it.each<[string, string, number, string[]]>([
    [
      "spring forward: 2:00 does not exist, five real hours",
      "2026-03-08",
      Date.parse("2026-03-01T12:00:00Z"),
      ["2026-03-08T00:00:00-05:00", "2026-03-08T01:00:00-05:00", "2026-03-08T03:00:00-04:00", "2026-03-08T04:00:00-04:00", "2026-03-08T05:00:00-04:00"],
    ],
    [
      "fall back: 1:00 happens twice, seven real hours",
      "2026-11-01",
      Date.parse("2026-10-25T12:00:00Z"),
      [
        "2026-11-01T00:00:00-04:00",
        "2026-11-01T01:00:00-04:00",
        "2026-11-01T01:00:00-05:00",
        "2026-11-01T02:00:00-05:00",
        "2026-11-01T03:00:00-05:00",
        "2026-11-01T04:00:00-05:00",
        "2026-11-01T05:00:00-05:00",
      ],
    ],
  ])("%s", (_name, date, now, expected) => {
    const [day] = availability({ location: { ...CARROW, ...NIGHT }, variation: HOUR, staff: [JOSE], busy: [], now, from: date, days: 1 });
    expect(day.slots.map((slot) => slot.start)).toEqual(expected);
  });

  it("a person's shift on the spring-forward day is a real hour shorter than on the wall", () => {
    const night: StaffScheduleInput = { id: "night", hours: [{ locationId: "loc-a", day: 7, open: 100, close: 500 }], timeOff: [] };
    const [day] = availability({ location: { ...CARROW, ...NIGHT }, variation: { durationMinutes: 120, bufferMinutes: 0 }, staff: [night], busy: [], now: Date.parse("2026-03-01T12:00:00Z"), from: "2026-03-08", days: 1 });
    expect(day.slots.map((slot) => slot.start)).toEqual(["2026-03-08T01:00:00-05:00", "2026-03-08T03:00:00-04:00"]);
  });
});

describe("availability over a range of dates", () => {
  it("lists every date asked for, empty where nothing is free", () => {
    const days = availability({ location: CARROW, variation: HOUR, staff: [MAYA], busy: [], now: NOW, from: "2026-12-07", days: 3 });
    expect(days.map((day) => [day.date, day.slots.length])).toEqual([
      ["2026-12-07", 0],
      ["2026-12-08", 8],
      ["2026-12-09", 0],
    ]);
  });

  it.each<[string, Partial<AvailabilityInput>, string]>([
    ["a length of 0", { variation: { durationMinutes: 0, bufferMinutes: 0 } }, "availability: durationMinutes: expected whole minutes above 0, got 0"],
    ["0 days", { days: 0 }, "availability: days: expected a whole number of days from 1, got 0"],
    ["a date that is not one", { from: "2026-12-32" }, 'availability: from: expected a date like 2026-03-08, got "2026-12-32"'],
  ])("refuses %s", (_name, overrides, message) => {
    expect(() => availability({ location: CARROW, variation: HOUR, staff: [MAYA], busy: [], now: NOW, from: "2026-12-08", days: 1, ...overrides })).toThrow(message);
  });
});

describe("isFreeStart: the service's check before it books or moves", () => {
  const input = { location: CARROW, variation: HOUR, staff: [MAYA, JOSE], busy: [busy("maya", "2026-12-08T12:00:00", "2026-12-08T13:00:00")], now: NOW };

  it.each<[string, string, string, boolean]>([
    ["a free start", "maya", "2026-12-08T10:00:00-05:00", true],
    ["the same instant written in UTC", "maya", "2026-12-08T15:00:00Z", true],
    ["off the grid", "maya", "2026-12-08T10:10:00-05:00", false],
    ["taken by another booking", "maya", "2026-12-08T12:00:00-05:00", false],
    ["free for another person", "jose", "2026-12-08T12:00:00-05:00", true],
    ["someone who is not asked about", "lena", "2026-12-08T10:00:00-05:00", false],
    ["not a time", "maya", "soon", false],
  ])("%s", (_name, staffId, start, expected) => {
    expect(isFreeStart(input, staffId, start)).toBe(expected);
  });
});

describe("leastBookedStaff: who 'any available' gets", () => {
  const at = (staffId: string, start: string) => ({ staffId, start });

  it.each<[string, string[], { staffId: string; start: string }[], string | undefined]>([
    ["nobody booked: the first in the team's order", ["maya", "jose"], [], "maya"],
    ["the one with fewer bookings that day", ["maya", "jose"], [at("maya", "2026-12-08T15:00:00Z"), at("maya", "2026-12-08T17:00:00Z"), at("jose", "2026-12-08T16:00:00Z")], "jose"],
    ["a tie: the first in the team's order", ["jose", "maya"], [at("maya", "2026-12-08T15:00:00Z"), at("jose", "2026-12-08T16:00:00Z")], "jose"],
    ["bookings on other days do not count", ["maya", "jose"], [at("maya", "2026-12-09T15:00:00Z"), at("jose", "2026-12-08T16:00:00Z")], "maya"],
    ["the day is the location's: 10pm in New York is the same day", ["maya", "jose"], [at("maya", "2026-12-09T03:00:00Z")], "jose"],
    ["people not free are not counted or chosen", ["jose"], [at("jose", "2026-12-08T16:00:00Z")], "jose"],
    ["nobody free", [], [], undefined],
  ])("%s", (_name, free, appointments, expected) => {
    expect(leastBookedStaff(free, appointments, "2026-12-08", NY)).toBe(expected);
  });
});

describe("appointmentSpan", () => {
  it("ends the visitor's appointment after the service and frees the person after the buffer", () => {
    expect(appointmentSpan("2026-12-08T10:00:00-05:00", { durationMinutes: 50, bufferMinutes: 10 })).toEqual({
      start: Date.parse("2026-12-08T15:00:00Z"),
      end: Date.parse("2026-12-08T15:50:00Z"),
      busyUntil: Date.parse("2026-12-08T16:00:00Z"),
    });
  });
});

describe("availability agrees, start by start, with a minute-by-minute reading of the rule", () => {
  const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45)).map(([h, m]) => h * 100 + m);
  const range = fc.tuple(hhmm, hhmm).filter(([a, b]) => a !== b).map(([a, b]) => (a < b ? [a, b] : [b, a]) as [number, number]);
  const zoneArb = fc.constantFrom("UTC", NY, "Asia/Kathmandu", "Australia/Lord_Howe");
  // Days the clocks change have their own tables above: on them a wall time that does not exist, or happens
  // twice, is read as the hours rules read it (hours.ts wallClockInstant), which a minute count cannot say.
  const dateArb = fc.constantFrom("2026-03-09", "2026-04-06", "2026-06-17", "2026-10-05", "2026-11-02", "2026-12-08");

  it("offers exactly the grid starts whose service fits the open and working minutes and whose busy span touches no other", () => {
    fc.assert(
      fc.property(
        zoneArb,
        dateArb,
        fc.array(range, { minLength: 1, maxLength: 3 }),
        fc.array(range, { maxLength: 3 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 47 }), fc.integer({ min: 1, max: 8 })), { maxLength: 4 }),
        fc.constantFrom(15, 30, 60),
        fc.constantFrom(30, 60, 90),
        fc.constantFrom(0, 15),
        (zone, date, open, shifts, bookings, step, duration, buffer) => {
          const weekday = DateTime.fromISO(date).weekday;
          const location: AppointmentLocationInput = { id: "loc", timezone: zone, hours: open.map(([o, c]) => ({ day: weekday, open: o, close: c })), specialHours: [], appointments: { stepMinutes: step, leadMinutes: 0, daysAhead: 400 } };
          const person: StaffScheduleInput = { id: "p", hours: shifts.map(([o, c]) => ({ locationId: "loc", day: weekday, open: o, close: c })), timeOff: [] };
          const midnight = DateTime.fromISO(date, { zone }).startOf("day").toMillis();
          const busyTimes = bookings.map(([half, length]) => ({ staffId: "p", start: midnight + half * 30 * 60_000, end: midnight + (half + length) * 30 * 60_000 }));
          const [day] = availability({ location, variation: { durationMinutes: duration, bufferMinutes: buffer }, staff: [person], busy: busyTimes, now: Date.parse("2025-12-01T00:00:00Z"), from: date, days: 1 });

          // The oracle: read each minute's wall clock with luxon and compare it with the HHMM ranges.
          const wallMinute = (at: number) => {
            const local = DateTime.fromMillis(at, { zone });
            return { date: local.toISODate(), minute: local.hour * 60 + local.minute };
          };
          const within = (ranges: readonly [number, number][], at: number) => {
            const { date: d, minute } = wallMinute(at);
            return d === date && ranges.some(([o, c]) => Math.floor(o / 100) * 60 + (o % 100) <= minute && minute < Math.floor(c / 100) * 60 + (c % 100));
          };
          const works = (at: number) => within(open, at) && (shifts.length === 0 || within(shifts, at));
          const expected = gridInstants(zone, date, step, () => true)
            .map(({ at }) => at)
            .filter((start) => {
              for (let at = start; at < start + duration * 60_000; at += 60_000) if (!works(at)) return false;
              const busyEnd = start + (duration + buffer) * 60_000;
              return !busyTimes.some((busy) => start < busy.end && busyEnd > busy.start);
            });
          expect(day.slots.map((slot) => Date.parse(slot.start))).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
