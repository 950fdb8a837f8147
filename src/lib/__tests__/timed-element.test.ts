import { type StorageLike, createStore, timedElementKey } from "../storage";
import {
  type TimedElementSettingsInput,
  type TimedElementVisibility,
  clearDismissal,
  dismissalStorageKind,
  readDismissal,
  recordDismissal,
  timedElementVisibility,
} from "../timed-element";

const MOUNT = Date.UTC(2026, 4, 1, 12, 0, 0);
const at = (ms: number) => MOUNT + ms;

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
    expect(timedElementVisibility({ settings, now, mountedAt: MOUNT, ...extra })).toEqual(expected);
  });

  it("accepts Date instants", () => {
    expect(timedElementVisibility({ settings: { delay: 1000 }, now: new Date(at(2000)), mountedAt: new Date(MOUNT) }).state).toBe("visible");
  });

  it.each<[string, TimedElementSettingsInput, string]>([
    ["a bad start time", { startTime: "first of May" }, 'timed element settings: startTime: expected an ISO date-time like 2026-05-01T09:00 in UTC, got "first of May"'],
    ["a bad zone", { endTime: "2026-05-01T09:00", timezone: "Moon/Base" }, "timed element settings: endTime: expected an ISO date-time like 2026-05-01T09:00 in Moon/Base"],
    ["a negative delay", { delay: -1 }, "timed element settings: delay: expected milliseconds >= 0, got -1"],
    ["an infinite duration", { duration: Number.POSITIVE_INFINITY }, "timed element settings: duration: expected milliseconds >= 0, got Infinity"],
  ])("names %s", (_name, settings, message) => {
    expect(() => timedElementVisibility({ settings, now: MOUNT, mountedAt: MOUNT })).toThrow(message);
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
