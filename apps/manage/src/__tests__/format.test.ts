import { dateAfter, deviceTimeZone, formatAgo, formatTime, formatWhen, instantAt, nextWallTime, wallTimeValue, zonedDate, zoneNameAt } from "../format";

const at = (iso: string) => Date.parse(iso);

describe("instantAt (a wall-clock time in a zone)", () => {
  it.each([
    ["noon in New York in summer", "2030-06-04", 12 * 60, "America/New_York", "2030-06-04T16:00:00.000Z"],
    ["noon in New York in winter", "2030-01-15", 12 * 60, "America/New_York", "2030-01-15T17:00:00.000Z"],
    ["midnight in Tokyo", "2030-06-05", 0, "Asia/Tokyo", "2030-06-04T15:00:00.000Z"],
    ["India's half hour", "2030-06-04", 9 * 60, "Asia/Kolkata", "2030-06-04T03:30:00.000Z"],
    ["2:30 skipped by the spring change moves on to 3:30", "2030-03-10", 2 * 60 + 30, "America/New_York", "2030-03-10T07:30:00.000Z"],
    ["1:30 repeated in the autumn is its first time", "2030-11-03", 60 + 30, "America/New_York", "2030-11-03T05:30:00.000Z"],
    ["UTC", "2030-06-04", 23 * 60 + 59, "UTC", "2030-06-04T23:59:00.000Z"],
  ])("%s", (_name, date, minute, zone, expected) => {
    expect(new Date(instantAt(date, minute, zone)).toISOString()).toBe(expected);
  });
});

describe("nextWallTime (the pause picker)", () => {
  it.each([
    ["later today", "19:30", "2030-06-04T16:00:00Z", "2030-06-04T23:30:00.000Z"],
    ["already past today: tomorrow", "09:00", "2030-06-04T16:00:00Z", "2030-06-05T13:00:00.000Z"],
    ["this very minute: tomorrow", "12:00", "2030-06-04T16:00:00Z", "2030-06-05T16:00:00.000Z"],
    ["just after the location's midnight", "00:30", "2030-06-05T03:50:00Z", "2030-06-05T04:30:00.000Z"],
  ])("%s", (_name, time, now, expected) => {
    expect(new Date(nextWallTime(time, "America/New_York", at(now))).toISOString()).toBe(expected);
  });

  it.each(["", "7pm", "25", "12:3"])("refuses %j", (time) => {
    expect(() => nextWallTime(time, "America/New_York", at("2030-06-04T16:00:00Z"))).toThrow(/expected HH:MM/);
  });
});

describe("the zone is named when the device's clock reads otherwise", () => {
  // 16:00 UTC on 4 June 2030 (summer in the north) and 17:00 UTC on 15 January 2030 (winter).
  const summer = "2030-06-04T16:00:00Z";
  const winter = "2030-01-15T17:00:00Z";
  it.each([
    ["the device is in the location's zone", summer, "America/New_York", "America/New_York", "12:00 PM"],
    ["another zone with the same clock (Detroit reads New York's time)", summer, "America/New_York", "America/Detroit", "12:00 PM"],
    ["a device on UTC reads a New York time", summer, "America/New_York", "UTC", "12:00 PM EDT"],
    ["the same in winter", winter, "America/New_York", "UTC", "12:00 PM EST"],
    ["a device in California", summer, "America/New_York", "America/Los_Angeles", "12:00 PM EDT"],
    ["London in winter shares UTC's clock", winter, "Europe/London", "UTC", "5:00 PM"],
    ["London in summer does not", summer, "Europe/London", "UTC", "5:00 PM GMT+1"],
    ["Tokyo read from New York", summer, "Asia/Tokyo", "America/New_York", "1:00 AM GMT+9"],
  ])("formatTime: %s", (_name, instant, zone, deviceZone, expected) => {
    expect(formatTime(instant, zone, { deviceZone })).toBe(expected);
  });

  it("named: false leaves the name out (the first time of a range)", () => {
    expect(formatTime(summer, "America/New_York", { deviceZone: "UTC", named: false })).toBe("12:00 PM");
    expect(formatWhen("2030-06-05T13:00:00Z", "America/New_York", at(summer), { deviceZone: "UTC" })).toBe("Tomorrow 9:00 AM EDT");
  });

  it.each([
    ["America/New_York", "America/New_York", ""],
    ["America/New_York", "Europe/Paris", "EDT"],
    ["Asia/Kolkata", "UTC", "GMT+5:30"],
  ])("zoneNameAt(%s read on a device in %s) = %j", (zone, deviceZone, expected) => {
    expect(zoneNameAt(summer, zone, deviceZone)).toBe(expected);
  });
});

describe("dates and times on the location's clock", () => {
  it.each([
    ["same day", "2030-06-04T23:30:00Z", "7:30 PM"],
    ["tomorrow", "2030-06-05T13:00:00Z", "Tomorrow 9:00 AM"],
    ["yesterday", "2030-06-03T13:00:00Z", "Yesterday 9:00 AM"],
    ["later", "2030-06-07T13:00:00Z", "Fri, Jun 7 9:00 AM"],
    ["after the zone's midnight, not the machine's", "2030-06-05T03:30:00Z", "11:30 PM"],
  ])("formatWhen: %s", (_name, instant, expected) => {
    expect(formatWhen(instant, "America/New_York", at("2030-06-04T16:00:00Z"), { deviceZone: "America/New_York" })).toBe(expected);
  });

  it.each([
    ["2030-06-05T03:30:00Z", "America/New_York", "2030-06-04"],
    ["2030-06-05T03:30:00Z", "Asia/Tokyo", "2030-06-05"],
    ["2030-12-31T23:30:00Z", "Pacific/Auckland", "2031-01-01"],
  ])("zonedDate(%s, %s) = %s", (instant, zone, expected) => {
    expect(zonedDate(instant, zone)).toBe(expected);
  });

  it.each([
    ["2030-06-04", 1, "2030-06-05"],
    ["2030-12-31", 1, "2031-01-01"],
    ["2030-03-01", -1, "2030-02-28"],
    ["2030-06-04", 30, "2030-07-04"],
  ])("dateAfter(%s, %d) = %s", (date, days, expected) => {
    expect(dateAfter(date, days)).toBe(expected);
  });

  it.each([
    ["2030-06-04T23:30:00Z", "America/New_York", "19:30"],
    ["2030-06-05T04:05:00Z", "America/New_York", "00:05"],
  ])("wallTimeValue(%s, %s) = %s", (instant, zone, expected) => {
    expect(wallTimeValue(instant, zone)).toBe(expected);
  });

  it.each([
    [20_000, "just now"],
    [4 * 60_000, "4 min ago"],
    [3 * 3_600_000, "3 h ago"],
    [3 * 86_400_000, "3 days ago"],
  ])("formatAgo %d ms → %s", (ago, expected) => {
    expect(formatAgo(at("2030-06-04T16:00:00Z") - ago, at("2030-06-04T16:00:00Z"))).toBe(expected);
  });
});

describe("deviceTimeZone", () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it("reads the device's zone once a minute, not once for every time a screen shows", () => {
    // Spied before the clock is faked: the fake clock wraps Intl's formatters around the real ones.
    const reads = jest.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions");
    jest.useFakeTimers({ now: at("2030-06-04T16:00:00Z") });
    expect(deviceTimeZone()).toBe("UTC");
    reads.mockClear();
    for (let index = 0; index < 200; index += 1) deviceTimeZone();
    jest.advanceTimersByTime(59_999);
    expect(deviceTimeZone()).toBe("UTC");
    expect(reads).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(deviceTimeZone()).toBe("UTC");
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
