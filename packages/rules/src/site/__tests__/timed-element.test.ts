import { type StorageLike, createStore, timedElementKey } from "../storage";
import {
  type TimedElementSettingsInput,
  type TimedElementVisibility,
  clearDismissal,
  dismissalStorageKind,
  holdsPlaceAtBuild,
  keepsPlace,
  readDismissal,
  recordDismissal,
  resolveTimedElementSettings,
  resolveTimedWindow,
  timedElementVisibility,
  type TimedWindow,
} from "../timed-element";

const MOUNT = Date.UTC(2026, 4, 1, 12, 0, 0);
const at = (ms: number) => MOUNT + ms;

/** The data's settings the way the page gets them: resolved at build, then run in the browser. */
const visibility = (settings: TimedElementSettingsInput, input: { now: number | Date; mountedAt: number | Date; dismissedAt?: number | null; dismissedThisView?: boolean }) =>
  timedElementVisibility({ settings: resolveTimedElementSettings(settings), ...input });

describe("timedElementVisibility (SPEC §4 Timed element)", () => {
  it.each<[string, TimedElementSettingsInput, number, Partial<{ dismissedAt: number | null; dismissedThisView: boolean }>, TimedElementVisibility]>([
    ["no settings: shown at once, for good", {}, at(0), {}, { state: "visible", visible: true }],
    ["hidden until the delay passes", { delay: 5000 }, at(0), {}, { state: "hidden-before-delay", visible: false, nextChangeAt: at(5000) }],
    ["a millisecond before the delay", { delay: 5000 }, at(4999), {}, { state: "hidden-before-delay", visible: false, nextChangeAt: at(5000) }],
    ["shown when the delay has passed", { delay: 5000 }, at(5000), {}, { state: "visible", visible: true }],
    ["shown for the duration", { delay: 5000, duration: 10_000 }, at(14_999), {}, { state: "visible", visible: true, nextChangeAt: at(15_000) }],
    ["hidden again after the duration", { delay: 5000, duration: 10_000 }, at(15_000), {}, { state: "expired", visible: false }],
    ["a zero duration means until dismissed", { duration: 0 }, at(86_400_000), {}, { state: "visible", visible: true }],
    [
      "before the start date: outside the window, shown at the start",
      { delay: 1000, startTime: "2026-05-01T09:00", timezone: "America/New_York" },
      at(0),
      {},
      { state: "outside-window", visible: false, nextChangeAt: Date.UTC(2026, 4, 1, 13, 0, 0) },
    ],
    [
      "a start date with an offset wins over the zone",
      { startTime: "2026-05-01T12:30:00Z", timezone: "Asia/Tokyo" },
      at(0),
      {},
      { state: "outside-window", visible: false, nextChangeAt: at(1_800_000) },
    ],
    ["start and end in UTC by default, inside", { startTime: "2026-05-01T11:00", endTime: "2026-05-01T13:00" }, at(0), {}, { state: "visible", visible: true, nextChangeAt: at(3_600_000) }],
    ["after the end date", { startTime: "2026-04-01", endTime: "2026-05-01T11:59" }, at(0), {}, { state: "outside-window", visible: false }],
    ["the end cuts the duration short", { duration: 7_200_000, endTime: "2026-05-01T13:00" }, at(3_600_000), {}, { state: "outside-window", visible: false }],
    ["the duration ends before the end date", { duration: 60_000, endTime: "2026-05-01T13:00" }, at(60_000), {}, { state: "expired", visible: false }],
    ["the delay counts from mount, not from the start date", { delay: 10_000, startTime: "2026-05-01T11:00" }, at(5000), {}, { state: "hidden-before-delay", visible: false, nextChangeAt: at(10_000) }],
    ["a stored session dismissal hides it", { dismissalType: "session", referenceId: "sale" }, at(0), { dismissedAt: at(-1000) }, { state: "dismissed", visible: false }],
    ["a stored local dismissal hides it", { dismissalType: "local_storage", referenceId: "sale" }, at(0), { dismissedAt: at(-1000) }, { state: "dismissed", visible: false }],
    ["'disabled' ignores a stored dismissal", { dismissalType: "disabled", referenceId: "sale" }, at(0), { dismissedAt: at(-1000) }, { state: "visible", visible: true }],
    ["'disabled' still closes for this view", { dismissalType: "disabled" }, at(0), { dismissedThisView: true }, { state: "dismissed", visible: false }],
    ["no dismissal", { dismissalType: "session" }, at(0), { dismissedAt: null }, { state: "visible", visible: true }],
  ])("%s", (_name, settings, now, extra, expected) => {
    expect(visibility(settings, { now, mountedAt: MOUNT, ...extra })).toEqual(expected);
  });

  it("accepts Date instants", () => {
    expect(visibility({ delay: 1000 }, { now: new Date(at(2000)), mountedAt: new Date(MOUNT) }).state).toBe("visible");
  });

  it.each<[string, TimedElementSettingsInput, string]>([
    ["a bad start time", { startTime: "first of May" }, 'timed element settings: startTime: expected an ISO date-time like 2026-05-01T09:00 in UTC, got "first of May"'],
    ["a bad zone", { endTime: "2026-05-01T09:00", timezone: "Moon/Base" }, "timed element settings: endTime: expected an ISO date-time like 2026-05-01T09:00 in Moon/Base"],
    ["a negative delay", { delay: -1 }, "timed element settings: delay: expected milliseconds >= 0, got -1"],
    ["an infinite duration", { duration: Number.POSITIVE_INFINITY }, "timed element settings: duration: expected milliseconds >= 0, got Infinity"],
  ])("names %s", (_name, settings, message) => {
    expect(() => visibility(settings, { now: MOUNT, mountedAt: MOUNT })).toThrow(message);
  });
});

