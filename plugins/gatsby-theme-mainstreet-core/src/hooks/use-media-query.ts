import { useCallback, useSyncExternalStore } from "react";
import { CAN_HOVER_QUERY, REDUCED_MOTION_QUERY, TOUCH_QUERY } from "./media-queries";

function supportsMatchMedia(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function";
}

/**
 * A CSS media query's current answer. The server (and hydration) see `serverValue`, so the first client
 * render always matches the HTML; the real answer follows straight after.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!supportsMatchMedia()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  const read = useCallback(() => (supportsMatchMedia() ? window.matchMedia(query).matches : serverValue), [query, serverValue]);
  return useSyncExternalStore(subscribe, read, () => serverValue);
}


export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}

export function useCanHover(): boolean {
  return useMediaQuery(CAN_HOVER_QUERY);
}

export function useTouchDevice(): boolean {
  return useMediaQuery(TOUCH_QUERY);
}
