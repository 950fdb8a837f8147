import { type StorageLike, activeLocationKey, browserLocalStorage, browserSessionStorage, createStore, siteStorageKey, siteStoragePrefix, timedElementKey } from "../storage";

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** Safari private mode and disabled storage throw on every access. */
const throwingStorage: StorageLike = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
  removeItem: () => {
    throw new Error("SecurityError");
  },
};

const NOW = Date.UTC(2026, 2, 9, 12, 0, 0);

describe("createStore: values with optional expiry (SPEC §4)", () => {
  it.each<[string, unknown]>([
    ["a string", "loc-2"],
    ["a number", 42],
    ["an object", { lines: [{ id: "a", quantity: 2 }] }],
    ["false", false],
    ["null", null],
  ])("round-trips %s", (_name, value) => {
    const store = createStore(new MemoryStorage());
    expect(store.set("k", value)).toBe(true);
    expect(store.get("k", "default", { now: NOW })).toEqual(value);
  });

  it.each<[string, number, unknown]>([
    ["before expiry", NOW + 59_999, "cart"],
    ["at expiry the value is gone", NOW + 60_000, "default"],
    ["after expiry", NOW + 3_600_000, "default"],
  ])("expiry: %s", (_name, readAt, expected) => {
    const storage = new MemoryStorage();
    const store = createStore(storage);
    store.set("cart", "cart", { expiresInMs: 60_000, now: new Date(NOW) });
    expect(store.get("cart", "default", { now: readAt })).toBe(expected);
    expect(storage.items.has("cart")).toBe(expected === "cart");
  });

  it.each<[string, string]>([
    ["corrupt JSON", "{not json"],
    ["JSON that is not our envelope", '"plain"'],
    ["an envelope with a bad expiry", '{"v":1,"e":"soon"}'],
    ["an array", "[1,2]"],
  ])("returns the default for %s", (_name, raw) => {
    const storage = new MemoryStorage();
    storage.setItem("k", raw);
    expect(createStore(storage).get("k", "default", { now: NOW })).toBe("default");
  });

  it("returns the default for a missing key", () => {
    expect(createStore(new MemoryStorage()).get("missing", 7, { now: NOW })).toBe(7);
  });

  it("removes a value", () => {
    const storage = new MemoryStorage();
    const store = createStore(storage);
    store.set("k", 1);
    store.remove("k");
    expect(storage.items.size).toBe(0);
  });

  it.each<[string, Parameters<typeof createStore>[0]]>([
    ["a storage that throws (private mode)", throwingStorage],
    ["a getter that throws (storage disabled)", () => {
      throw new Error("SecurityError");
    }],
    ["no storage (server render)", undefined],
    ["null", null],
  ])("works with %s: defaults, no-op writes, no crash", (_name, source) => {
    const store = createStore(source);
    expect(store.get("k", "default", { now: NOW })).toBe("default");
    expect(store.set("k", "v", { expiresInMs: 1000, now: NOW })).toBe(false);
    expect(() => store.remove("k")).not.toThrow();
  });

  it("reads the storage lazily through a getter", () => {
    const storage = new MemoryStorage();
    let calls = 0;
    const store = createStore(() => {
      calls += 1;
      return storage;
    });
    expect(calls).toBe(0);
    store.set("k", "v");
    expect(store.get("k", null, { now: NOW })).toBe("v");
    expect(calls).toBe(2);
  });

  it.each<[string, number]>([
    ["zero", 0],
    ["negative", -5],
    ["not a number", Number.NaN],
  ])("refuses a %s expiry", (_name, expiresInMs) => {
    expect(() => createStore(new MemoryStorage()).set("k", 1, { expiresInMs, now: NOW })).toThrow(`storage.set("k"): expiresInMs: expected a number of ms > 0, got ${expiresInMs}`);
  });

  it("refuses a value JSON cannot hold", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => createStore(new MemoryStorage()).set("k", cyclic)).toThrow('storage.set("k"): expected a JSON-serialisable value');
  });
});

describe("storage keys (SPEC §9)", () => {
  it.each<[string, string]>([
    [siteStorageKey("glow", "cart"), "mainstreet:glow:cart"],
    [siteStorageKey(" glow ", " cart "), "mainstreet:glow:cart"],
    [activeLocationKey("glow"), "mainstreet:glow:active-location"],
    [siteStoragePrefix(" glow "), "mainstreet:glow:"],
    [timedElementKey("spring-sale"), "mainstreet:timed-element:spring-sale"],
  ])("%p", (key, expected) => {
    expect(key).toBe(expected);
  });

  it("keeps two sites apart", () => {
    expect(siteStorageKey("a", "cart")).not.toBe(siteStorageKey("b", "cart"));
    // One site's prefix is never the start of another's keys (the page watcher asks "has this visitor kept anything here").
    expect(siteStorageKey("ab", "cart").startsWith(siteStoragePrefix("a"))).toBe(false);
    expect(siteStorageKey("a", "cart").startsWith(siteStoragePrefix("a"))).toBe(true);
  });

  it.each<[string, () => string]>([
    ["an empty site id", () => siteStorageKey("", "cart")],
    ["an empty name", () => siteStorageKey("glow", " ")],
    ["an empty referenceId", () => timedElementKey("")],
    ["an empty site id for a prefix", () => siteStoragePrefix(" ")],
  ])("refuses %s", (_name, build) => {
    expect(build).toThrow(/expected a non-empty/);
  });

  it("has no browser storages outside a browser", () => {
    expect([browserLocalStorage(), browserSessionStorage()]).toEqual([undefined, undefined]);
  });
});