describe("resolveTimedWindow (build: the data's local dates to instants, in the settings' zone)", () => {
  const utc = (iso: string) => Date.parse(iso);
  it.each<[string, Parameters<typeof resolveTimedWindow>[0], TimedWindow]>([
    ["nothing set: an open window", {}, { startAt: null, endAt: null }],
    ["blank strings count as unset", { startTime: " ", endTime: "" }, { startAt: null, endAt: null }],
    ["no zone: UTC", { startTime: "2026-05-01T09:00", endTime: "2026-05-02T09:00" }, { startAt: utc("2026-05-01T09:00Z"), endAt: utc("2026-05-02T09:00Z") }],
    ["a date alone is the start of that day in the zone", { startTime: "2026-05-01", timezone: "America/New_York" }, { startAt: utc("2026-05-01T04:00Z"), endAt: null }],
    ["an offset in the value wins over the zone", { endTime: "2026-05-01T12:30:00Z", timezone: "Asia/Tokyo" }, { startAt: null, endAt: utc("2026-05-01T12:30Z") }],
    ["a zone east of UTC: the local morning is the UTC night before", { startTime: "2026-05-01T06:00", timezone: "Asia/Kolkata" }, { startAt: utc("2026-05-01T00:30Z"), endAt: null }],
    // New York, 8 March 2026: 2:00 EST jumps to 3:00 EDT.
    ["spring-forward day: midnight is still EST", { startTime: "2026-03-08", timezone: "America/New_York" }, { startAt: utc("2026-03-08T05:00Z"), endAt: null }],
    ["spring-forward: 09:00 that day is EDT", { startTime: "2026-03-08T09:00", timezone: "America/New_York" }, { startAt: utc("2026-03-08T13:00Z"), endAt: null }],
    ["spring-forward: 02:30 does not exist and moves past the jump (03:30 EDT)", { startTime: "2026-03-08T02:30", timezone: "America/New_York" }, { startAt: utc("2026-03-08T07:30Z"), endAt: null }],
    // 1 November 2026: 2:00 EDT falls back to 1:00 EST, so 1:30 happens twice.
    ["fall-back: the repeated 01:30 is the later, standard-time one", { endTime: "2026-11-01T01:30", timezone: "America/New_York" }, { startAt: null, endAt: utc("2026-11-01T06:30Z") }],
    ["fall-back: a window over the change spans 25 hours", { startTime: "2026-11-01", endTime: "2026-11-02", timezone: "America/New_York" }, { startAt: utc("2026-11-01T04:00Z"), endAt: utc("2026-11-02T05:00Z") }],
    // Santiago moves its clocks at midnight: 6 September 2026 starts at 01:00.
    ["a day whose midnight is skipped starts at the first real instant", { startTime: "2026-09-06", timezone: "America/Santiago" }, { startAt: utc("2026-09-06T04:00Z"), endAt: null }],
  ])("%s", (_name, settings, expected) => {
    expect(resolveTimedWindow(settings)).toEqual(expected);
  });

  it.each<[string, Parameters<typeof resolveTimedWindow>[0], string]>([
    ["words instead of a date", { startTime: "first of May" }, 'timed element settings: startTime: expected an ISO date-time like 2026-05-01T09:00 in UTC, got "first of May"'],
    ["a day the month does not have", { endTime: "2026-02-30", timezone: "Europe/London" }, 'timed element settings: endTime: expected an ISO date-time like 2026-05-01T09:00 in Europe/London, got "2026-02-30" (unit out of range)'],
    ["a thirteenth month", { startTime: "2026-13-01T09:00" }, 'timed element settings: startTime: expected an ISO date-time like 2026-05-01T09:00 in UTC, got "2026-13-01T09:00"'],
    ["an hour past 24", { startTime: "2026-05-01T25:00" }, 'timed element settings: startTime: expected an ISO date-time like 2026-05-01T09:00 in UTC, got "2026-05-01T25:00"'],
    ["a US-style date", { endTime: "05/01/2026" }, 'timed element settings: endTime: expected an ISO date-time like 2026-05-01T09:00 in UTC, got "05/01/2026"'],
    ["an unknown zone", { startTime: "2026-05-01T09:00", timezone: "Moon/Base" }, 'timed element settings: startTime: expected an ISO date-time like 2026-05-01T09:00 in Moon/Base, got "2026-05-01T09:00" (unsupported zone)'],
  ])("names %s", (_name, settings, message) => {
    expect(() => resolveTimedWindow(settings)).toThrow(message);
  });

  it("keeps the browser's settings and drops the local-time fields", () => {
    expect(
      resolveTimedElementSettings({ delay: 2500, duration: 45_000, dismissalType: "local_storage", referenceId: "gift", startTime: "2026-05-01", timezone: "Asia/Tokyo" }),
    ).toEqual({ delay: 2500, duration: 45_000, dismissalType: "local_storage", referenceId: "gift", startAt: utc("2026-04-30T15:00Z"), endAt: null });
  });
});

