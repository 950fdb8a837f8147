import { DateTime } from "luxon";
import type { HoursInput, SpecialHoursInput } from "../../hours/hours";
import { NY, WEEK_HOURS, ny } from "../../hours/__tests__/hours-fixtures";
import { type ReadyTimesInput, checkReadyTime, confirmationPromise, firstReadySlot, promiseText, promiseUntil, readyTimeLabel, readyTimes, slotStartOf } from "../ready-times";

const HOURS = WEEK_HOURS;
const SPECIAL: SpecialHoursInput[] = [
  { date: "2026-12-25", closed: true, label: "Christmas Day" },
  { date: "2026-12-31", open: 1600, close: 2000, label: "New Year's Eve" },
];

const iso = (local: string) => DateTime.fromISO(local, { zone: NY }).toISO() as string;

const base = (now: number, override: Partial<ReadyTimesInput> = {}): ReadyTimesInput => ({
  now,
  timeZone: NY,
  hours: HOURS,
  specialHours: SPECIAL,
  preparationMinutes: 20,
  daysAhead: 2,
  ordersPerSlot: null,
  ...override,
});

const booked = (entries: [string, number][]) => new Map(entries.map(([local, count]) => [ny(local), count]));

describe("as soon as possible", () => {
  it.each<[string, number, Partial<ReadyTimesInput>, { readyAt: string; slotStart: string } | { reason: string; message: RegExp }]>([
    ["open: now + 20 minutes", ny("2026-11-24T18:00"), {}, { readyAt: iso("2026-11-24T18:20"), slotStart: iso("2026-11-24T18:15") }],
    ["rounded up to 5 minutes", ny("2026-11-24T18:03"), {}, { readyAt: iso("2026-11-24T18:25"), slotStart: iso("2026-11-24T18:15") }],
    ["open exactly now", ny("2026-11-24T17:00"), {}, { readyAt: iso("2026-11-24T17:20"), slotStart: iso("2026-11-24T17:15") }],
    ["lead time ends just before the close", ny("2026-11-24T21:35"), {}, { readyAt: iso("2026-11-24T21:55"), slotStart: iso("2026-11-24T21:45") }],
    ["lead time at closing time: ready exactly at the close is too late", ny("2026-11-24T21:40"), {}, { reason: "closing", message: /^Closes at 10:00pm: too soon to prepare an order \(20 minutes\)/ }],
    ["lead time after closing time", ny("2026-11-24T21:55"), {}, { reason: "closing", message: /Closes at 10:00pm/ }],
    ["a longer lead time", ny("2026-11-24T21:00"), { preparationMinutes: 60 }, { reason: "closing", message: /\(60 minutes\)/ }],
    ["before opening: the ordering state says when it opens", ny("2026-11-24T16:50"), {}, { reason: "closed", message: /^This location is closed and opens today at 5:00pm: you can order now for later\.$/ }],
    ["closed all day (Monday)", ny("2026-11-23T18:00"), {}, { reason: "closed", message: /^This location is closed and opens tomorrow at 5:00pm/ }],
    ["overnight: after midnight on Friday's hours", ny("2026-11-27T23:50"), {}, { readyAt: iso("2026-11-28T00:10"), slotStart: iso("2026-11-28T00:00") }],
    ["overnight: too close to the 1am close", ny("2026-11-28T00:45"), {}, { reason: "closing", message: /^Closes at 1:00am/ }],
    ["between brunch and dinner", ny("2026-11-28T15:00"), {}, { reason: "closed", message: /is closed and opens today at 5:00pm/ }],
    ["special hours: closed on Christmas Day", ny("2026-12-25T18:00"), {}, { reason: "closed", message: /is closed and opens tomorrow at 11:30am/ }],
    ["special hours: the day before is as usual", ny("2026-12-24T21:00"), {}, { readyAt: iso("2026-12-24T21:20"), slotStart: iso("2026-12-24T21:15") }],
    ["special hours: New Year's Eve opens at 4pm", ny("2026-12-31T16:10"), {}, { readyAt: iso("2026-12-31T16:30"), slotStart: iso("2026-12-31T16:30") }],
    ["special hours: New Year's Eve closes at 8pm", ny("2026-12-31T19:45"), {}, { reason: "closing", message: /Closes at 8:00pm/ }],
    ["special hours: closed at 9pm on New Year's Eve, a Thursday", ny("2026-12-31T21:00"), {}, { reason: "closed", message: /is closed and opens tomorrow at 5:00pm/ }],
    ["capacity: a full slot moves it to the next slot with room", ny("2026-11-24T18:00"), { ordersPerSlot: 2, booked: booked([["2026-11-24T18:15", 2]]) }, { readyAt: iso("2026-11-24T18:30"), slotStart: iso("2026-11-24T18:30") }],
    ["capacity: a slot with room left keeps the promise", ny("2026-11-24T18:00"), { ordersPerSlot: 2, booked: booked([["2026-11-24T18:15", 1]]) }, { readyAt: iso("2026-11-24T18:20"), slotStart: iso("2026-11-24T18:15") }],
    ["capacity: skips several full slots", ny("2026-11-24T18:00"), { ordersPerSlot: 1, booked: booked([["2026-11-24T18:15", 1], ["2026-11-24T18:30", 3], ["2026-11-24T18:45", 1]]) }, { readyAt: iso("2026-11-24T19:00"), slotStart: iso("2026-11-24T19:00") }],
    ["capacity: full until the close", ny("2026-11-24T21:20"), { ordersPerSlot: 1, booked: booked([["2026-11-24T21:30", 1], ["2026-11-24T21:45", 1]]) }, { reason: "full", message: /^The kitchen is fully booked until it closes at 10:00pm/ }],
    ["no preparation time", ny("2026-11-24T18:01"), { preparationMinutes: 0 }, { readyAt: iso("2026-11-24T18:05"), slotStart: iso("2026-11-24T18:00") }],
  ])("%s", (_name, now, override, expected) => {
    const { asap } = readyTimes(base(now, override));
    if ("reason" in expected) {
      expect(asap.available).toBe(false);
      if (asap.available) return;
      expect(asap.reason).toBe(expected.reason);
      expect(asap.message).toMatch(expected.message);
    } else {
      expect(asap).toEqual({ available: true, ...expected });
    }
  });
});

