import { DateTime } from "luxon";
import { parseOffsetTime, wallClock, zoneNameAt } from "../wall-clock";

const at = (iso: string) => Date.parse(iso);

describe("wallClock (Intl, no luxon)", () => {
  it.each<[string, string, string, { date: string; weekday: number; minuteOfDay: number }]>([
    ["an evening in New York", "2026-11-24T23:30:00Z", "America/New_York", { date: "2026-11-24", weekday: 2, minuteOfDay: 18 * 60 + 30 }],
    ["the same instant is tomorrow in Tokyo", "2026-11-24T23:30:00Z", "Asia/Tokyo", { date: "2026-11-25", weekday: 3, minuteOfDay: 8 * 60 + 30 }],
    ["midnight reads 0, not 24", "2026-11-25T05:00:00Z", "America/New_York", { date: "2026-11-25", weekday: 3, minuteOfDay: 0 }],
    ["spring forward: 3:00am right after 1:59am", "2026-03-08T07:00:00Z", "America/New_York", { date: "2026-03-08", weekday: 7, minuteOfDay: 3 * 60 }],
    ["fall back: the repeated 1:30am", "2026-11-01T06:30:00Z", "America/New_York", { date: "2026-11-01", weekday: 7, minuteOfDay: 90 }],
    ["a half-hour zone", "2026-11-24T12:00:00Z", "Asia/Kolkata", { date: "2026-11-24", weekday: 2, minuteOfDay: 17 * 60 + 30 }],
    ["UTC", "2030-01-01T00:15:00Z", "UTC", { date: "2030-01-01", weekday: 2, minuteOfDay: 15 }],
  ])("%s", (_name, instant, zone, expected) => {
    expect(wallClock(at(instant), zone)).toEqual(expected);
  });

  it("agrees with luxon every 888 minutes through a year in several zones (DST ends, half-hour and 45-minute offsets)", () => {
    for (const zone of ["America/New_York", "Europe/London", "Australia/Lord_Howe", "America/St_Johns", "Pacific/Chatham"]) {
      for (let instant = at("2026-01-01T00:00:00Z"); instant < at("2027-01-01T00:00:00Z"); instant += 37 * 60_000 * 24) {
        const luxon = DateTime.fromMillis(instant, { zone });
        expect([zone, instant, wallClock(instant, zone)]).toEqual([zone, instant, { date: luxon.toISODate(), weekday: luxon.weekday, minuteOfDay: luxon.hour * 60 + luxon.minute }]);
      }
    }
  });

  it("names an unknown zone", () => {
    expect(() => wallClock(0, "Mars/Olympus")).toThrow('time zone: expected an IANA zone like "America/New_York", got "Mars/Olympus"');
  });
});

describe("zoneNameAt", () => {
  it.each<[string, string, "short" | "long", string]>([
    ["2026-11-24T23:30:00Z", "America/New_York", "short", "EST"],
    ["2026-06-24T23:30:00Z", "America/New_York", "short", "EDT"],
    ["2026-11-24T23:30:00Z", "America/New_York", "long", "Eastern Standard Time"],
    ["2026-06-24T12:00:00Z", "Europe/London", "short", "GMT+1"],
  ])("%s in %s (%s) → %s", (instant, zone, style, expected) => {
    expect(zoneNameAt(at(instant), zone, style)).toBe(expected);
  });

  it("matches luxon's short offset name", () => {
    for (const zone of ["America/New_York", "America/Los_Angeles", "Europe/Berlin", "Asia/Tokyo"]) {
      const instant = at("2026-11-24T23:30:00Z");
      expect(zoneNameAt(instant, zone)).toBe(DateTime.fromMillis(instant, { zone }).setLocale("en-US").toFormat("ZZZZ"));
    }
  });
});

describe("parseOffsetTime", () => {
  it.each<[string, number]>([
    ["2026-11-27T18:15:00.000-05:00", at("2026-11-27T23:15:00Z")],
    ["2026-11-27T18:15:00-05:00", at("2026-11-27T23:15:00Z")],
    ["2026-11-27T23:15Z", at("2026-11-27T23:15:00Z")],
    ["2026-11-27T23:15:00+0100", at("2026-11-27T22:15:00Z")],
  ])("%s", (text, expected) => {
    expect(parseOffsetTime(text, "when")).toBe(expected);
  });

  it.each(["2026-11-27T18:15:00", "27 Nov 2026 18:15 GMT", "2026-11-27", ""])("refuses %j (no offset, or not ISO)", (text) => {
    expect(() => parseOffsetTime(text, "when")).toThrow(`when: expected an ISO time with its offset, got "${text}"`);
  });
});
