import type { HoursInput } from "../../hours/hours";
import { addDays, bookingTarget, bookingWindow, dateLabel, firstClosedDate, firstDateWithSlots, hasReservationPage, reservationPageTitle, reservationTimeLabel, takesReservations, zoneLabel } from "../reservations";
import { cancelHash, parseCancelHash, slotOptionLabel, slotOptions } from "../reservation-form";
import { timeSlots } from "../../hours/time-slots";

const NY = "America/New_York";
const enabled = { enabled: true, capacity: 4, slotMinutes: 30 };
// The salon's Carrow Street hours: closed Monday, two ranges on Saturday.
const carrow: HoursInput[] = [
  { day: 1, open: null, close: null },
  { day: 2, open: 1000, close: 2000 },
  { day: 3, open: 1000, close: 2000 },
  { day: 4, open: 1000, close: 2100 },
  { day: 5, open: 1000, close: 2100 },
  { day: 6, open: 900, close: 1300 },
  { day: 6, open: 1400, close: 1800 },
  { day: 7, open: 1000, close: 1600 },
];

describe("which locations and businesses take reservations on the site", () => {
  it.each<[string, Parameters<typeof takesReservations>[0], boolean]>([
    ["enabled with a capacity", { reservations: enabled }, true],
    ["disabled", { reservations: { ...enabled, enabled: false } }, false],
    ["enabled with no capacity", { reservations: { ...enabled, capacity: 0 } }, false],
    ["no settings", {}, false],
    ["null settings", { reservations: null }, false],
  ])("%s → %s", (_name, location, expected) => {
    expect(takesReservations(location)).toBe(expected);
  });

  it.each<[string, Parameters<typeof hasReservationPage>[0], boolean]>([
    ["restaurant", { type: "restaurant", locations: [{ reservations: enabled }] }, true],
    ["restaurant with a booking link", { type: "restaurant", bookingUrl: "https://book.example", locations: [{ reservations: enabled }] }, true],
    ["salon without booking link", { type: "generic", locations: [{}, { reservations: enabled }] }, true],
    ["salon with a booking link", { type: "generic", bookingUrl: "https://book.example", locations: [{ reservations: enabled }] }, false],
    ["salon whose booking link is unusable", { type: "generic", bookingUrl: "javascript:alert(1)", locations: [{ reservations: enabled }] }, true],
    ["no location takes them", { type: "restaurant", locations: [{}] }, false],
  ])("reservation page for a %s → %s", (_name, business, expected) => {
    expect(hasReservationPage(business)).toBe(expected);
  });

  it.each<[string, string]>([
    ["restaurant", "Reservations"],
    ["generic", "Book an appointment"],
  ])("title for %s", (type, title) => {
    expect(reservationPageTitle(type)).toBe(title);
  });
});

describe("bookingTarget", () => {
  it.each<[string, Parameters<typeof bookingTarget>[0], ReturnType<typeof bookingTarget>]>([
    ["a restaurant books on its own page even with a link", { type: "restaurant", bookingUrl: "https://book.example", reservationsPath: "/reservations/" }, { href: "/reservations/", external: false }],
    ["a salon with a link books there", { type: "generic", bookingUrl: "https://book.example/online", reservationsPath: null }, { href: "https://book.example/online", external: true }],
    ["a salon without a link books on the site", { type: "generic", reservationsPath: "/reservations/" }, { href: "/reservations/", external: false }],
    ["a restaurant without a page uses its link", { type: "restaurant", bookingUrl: "https://book.example" }, { href: "https://book.example", external: true }],
    ["nothing to book", { type: "merchant" }, null],
    ["an unsafe link is no link", { type: "generic", bookingUrl: "javascript:alert(1)" }, null],
  ])("%s", (_name, input, expected) => {
    expect(bookingTarget(input)).toEqual(expected);
  });
});

describe("dates", () => {
  it.each<[string, string, number, string]>([
    ["plain", "2026-11-23", 1, "2026-11-24"],
    ["month end", "2026-11-30", 1, "2026-12-01"],
    ["leap day", "2028-02-28", 1, "2028-02-29"],
    ["backwards", "2026-01-01", -1, "2025-12-31"],
    ["across a DST change the calendar still steps one day", "2026-03-07", 2, "2026-03-09"],
  ])("addDays: %s", (_name, date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it("refuses a date that is not YYYY-MM-DD, naming it", () => {
    expect(() => addDays("24/11/2026", 1)).toThrow('addDays: expected a date like 2026-03-08, got "24/11/2026"');
  });

  it.each<[string, string, { today: string; tomorrow: string; last: string }]>([
    ["evening in New York is still the same day", "2026-11-24T03:30:00Z", { today: "2026-11-23", tomorrow: "2026-11-24", last: "2027-01-22" }],
    ["morning UTC is the next day there", "2026-11-24T05:30:00Z", { today: "2026-11-24", tomorrow: "2026-11-25", last: "2027-01-23" }],
  ])("bookingWindow: %s", (_name, now, expected) => {
    expect(bookingWindow(new Date(now), NY)).toEqual(expected);
  });

  it.each<[string, string, string | null]>([
    ["Monday (closed) moves to Tuesday", "2026-11-23T12:00:00Z", "2026-11-24"],
    ["Tuesday before the last slot stays", "2026-11-24T15:00:00Z", "2026-11-24"],
    ["Tuesday after closing moves to Wednesday", "2026-11-25T01:30:00Z", "2026-11-25"],
  ])("firstDateWithSlots: %s", (_name, now, expected) => {
    const from = bookingWindow(new Date(now), NY).today;
    expect(firstDateWithSlots({ hours: carrow, timeZone: NY, now: new Date(now), from })).toBe(expected);
  });

  it("finds no date when the location is never open, and the next closed day otherwise", () => {
    const now = new Date("2026-11-24T15:00:00Z");
    expect(firstDateWithSlots({ hours: [], timeZone: NY, now, from: "2026-11-24", searchDays: 10 })).toBeNull();
    expect(firstClosedDate({ hours: carrow, timeZone: NY, now, from: "2026-11-25" })).toBe("2026-11-30");
    expect(firstClosedDate({ hours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: 0, close: 2400 })), timeZone: NY, now, from: "2026-11-25", searchDays: 3 })).toBeNull();
  });
});

