import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage, type Api } from "./api/client";
import { useSession } from "./session";

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

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
  /** Changes what is shown (an answer to a change, a stream event) without reading again. */
  update: (change: (current: T) => T) => void;
}

interface LoadState<T> {
  key: string;
  data: T | null;
  error: string | null;
  loading: boolean;
}

/**
 * Reads a list for a screen, again whenever the read's key changes; an answer to an older key is dropped, so
 * switching tabs fast never shows the wrong list. What the session last read under the key shows until the answer
 * comes (`loading` is then true with `data` already there).
 */
export function useLoad<T>(entry: Read<T>): Loaded<T> {
  const { api, reads } = useSession();
  const { key } = entry;
  const initial = (): LoadState<T> => ({ key, data: reads.get<T>(key), error: null, loading: true });
  const [state, setState] = useState<LoadState<T>>(initial);
  const current = useRef(0);
  const entryRef = useRef(entry);
  entryRef.current = entry;

  const reload = useCallback(async () => {
    const ticket = ++current.current;
    const { key: reading, load } = entryRef.current;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    try {
      const data = await load(api);
      if (ticket !== current.current) return;
      reads.set(reading, data);
      setState({ key: reading, data, error: null, loading: false });
    } catch (error) {
      if (ticket === current.current) setState((previous) => ({ ...previous, error: errorMessage(error), loading: false }));
    }
  }, [api, reads]);

  useEffect(() => {
    setState((previous) => (previous.key === key ? previous : { key, data: reads.get<T>(key), error: null, loading: true }));
    void reload();
  }, [key, reads, reload]);

  const update = useCallback(
    (change: (value: T) => T) => {
      setState((previous) => {
        if (previous.data === null) return previous;
        const data = change(previous.data);
        reads.set(previous.key, data);
        return { ...previous, data };
      });
    },
    [reads],
  );

  // A key changed in this render shows the session's copy for it (or nothing), never the previous key's list.
  const shown = state.key === key ? state : { key, data: reads.get<T>(key), error: null, loading: true };
  return { data: shown.data, error: shown.error, loading: shown.loading, reload, update };
}
