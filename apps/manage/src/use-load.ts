import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "./api/client";
import type { Read } from "./reads";
import { useSession } from "./session";

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