describe("slot options", () => {
  const local = timeSlots({ hours: [{ day: 2, open: 1000, close: 1100 }], timeZone: NY, date: "2026-11-24", now: new Date("2026-11-01T00:00:00Z") });

  it("offers the local rule's slots, availability unknown, when the service could not be asked", () => {
    expect(slotOptions(local, null)).toEqual([
      { start: "2026-11-24T10:00:00.000-05:00", label: "10:00am", remaining: null, available: true },
      { start: "2026-11-24T10:30:00.000-05:00", label: "10:30am", remaining: null, available: true },
    ]);
  });

  it("takes the service's list, with what is left of each slot, when it answered", () => {
    const server = [
      { start: "2026-11-24T10:00:00.000-05:00", label: "10:00am", remaining: 0, available: false },
      { start: "2026-11-24T10:30:00.000-05:00", label: "10:30am", remaining: 3, available: true },
    ];
    const options = slotOptions(local, server);
    expect(options.map(slotOptionLabel)).toEqual(["10:00am (fully booked)", "10:30am"]);
    expect(options[1].remaining).toBe(3);
  });
});

describe("describing a booking", () => {
  it.each<[string, string, string]>([
    ["a winter evening", "2026-11-24T19:30:00.000-05:00", "Tuesday 24 November 2026 at 7:30pm"],
    ["the instant given in UTC is shown on the location's clock", "2026-11-25T00:30:00Z", "Tuesday 24 November 2026 at 7:30pm"],
    ["midnight", "2026-11-25T00:00:00-05:00", "Wednesday 25 November 2026 at Midnight"],
  ])("reservationTimeLabel: %s", (_name, start, expected) => {
    expect(reservationTimeLabel(start, NY)).toBe(expected);
  });

  // The restaurant's Friday: dinner until 1am. Saturday has a brunch and its own late bar.
  const lateFriday = { hours: [{ day: 5, open: 1700, close: 100 }, { day: 6, open: 1130, close: 1430 }, { day: 6, open: 1700, close: 100 }] };
  it.each<[string, string, string, string]>([
    ["a late time is Friday night's", "2026-11-28T00:30:00-05:00", NY, "Friday night, 27 November 2026, 12:30am"],
    ["midnight is Friday night's", "2026-11-28T00:00:00-05:00", NY, "Friday night, 27 November 2026, midnight"],
    ["the same instant read in UTC is still Friday night in New York", "2026-11-28T05:30:00Z", NY, "Friday night, 27 November 2026, 12:30am"],
    ["Friday's evening before midnight keeps its date", "2026-11-27T23:30:00-05:00", NY, "Friday 27 November 2026 at 11:30pm"],
    ["Saturday's brunch is Saturday's", "2026-11-28T12:00:00-05:00", NY, "Saturday 28 November 2026 at 12:00pm"],
    ["the same hours in Tokyo", "2026-11-28T00:30:00+09:00", "Asia/Tokyo", "Friday night, 27 November 2026, 12:30am"],
  ])("reservationTimeLabel with the hours: %s", (_name, start, zone, expected) => {
    expect(reservationTimeLabel(start, zone, "en-US", lateFriday)).toBe(expected);
  });

  it("another locale names the calendar date, with no English night", () => {
    expect(reservationTimeLabel("2026-11-28T00:30:00+09:00", "Asia/Tokyo", "ja-JP", lateFriday)).toBe(`${dateLabel("2026-11-28", "ja-JP")} at 0:30`);
  });

  it("labels dates and zones in words", () => {
    expect(dateLabel("2026-11-30")).toBe("Monday 30 November 2026");
    expect(zoneLabel(NY, new Date("2026-11-24T12:00:00Z"))).toBe("Eastern Standard Time");
    expect(zoneLabel(NY, new Date("2026-07-01T12:00:00Z"))).toBe("Eastern Daylight Time");
  });

  it("refuses an unreadable start", () => {
    expect(() => reservationTimeLabel("tomorrow", NY)).toThrow('reservationTimeLabel: expected an ISO time with offset, got "tomorrow"');
  });
});

describe("cancel link", () => {
  const token = "0123456789abcdef0123456789abcdef";
  it("round-trips a reference and token through the fragment", () => {
    const hash = cancelHash("R-ABCD-EF23", token);
    expect(hash).toBe(`#cancel=R-ABCD-EF23&token=${token}`);
    expect(parseCancelHash(hash)).toEqual({ reference: "R-ABCD-EF23", token });
  });

  it.each<[string, string]>([
    ["empty", ""],
    ["another fragment", "#main"],
    ["a bad reference", `#cancel=R-ABC0-EF23&token=${token}`],
    ["a short token", "#cancel=R-ABCD-EF23&token=abc"],
    ["no token", "#cancel=R-ABCD-EF23"],
  ])("ignores %s", (_name, hash) => {
    expect(parseCancelHash(hash)).toBeNull();
  });

  it.each<[string, string]>([
    ["R-abcd-ef23", token],
    ["R-ABCD-EF23", "nope"],
  ])("will not build a link from %s / %s", (reference, badToken) => {
    expect(() => cancelHash(reference, badToken)).toThrow(/cancelHash: expected/);
  });
});
