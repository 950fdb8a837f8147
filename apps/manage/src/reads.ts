import type { Api } from "./api/client";

/** What a screen reads from the service: `key` names the answer (the address it is read from, with its query). */
export interface Read<T> {
  key: string;
  load: (api: Api) => Promise<T>;
}

/** A GET of `path`, with what the screen keeps of the answer. */
export function read<Reply, T = Reply>(path: string, select: (reply: Reply) => T = (reply) => reply as unknown as T): Read<T> {
  return { key: path, load: (api) => api.get<Reply>(path).then(select) };
}

/**
 * The lists the workspace has read in this signing-in, by their read's key, as the screen last showed them (its own
 * changes included). A screen opened again shows its last list at once and reads it again behind it, so a change of
 * screen never waits for the service; what is read ahead (`preload`, at idle after signing in) makes a first visit
 * the same. Signing out, or in as someone else, starts a new one.
 */
export class ReadCache {
  private readonly values = new Map<string, unknown>();
  private readonly reading = new Map<string, Promise<void>>();

  /**
   * `limit`: how many lists are kept, the least recently used dropped first; a tablet left on the calendar for days
   * reads a new key for every day it is turned to.
   */
  constructor(private readonly limit = 100) {}

  get<T>(key: string): T | null {
    if (!this.values.has(key)) return null;
    const value = this.values.get(key) as T;
    // Map keeps insertion order: moved to the end, the list is the most recently used.
    this.values.delete(key);
    this.values.set(key, value);
    return value;
  }

  set<T>(key: string, value: T): void {
    this.values.delete(key);
    this.values.set(key, value);
    while (this.values.size > this.limit) this.values.delete(this.values.keys().next().value as string);
  }

  /** Reads a list no screen has read yet, once; a refusal is left for the screen to read and say. */
  preload<T>(api: Api, entry: Read<T>): Promise<void> {
    if (this.values.has(entry.key)) return Promise.resolve();
    let pending = this.reading.get(entry.key);
    if (!pending) {
      pending = entry
        .load(api)
        .then(
          (value) => {
            if (!this.values.has(entry.key)) this.set(entry.key, value);
          },
          () => undefined,
        )
        .finally(() => this.reading.delete(entry.key));
      this.reading.set(entry.key, pending);
    }
    return pending;
  }
}
