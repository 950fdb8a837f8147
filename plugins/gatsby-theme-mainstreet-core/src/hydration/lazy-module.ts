/**
 * A module fetched on first need and then kept, so every later use runs synchronously: the luxon half of
 * the time rules is wanted only by a page that outlived the schedule baked into it, and once there it
 * serves each badge and every timer tick.
 */
export interface LazyModule<T> {
  /** The module when it has loaded, else null. */
  get: () => T | null;
  /** Loads it once; a failed load (offline, chunk replaced by a deploy) is tried again on the next call. */
  load: () => Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    get: () => loaded,
    load: () => {
      pending ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}