describe("timedElementVisibility on instants (the browser's half)", () => {
  it.each<[string, { startAt?: number | null; endAt?: number | null }, number, TimedElementVisibility]>([
    ["no window", {}, at(0), { state: "visible", visible: true }],
    ["before the start instant", { startAt: at(1000) }, at(0), { state: "outside-window", visible: false, nextChangeAt: at(1000) }],
    ["at the start instant", { startAt: at(1000) }, at(1000), { state: "visible", visible: true }],
    ["a millisecond before the end", { endAt: at(1000) }, at(999), { state: "visible", visible: true, nextChangeAt: at(1000) }],
    ["at the end instant", { endAt: at(1000) }, at(1000), { state: "outside-window", visible: false }],
    ["null instants are no limit", { startAt: null, endAt: null }, at(0), { state: "visible", visible: true }],
  ])("%s", (_name, window, now, expected) => {
    expect(timedElementVisibility({ settings: window, now, mountedAt: MOUNT })).toEqual(expected);
  });

  it.each<[string, { startAt?: number; endAt?: number }, string]>([
    ["a start that is not a number", { startAt: Number.NaN }, "timed element settings: startAt: expected epoch milliseconds, got NaN"],
    ["an infinite end", { endAt: Number.POSITIVE_INFINITY }, "timed element settings: endAt: expected epoch milliseconds, got Infinity"],
  ])("names %s", (_name, window, message) => {
    expect(() => timedElementVisibility({ settings: window, now: MOUNT, mountedAt: MOUNT })).toThrow(message);
  });
});

