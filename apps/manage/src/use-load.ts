import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "./api/client";

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
  /** Changes what is shown (an answer to a change, a stream event) without reading again. */
  update: (change: (current: T) => T) => void;
}

/**
 * Reads a list for a screen, again whenever `key` changes; an answer to an older key is dropped, so
 * switching tabs fast never shows the wrong list.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const current = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    const ticket = ++current.current;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    try {
      const data = await loadRef.current();
      if (ticket === current.current) setState({ data, error: null, loading: false });
    } catch (error) {
      if (ticket === current.current) setState((previous) => ({ ...previous, error: errorMessage(error), loading: false }));
    }
  }, []);

  useEffect(() => {
    setState({ data: null, error: null, loading: true });
    void reload();
  }, [key, reload]);

  const update = useCallback((change: (value: T) => T) => {
    setState((previous) => (previous.data === null ? previous : { ...previous, data: change(previous.data) }));
  }, []);

  return { ...state, reload, update };
}