describe("scheduled slots", () => {
  const labels = (times: ReturnType<typeof readyTimes>, day: number) => times.days[day].slots.map((slot) => slot.label);

  it("lists 15-minute slots from the preparation time after opening to the last one before closing", () => {
    const times = readyTimes(base(ny("2026-11-24T12:00")));
    expect(times.days.map((day) => [day.date, day.label, day.slots.length])).toEqual([
      ["2026-11-24", "Today", 18],
      ["2026-11-25", "Tomorrow", 18],
      ["2026-11-26", "Thu 26 Nov", 18],
    ]);
    expect(labels(times, 0).slice(0, 2)).toEqual(["5:30pm", "5:45pm"]);
    expect(labels(times, 0).slice(-1)).toEqual(["9:45pm"]);
    expect(times.days[0].slots[0]).toEqual({ start: "2026-11-24T17:30:00.000-05:00", label: "5:30pm", remaining: null, available: true });
    expect(times.slotMinutes).toBe(15);
  });

  it.each<[string, number, Partial<ReadyTimesInput>, number, string[]]>([
    ["today's slots start the preparation time after now", ny("2026-11-24T20:50"), {}, 0, ["9:15pm", "9:30pm", "9:45pm"]],
    ["lead time at closing time: none left today", ny("2026-11-24T21:45"), {}, 0, []],
    ["a closed day has none (Monday)", ny("2026-11-22T12:00"), {}, 1, []],
    ["split hours: brunch and dinner", ny("2026-11-28T10:00"), { daysAhead: 0 }, 0, ["12:00pm", "12:15pm", "12:30pm", "12:45pm", "1:00pm", "1:15pm", "1:30pm", "1:45pm", "2:00pm", "2:15pm", "5:30pm", "5:45pm", "6:00pm", "6:15pm", "6:30pm", "6:45pm", "7:00pm", "7:15pm", "7:30pm", "7:45pm", "8:00pm", "8:15pm", "8:30pm", "8:45pm", "9:00pm", "9:15pm", "9:30pm", "9:45pm", "10:00pm", "10:15pm", "10:30pm", "10:45pm", "11:00pm", "11:15pm", "11:30pm", "11:45pm"]],
    ["overnight: the hours after midnight belong to the next date", ny("2026-11-27T12:00"), { daysAhead: 1 }, 1, ["Midnight", "12:15am", "12:30am", "12:45am", "12:00pm", "12:15pm", "12:30pm", "12:45pm", "1:00pm", "1:15pm", "1:30pm", "1:45pm", "2:00pm", "2:15pm", "5:30pm", "5:45pm", "6:00pm", "6:15pm", "6:30pm", "6:45pm", "7:00pm", "7:15pm", "7:30pm", "7:45pm", "8:00pm", "8:15pm", "8:30pm", "8:45pm", "9:00pm", "9:15pm", "9:30pm", "9:45pm", "10:00pm", "10:15pm", "10:30pm", "10:45pm", "11:00pm", "11:15pm", "11:30pm", "11:45pm"]],
    ["special hours: closed on Christmas Day", ny("2026-12-24T12:00"), { daysAhead: 1 }, 1, []],
    ["special hours: New Year's Eve 4–8pm", ny("2026-12-30T12:00"), { daysAhead: 1 }, 1, ["4:30pm", "4:45pm", "5:00pm", "5:15pm", "5:30pm", "5:45pm", "6:00pm", "6:15pm", "6:30pm", "6:45pm", "7:00pm", "7:15pm", "7:30pm", "7:45pm"]],
    ["special hours: the night before Christmas still runs past midnight", ny("2026-12-25T12:00"), { daysAhead: 0, hours: [{ day: 4, open: 2000, close: 200 }] }, 0, []],
    ["today only", ny("2026-11-24T12:00"), { daysAhead: 0 }, 0, ["5:30pm", "5:45pm", "6:00pm", "6:15pm", "6:30pm", "6:45pm", "7:00pm", "7:15pm", "7:30pm", "7:45pm", "8:00pm", "8:15pm", "8:30pm", "8:45pm", "9:00pm", "9:15pm", "9:30pm", "9:45pm"]],
  ])("%s", (_name, now, override, day, expected) => {
    expect(labels(readyTimes(base(now, override)), day)).toEqual(expected);
  });

  it("the night before a closed date keeps its overnight range into it", () => {
    const times = readyTimes(base(ny("2026-12-24T12:00"), { hours: [{ day: 4, open: 2000, close: 200 }], daysAhead: 1 }));
    expect(labels(times, 1)).toEqual(["Midnight", "12:15am", "12:30am", "12:45am", "1:00am", "1:15am", "1:30am", "1:45am"]);
  });

  it("marks full slots and counts what is left", () => {
    const times = readyTimes(base(ny("2026-11-24T12:00"), { daysAhead: 0, ordersPerSlot: 3, booked: booked([["2026-11-24T17:30", 3], ["2026-11-24T17:45", 1]]) }));
    expect(times.days[0].slots.slice(0, 3)).toEqual([
      { start: iso("2026-11-24T17:30"), label: "5:30pm", remaining: 0, available: false },
      { start: iso("2026-11-24T17:45"), label: "5:45pm", remaining: 2, available: true },
      { start: iso("2026-11-24T18:00"), label: "6:00pm", remaining: 3, available: true },
    ]);
    expect(firstReadySlot(times)?.label).toBe("5:45pm");
  });

  it("has no first slot when nothing is offered", () => {
    expect(firstReadySlot(readyTimes(base(ny("2026-11-23T12:00"), { hours: [], specialHours: [] })))).toBeNull();
  });

  describe("daylight saving in America/New_York", () => {
    const bar: HoursInput[] = [{ day: 6, open: 2000, close: 400 }];

    it("spring-forward night (2026-03-08): no slot in the hour that does not exist", () => {
      const times = readyTimes(base(ny("2026-03-07T12:00"), { hours: bar, specialHours: [], daysAhead: 1 }));
      const sunday = times.days[1].slots;
      expect(sunday.map((slot) => slot.label)).toEqual(["Midnight", "12:15am", "12:30am", "12:45am", "1:00am", "1:15am", "1:30am", "1:45am", "3:00am", "3:15am", "3:30am", "3:45am"]);
      expect(sunday[8].start).toBe("2026-03-08T03:00:00.000-04:00");
    });

    it("as soon as possible across the spring-forward jump", () => {
      const { asap } = readyTimes(base(ny("2026-03-08T01:50"), { hours: bar, specialHours: [] }));
      expect(asap).toEqual({ available: true, readyAt: "2026-03-08T03:10:00.000-04:00", slotStart: "2026-03-08T03:00:00.000-04:00" });
    });

    it("fall-back night (2026-11-01): the repeated hour is offered twice, told apart by zone", () => {
      const times = readyTimes(base(ny("2026-10-31T12:00"), { hours: bar, specialHours: [], daysAhead: 1 }));
      const labels = times.days[1].slots.map((slot) => slot.label);
      expect(labels).toHaveLength(20);
      expect(labels.slice(4, 12)).toEqual(["1:00am EDT", "1:15am EDT", "1:30am EDT", "1:45am EDT", "1:00am EST", "1:15am EST", "1:30am EST", "1:45am EST"]);
    });

    it("counts capacity per instant on the fall-back night: the two 1:00am slots are different slots", () => {
      const firstOne = DateTime.fromISO("2026-11-01T01:00:00-04:00").toMillis();
      const times = readyTimes(base(ny("2026-10-31T12:00"), { hours: bar, specialHours: [], daysAhead: 1, ordersPerSlot: 1, booked: new Map([[firstOne, 1]]) }));
      const slots = times.days[1].slots;
      expect([slots[4].available, slots[8].available]).toEqual([false, true]);
    });
  });

  it("reads the zone: a Kolkata kitchen seen with a UTC clock", () => {
    const times = readyTimes({ now: Date.parse("2026-11-24T03:00:00Z"), timeZone: "Asia/Kolkata", hours: [{ day: 2, open: 900, close: 1000 }], preparationMinutes: 30, daysAhead: 0, ordersPerSlot: null });
    expect(times.days[0].slots.map((slot) => slot.start)).toEqual(["2026-11-24T09:30:00.000+05:30", "2026-11-24T09:45:00.000+05:30"]);
    expect(times.asap).toMatchObject({ available: false, reason: "closed" });
  });

  it.each<[string, Partial<ReadyTimesInput>, string]>([
    ["a negative preparation time", { preparationMinutes: -5 }, "preparationMinutes: expected a whole number from 0 to 720, got -5"],
    ["a fractional day count", { daysAhead: 1.5 }, "daysAhead: expected a whole number from 0 to 30, got 1.5"],
    ["a capacity of 0", { ordersPerSlot: 0 }, "ordersPerSlot: expected a whole number from 1 to 1000000, got 0"],
    ["an unknown zone", { timeZone: "Mars/Olympus" }, 'expected an IANA zone like "America/New_York", got "Mars/Olympus"'],
  ])("refuses %s", (_name, override, message) => {
    expect(() => readyTimes(base(ny("2026-11-24T12:00"), override))).toThrow(message);
  });
});