describe("dismissal storage", () => {
  class MemoryStorage implements StorageLike {
    readonly items = new Map<string, string>();
    getItem = (key: string) => this.items.get(key) ?? null;
    setItem = (key: string, value: string) => void this.items.set(key, value);
    removeItem = (key: string) => void this.items.delete(key);
  }
  const setup = () => {
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    return { session, local, stores: { session: createStore(session), local: createStore(local) } };
  };

  it.each<[TimedElementSettingsInput["dismissalType"], "session" | "local" | null]>([
    ["session", "session"],
    ["local_storage", "local"],
    ["disabled", null],
    [undefined, "session"],
    [null, "session"],
  ])("dismissalType %p keeps it in %p", (dismissalType, expected) => {
    expect(dismissalStorageKind({ dismissalType })).toBe(expected);
  });

  it.each<[TimedElementSettingsInput["dismissalType"], "session" | "local"]>([
    ["session", "session"],
    ["local_storage", "local"],
  ])("records and reads a %s dismissal by referenceId", (dismissalType, where) => {
    const { stores, session, local } = setup();
    const settings = { dismissalType, referenceId: "spring-sale" };
    expect(recordDismissal(settings, stores, MOUNT)).toBe(true);
    expect((where === "session" ? session : local).items.has(timedElementKey("spring-sale"))).toBe(true);
    expect((where === "session" ? local : session).items.size).toBe(0);
    expect(readDismissal(settings, stores, MOUNT)).toBe(MOUNT);
    expect(readDismissal({ ...settings, referenceId: "other" }, stores, MOUNT)).toBeNull();
  });

  it("'disabled' neither records nor reads a dismissal", () => {
    const { stores, session } = setup();
    stores.session.set(timedElementKey("sale"), MOUNT);
    expect(recordDismissal({ dismissalType: "disabled", referenceId: "sale" }, stores, MOUNT)).toBe(false);
    expect(readDismissal({ dismissalType: "disabled", referenceId: "sale" }, stores, MOUNT)).toBeNull();
    expect(session.items.size).toBe(1);
  });

  it("nothing is stored without a referenceId", () => {
    const { stores, session } = setup();
    expect(recordDismissal({ dismissalType: "session" }, stores, MOUNT)).toBe(false);
    expect(session.items.size).toBe(0);
  });

  it("force-show clears the dismissal from both storages", () => {
    const { stores, session, local } = setup();
    recordDismissal({ dismissalType: "session", referenceId: "sale" }, stores, MOUNT);
    recordDismissal({ dismissalType: "local_storage", referenceId: "sale" }, stores, MOUNT);
    clearDismissal({ referenceId: "sale" }, stores);
    expect([session.items.size, local.items.size]).toEqual([0, 0]);
    const settings = { dismissalType: "local_storage" as const, referenceId: "sale" };
    const dismissedAt = readDismissal(settings, stores, MOUNT);
    expect(timedElementVisibility({ settings, now: MOUNT, mountedAt: MOUNT, dismissedAt }).state).toBe("visible");
  });
});

describe("a timed element in the page flow keeps its place (no layout shift when it shows)", () => {
  it.each<[string, TimedElementSettingsInput, boolean]>([
    ["no window: the HTML holds the place", { delay: 2500 }, true],
    ["inside its window", { startTime: "2026-01-01T00:00", endTime: "2026-12-31T23:59", timezone: "America/New_York" }, true],
    ["its window has ended: no place", { endTime: "2026-04-30T23:59", timezone: "America/New_York" }, false],
    // It would push the page when it starts; the site is rebuilt long before that is worth a blank bar.
    ["its window starts later: no place", { startTime: "2026-06-01T00:00", timezone: "America/New_York" }, false],
    ["a duration does not matter at build", { delay: 1000, duration: 1 }, true],
  ])("holdsPlaceAtBuild: %s → %s", (_name, settings, expected) => {
    expect(holdsPlaceAtBuild(resolveTimedElementSettings(settings), MOUNT)).toBe(expected);
  });

  it.each<[Parameters<typeof keepsPlace>[0], boolean]>([
    [null, true],
    ["hidden-before-delay", true],
    ["visible", true],
    ["dismissed", false],
    ["expired", false],
    ["outside-window", false],
  ])("keepsPlace(%s) → %s", (state, expected) => {
    expect(keepsPlace(state)).toBe(expected);
  });
});
