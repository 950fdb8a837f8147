/**
 * Browser storage with optional expiry (SPEC §4 Browser storage, §9 Storage).
 *
 * Values are stored as JSON envelopes `{"v": value, "e": expiresAtEpochMs}`. An expired value is deleted
 * on read and the default returned; unreadable JSON returns the default; a storage that throws (Safari
 * private mode, storage disabled, quota full) behaves as empty and ignores writes, so no visitor ever
 * sees a crash because of it. `now` is always passed in.
 */
import { STORAGE } from "../business/constants";

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;
/** A storage, nothing (server render), or a getter: reading `window.localStorage` itself can throw. */
export type StorageSource = StorageLike | null | undefined | (() => StorageLike | null | undefined);

export type Instant = Date | number;
export type SetOptions = { expiresInMs: number; now: Instant } | { expiresInMs?: undefined; now?: Instant };

export type Store = {
  get<T>(key: string, fallback: T, options: { now: Instant }): T;
  /** False when the value could not be stored (no storage, private mode, quota). */
  set(key: string, value: unknown, options?: SetOptions): boolean;
  remove(key: string): void;
};

type Envelope = { v: unknown; e?: number };

function isEnvelope(value: unknown): value is Envelope {
  if (value === null || typeof value !== "object" || !("v" in value)) return false;
  const expiry = (value as { e?: unknown }).e;
  return expiry === undefined || (typeof expiry === "number" && Number.isFinite(expiry));
}

function toMs(instant: Instant): number {
  return typeof instant === "number" ? instant : instant.getTime();
}

export function createStore(source: StorageSource): Store {
  const resolve = (): StorageLike | null => {
    try {
      return (typeof source === "function" ? source() : source) ?? null;
    } catch {
      return null;
    }
  };

  const remove = (key: string): void => {
    try {
      resolve()?.removeItem(key);
    } catch {
      // Storage unavailable: there is nothing to remove.
    }
  };

  return {
    get<T>(key: string, fallback: T, options: { now: Instant }): T {
      let raw: string | null;
      try {
        raw = resolve()?.getItem(key) ?? null;
      } catch {
        return fallback;
      }
      if (raw === null) return fallback;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return fallback;
      }
      if (!isEnvelope(parsed)) return fallback;
      if (parsed.e !== undefined && parsed.e <= toMs(options.now)) {
        remove(key);
        return fallback;
      }
      return parsed.v as T;
    },

    set(key: string, value: unknown, options: SetOptions = {}): boolean {
      const envelope: Envelope = { v: value };
      if (options.expiresInMs !== undefined) {
        if (!Number.isFinite(options.expiresInMs) || options.expiresInMs <= 0) {
          throw new RangeError(`storage.set(${JSON.stringify(key)}): expiresInMs: expected a number of ms > 0, got ${String(options.expiresInMs)}`);
        }
        envelope.e = toMs(options.now) + options.expiresInMs;
      }
      let serialized: string;
      try {
        serialized = JSON.stringify(envelope);
      } catch (error) {
        throw new TypeError(`storage.set(${JSON.stringify(key)}): expected a JSON-serialisable value (${error instanceof Error ? error.message : String(error)})`);
      }
      try {
        const storage = resolve();
        if (!storage) return false;
        storage.setItem(key, serialized);
        return true;
      } catch {
        return false;
      }
    },

    remove,
  };
}

/** A key scoped to one site, so sites previewed on the same origin (localhost) never share state. */
export function siteStorageKey(siteId: string, name: string): string {
  if (!siteId.trim() || !name.trim()) {
    throw new RangeError(`siteStorageKey: expected a non-empty site id and name, got ${JSON.stringify(siteId)} and ${JSON.stringify(name)}`);
  }
  return `${STORAGE.namespace}:${siteId.trim()}:${name.trim()}`;
}

/** What every key of one site's own starts with (its cart, likes, chosen location, placed orders): siteStorageKey's. */
export function siteStoragePrefix(siteId: string): string {
  if (!siteId.trim()) throw new RangeError(`siteStoragePrefix: expected a non-empty site id, got ${JSON.stringify(siteId)}`);
  return `${STORAGE.namespace}:${siteId.trim()}:`;
}

/** Where the visitor's chosen location is kept (SPEC §4 Active business location). */
export function activeLocationKey(siteId: string): string {
  return siteStorageKey(siteId, STORAGE.activeLocationName);
}

/** Where a timed element's dismissal is kept, by its referenceId (SPEC §3, §9). */
export function timedElementKey(referenceId: string): string {
  if (!referenceId.trim()) throw new RangeError("timedElementKey: expected a non-empty referenceId, got an empty one");
  return `${STORAGE.timedElementKeyPrefix}${referenceId.trim()}`;
}

/** The browser's storages, or undefined on the server or when reading them throws. */
export function browserLocalStorage(): StorageLike | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function browserSessionStorage(): StorageLike | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
