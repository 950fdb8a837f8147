import { useEffect, useState } from "react";
import { errorMessage } from "../api/client";

/** How often a build's status is read: the owner sees the seconds run. */
export const POLL_MS = 1000;

/**
 * Reads a build job's status by id at once and then about once a second until `finished` says it is over. A
 * failed read keeps the last status and tries again on the next beat (the build goes on in the service either
 * way); `error` says so meanwhile.
 */
export function useJobPolling<T>(id: string | null, load: (id: string) => Promise<T>, finished: (status: T) => boolean): { status: T | null; error: string | null } {
  const [state, setState] = useState<{ id: string | null; status: T | null; error: string | null }>({ id: null, status: null, error: null });
  useEffect(() => {
    if (id === null) return undefined;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const status = await load(id);
        if (!active) return;
        setState({ id, status, error: null });
        if (finished(status)) return;
      } catch (error) {
        if (!active) return;
        setState((previous) => ({ id, status: previous.id === id ? previous.status : null, error: errorMessage(error) }));
      }
      timer = setTimeout(() => void read(), POLL_MS);
    };
    void read();
    return () => {
      active = false;
      clearTimeout(timer);
    };
    // `load` and `finished` are read fresh on each beat through the closure of this id's run.
  }, [id]);
  return state.id === id ? { status: state.status, error: state.error } : { status: null, error: null };
}