describe("checkReadyTime (what the API service accepts)", () => {
  const now = ny("2026-11-24T15:00");
  const settings: Partial<ReadyTimesInput> = { daysAhead: 7, ordersPerSlot: 2, booked: booked([["2026-11-24T18:00", 2]]) };

  it.each<[string, string | null, Partial<ReadyTimesInput>, { readyAt: string } | { problem: string; message: RegExp }]>([
    ["a slot inside the hours", "2026-11-24T18:15:00-05:00", {}, { readyAt: "2026-11-24T18:15:00-05:00" }],
    ["the same instant written in UTC", "2026-11-24T23:15:00Z", {}, { readyAt: "2026-11-24T18:15:00-05:00" }],
    ["the first slot after the preparation time from opening", "2026-11-24T17:30:00-05:00", {}, { readyAt: "2026-11-24T17:30:00-05:00" }],
    ["the last slot before closing", "2026-11-24T21:45:00-05:00", {}, { readyAt: "2026-11-24T21:45:00-05:00" }],
    ["in the past", "2026-11-24T14:00:00-05:00", {}, { problem: "in_past", message: /^Today at 2:00pm has already passed: choose a later time\.$/ }],
    ["now itself", "2026-11-24T15:00:00-05:00", {}, { problem: "in_past", message: /already passed/ }],
    ["too soon for the preparation time", "2026-11-24T15:15:00-05:00", {}, { problem: "too_soon", message: /^Today at 3:15pm is too soon: orders need 20 minutes to prepare; the earliest time is today at 5:30pm\.$/ }],
    ["off the quarter-hour grid", "2026-11-24T18:10:00-05:00", {}, { problem: "off_grid", message: /^Today at 6:10pm is not on the quarter hour/ }],
    ["seconds off the grid", "2026-11-24T18:15:30-05:00", {}, { problem: "off_grid", message: /quarter hour/ }],
    ["at opening, before the kitchen has had its preparation time", "2026-11-24T17:00:00-05:00", {}, { problem: "outside_hours", message: /^Today at 5:00pm is not an available time \(open 5:00pm – 10:00pm on Tue 24 Nov; orders are ready from 20 minutes after opening until closing\)/ }],
    ["at the close", "2026-11-24T22:00:00-05:00", {}, { problem: "outside_hours", message: /not an available time/ }],
    ["on a closed day", "2026-11-30T18:00:00-05:00", {}, { problem: "outside_hours", message: /closed on Mon 30 Nov/ }],
    ["on a holiday closure", "2026-12-25T18:00:00-05:00", { now: ny("2026-12-20T15:00") }, { problem: "outside_hours", message: /^Fri 25 Dec at 6:00pm is not an available time \(closed on Fri 25 Dec \(Christmas Day\)/ }],
    ["after changed hours end", "2026-12-31T21:00:00-05:00", { now: ny("2026-12-28T15:00") }, { problem: "outside_hours", message: /open 4:00pm – 8:00pm on Thu 31 Dec \(New Year's Eve\)/ }],
    ["inside changed hours", "2026-12-31T19:45:00-05:00", { now: ny("2026-12-28T15:00") }, { readyAt: "2026-12-31T19:45:00-05:00" }],
    ["beyond the days ahead", "2026-12-02T18:00:00-05:00", {}, { problem: "too_far", message: /^Orders can be scheduled up to Tue 1 Dec; Wed 2 Dec at 6:00pm is later/ }],
    ["the last day ahead", "2026-12-01T18:15:00-05:00", {}, { readyAt: "2026-12-01T18:15:00-05:00" }],
    ["a full slot", "2026-11-24T18:00:00-05:00", {}, { problem: "full", message: /^Today at 6:00pm is fully booked: choose another time\.$/ }],
    ["without an offset", "2026-11-24T18:15:00", {}, { problem: "invalid", message: /expected a time with its offset/ }],
    ["not a time", "tomorrow", {}, { problem: "invalid", message: /expected a time with its offset/ }],
    ["as soon as possible while closed", null, {}, { problem: "closed", message: /^This location is closed and opens / }],
  ])("%s", (_name, scheduledFor, override, expected) => {
    const result = checkReadyTime({ ...base(now, { ...settings, ...override }), scheduledFor });
    if ("problem" in expected) {
      expect(result).toMatchObject({ ok: false, problem: expected.problem });
      if (!result.ok) expect(result.message).toMatch(expected.message);
    } else {
      const at = DateTime.fromISO(expected.readyAt).toMillis();
      expect(result).toEqual({ ok: true, asap: false, readyAt: at, slotStart: at });
    }
  });

  it("as soon as possible while open gives the promise and its slot", () => {
    const result = checkReadyTime({ ...base(ny("2026-11-24T18:03")), scheduledFor: null });
    expect(result).toEqual({ ok: true, asap: true, readyAt: ny("2026-11-24T18:25"), slotStart: ny("2026-11-24T18:15") });
  });

  it("agrees with readyTimes: every listed slot passes, and nothing else on the grid does", () => {
    const input = base(ny("2026-11-27T16:00"), { daysAhead: 2, ordersPerSlot: 1, booked: booked([["2026-11-27T19:00", 1]]) });
    const offered = new Set(readyTimes(input).days.flatMap((day) => day.slots.filter((slot) => slot.available).map((slot) => DateTime.fromISO(slot.start).toMillis())));
    const start = slotStartOf(ny("2026-11-27T16:00"));
    for (let at = start; at < ny("2026-11-30T00:00"); at += 15 * 60_000) {
      const accepted = checkReadyTime({ ...input, scheduledFor: DateTime.fromMillis(at, { zone: NY }).toISO() }).ok;
      expect([at, accepted]).toEqual([at, offered.has(at)]);
    }
  });
});

describe("promises as text", () => {
  it.each<[string, string, number, string]>([
    ["today", "2026-11-24T18:30:00-05:00", ny("2026-11-24T18:00"), "today at 6:30pm"],
    ["tomorrow", "2026-11-25T18:30:00-05:00", ny("2026-11-24T18:00"), "tomorrow at 6:30pm"],
    ["a later day", "2026-11-27T18:30:00-05:00", ny("2026-11-24T18:00"), "Fri 27 Nov at 6:30pm"],
    ["read in the location's zone, not the instant's offset", "2026-11-24T23:30:00Z", ny("2026-11-24T18:00"), "today at 6:30pm"],
    ["midnight", "2026-11-28T00:00:00-05:00", ny("2026-11-27T20:00"), "tomorrow at Midnight"],
  ])("readyTimeLabel: %s", (_name, at, now, expected) => {
    expect(readyTimeLabel(at, NY, now)).toBe(expected);
  });

  it.each<[string, Parameters<typeof promiseText>[0], string]>([
    ["pickup, on the page", { method: "pickup", readyAt: "2026-11-24T18:30:00-05:00", timeZone: NY, now: ny("2026-11-24T18:00") }, "Ready for pickup today at 6:30pm"],
    ["delivery window, on the page", { method: "delivery", readyAt: "2026-11-24T18:30:00-05:00", until: "2026-11-24T19:00:00-05:00", timeZone: NY, now: ny("2026-11-24T18:00") }, "Delivery today between 6:30pm and 7:00pm"],
    ["pickup, in a mail", { method: "pickup", readyAt: "2026-11-27T18:30:00-05:00", timeZone: NY }, "Ready for pickup on Friday 27 November 2026 at 6:30pm (EST)"],
    ["delivery window, in a mail", { method: "delivery", readyAt: "2026-11-27T23:30:00Z", until: "2026-11-28T00:00:00Z", timeZone: NY }, "Delivery on Friday 27 November 2026 between 6:30pm and 7:00pm (EST)"],
    ["summer time in a mail", { method: "pickup", readyAt: "2026-06-05T18:30:00-04:00", timeZone: NY }, "Ready for pickup on Friday 5 June 2026 at 6:30pm (EDT)"],
  ])("promiseText: %s", (_name, input, expected) => {
    expect(promiseText(input)).toBe(expected);
  });

  it.each<[string, Parameters<typeof confirmationPromise>[0], string | undefined, string | null]>([
    [
      "pickup as soon as possible",
      { fulfillment: { method: "pickup", fee_cents: 0 }, scheduled_for: null, promised_at: "2026-11-27T18:25:00.000-05:00", promised_until: "2026-11-27T18:25:00.000-05:00", location_time_zone: NY },
      undefined,
      "Ready for pickup on Friday 27 November 2026 at 6:25pm (EST) (as soon as possible)",
    ],
    [
      "a scheduled delivery window",
      { fulfillment: { method: "delivery", fee_cents: 499 }, scheduled_for: "2026-11-27T23:30:00.000Z", promised_at: "2026-11-27T23:30:00.000Z", promised_until: "2026-11-28T00:00:00.000Z", location_time_zone: NY },
      undefined,
      "Delivery on Friday 27 November 2026 between 6:30pm and 7:00pm (EST)",
    ],
    [
      "the date and clock in the business's locale",
      { fulfillment: { method: "pickup", fee_cents: 0 }, scheduled_for: "2026-11-27T18:25:00.000-05:00", promised_at: "2026-11-27T18:25:00.000-05:00", promised_until: "2026-11-27T18:25:00.000-05:00", location_time_zone: NY },
      "en-GB",
      "Ready for pickup on Friday, 27 November 2026 at 18:25 (EST)",
    ],
    ["shipping promises no time", { fulfillment: { method: "delivery", fee_cents: 800 }, scheduled_for: null, promised_at: null, promised_until: null, location_time_zone: "America/Los_Angeles" }, undefined, null],
    ["no fulfillment chosen yet", { fulfillment: null, scheduled_for: null, promised_at: "2026-11-27T18:25:00.000-05:00", promised_until: null, location_time_zone: NY }, undefined, null],
  ])("confirmationPromise (the order view's promise_text): %s", (_name, order, locale, expected) => {
    expect(confirmationPromise(order, locale)).toBe(expected);
  });

  it.each<["pickup" | "delivery", number]>([
    ["pickup", 0],
    ["delivery", 30 * 60_000],
  ])("promiseUntil: %s", (method, extra) => {
    expect(promiseUntil(method, ny("2026-11-24T18:30"), 30)).toBe(ny("2026-11-24T18:30") + extra);
  });
});

describe("the kitchen's controls: rush and pause", () => {
  const firstSlot = (times: ReturnType<typeof readyTimes>) => firstReadySlot(times)?.start ?? null;

  it.each<[string, number, Partial<ReadyTimesInput>, { readyAt: string } | { reason: string; message: RegExp }, string | null]>([
    ["no controls: as usual", ny("2026-11-24T18:00"), {}, { readyAt: iso("2026-11-24T18:20") }, iso("2026-11-24T18:30")],
    ["rush 20: as soon as possible is 40 minutes out", ny("2026-11-24T18:00"), { rushMinutes: 20 }, { readyAt: iso("2026-11-24T18:40") }, iso("2026-11-24T18:45")],
    ["rush rounds up to 5 minutes like the preparation time", ny("2026-11-24T18:03"), { rushMinutes: 7 }, { readyAt: iso("2026-11-24T18:30") }, iso("2026-11-24T18:30")],
    ["rush that runs past the close: as soon as possible says so with the whole lead time", ny("2026-11-24T21:00"), { rushMinutes: 45 }, { reason: "closing", message: /\(65 minutes\)/ }, iso("2026-11-25T17:30")],
    ["rush 0 is no rush", ny("2026-11-24T18:00"), { rushMinutes: 0 }, { readyAt: iso("2026-11-24T18:20") }, iso("2026-11-24T18:30")],
    ["rush before opening leaves the first slots after opening alone", ny("2026-11-24T12:00"), { rushMinutes: 60 }, { reason: "closed", message: /is closed and opens today at 5:00pm/ }, iso("2026-11-24T17:30")],
    [
      "paused until 7:30pm: no as soon as possible, the first slot after the pause plus the preparation time",
      ny("2026-11-24T18:00"),
      { pausedUntil: ny("2026-11-24T19:30"), locationName: "Vela Fishtown" },
      { reason: "paused", message: /^Vela Fishtown is not taking online orders until 7:30pm: you can order now for later\.$/ },
      iso("2026-11-24T20:00"),
    ],
    [
      "a pause that ends while closed: the message is the ordering state, when it opens, and nothing of the pause",
      ny("2026-11-24T16:00"),
      { pausedUntil: ny("2026-11-24T16:35"), locationName: "Vela Fishtown" },
      { reason: "paused", message: /^Vela Fishtown is closed and opens today at 5:00pm: you can order now for later\.$/ },
      iso("2026-11-24T17:30"),
    ],
    ["paused without a name says this location", ny("2026-11-24T18:00"), { pausedUntil: ny("2026-11-24T19:30") }, { reason: "paused", message: /^This location is not taking online orders until 7:30pm/ }, iso("2026-11-24T20:00")],
    ["paused until tomorrow names the day", ny("2026-11-24T18:00"), { pausedUntil: ny("2026-11-25T18:00") }, { reason: "paused", message: /until tomorrow at 6:00pm/ }, iso("2026-11-25T18:30")],
    ["a pause that has ended changes nothing", ny("2026-11-24T18:00"), { pausedUntil: ny("2026-11-24T17:00") }, { readyAt: iso("2026-11-24T18:20") }, iso("2026-11-24T18:30")],
    ["a pause ending now changes nothing", ny("2026-11-24T18:00"), { pausedUntil: ny("2026-11-24T18:00") }, { readyAt: iso("2026-11-24T18:20") }, iso("2026-11-24T18:30")],
    ["rush and pause: the later of the two", ny("2026-11-24T18:00"), { pausedUntil: ny("2026-11-24T18:10"), rushMinutes: 60 }, { reason: "paused", message: /until 6:10pm/ }, iso("2026-11-24T19:30")],
  ])("%s", (_name, now, controls, asap, first) => {
    const times = readyTimes(base(now, controls));
    if ("reason" in asap) {
      expect(times.asap.available).toBe(false);
      if (times.asap.available) return;
      expect(times.asap.reason).toBe(asap.reason);
      expect(times.asap.message).toMatch(asap.message);
    } else {
      expect(times.asap).toMatchObject({ available: true, readyAt: asap.readyAt });
    }
    expect(firstSlot(times)).toBe(first);
  });

  it.each<[string, number, string | null, Partial<ReadyTimesInput>, { ok: true } | { problem: string; message: RegExp }]>([
    ["rush: a time inside the longer lead is too soon, saying why", ny("2026-11-24T18:00"), "2026-11-24T18:30:00-05:00", { rushMinutes: 20 }, { problem: "too_soon", message: /^Today at 6:30pm is too soon: orders need 40 minutes to prepare \(20 more than usual: the kitchen is busy\); the earliest time is today at 6:45pm\.$/ }],
    ["rush: a time after the longer lead is fine", ny("2026-11-24T18:00"), "2026-11-24T18:45:00-05:00", { rushMinutes: 20 }, { ok: true }],
    ["rush: tomorrow's first slot is fine", ny("2026-11-24T21:00"), "2026-11-25T17:30:00-05:00", { rushMinutes: 120 }, { ok: true }],
    ["pause: as soon as possible is refused with the pause's words", ny("2026-11-24T18:00"), null, { pausedUntil: ny("2026-11-24T19:30"), locationName: "Vela" }, { problem: "paused", message: /^Vela is not taking online orders until 7:30pm/ }],
    ["pause: a time before it ends is refused, naming the first time after it", ny("2026-11-24T18:00"), "2026-11-24T19:30:00-05:00", { pausedUntil: ny("2026-11-24T19:30"), locationName: "Vela" }, { problem: "paused", message: /^Vela is not taking online orders until 7:30pm: the earliest time is today at 8:00pm\.$/ }],
    ["pause: a time after it ends plus the preparation time is fine", ny("2026-11-24T18:00"), "2026-11-24T20:00:00-05:00", { pausedUntil: ny("2026-11-24T19:30") }, { ok: true }],
    ["pause: tomorrow is fine", ny("2026-11-24T18:00"), "2026-11-25T18:00:00-05:00", { pausedUntil: ny("2026-11-24T21:00") }, { ok: true }],
  ])("%s", (_name, now, scheduledFor, controls, expected) => {
    const result = checkReadyTime({ ...base(now, controls), scheduledFor });
    if ("problem" in expected) {
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.problem).toBe(expected.problem);
      expect(result.message).toMatch(expected.message);
    } else {
      expect(result.ok).toBe(true);
    }
  });

  it.each([-1, 121, 1.5])("refuses a rush of %p minutes", (rushMinutes) => {
    expect(() => readyTimes(base(ny("2026-11-24T18:00"), { rushMinutes }))).toThrow(/rushMinutes: expected a whole number from 0 to 120/);
  });
});
