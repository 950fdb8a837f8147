import { useCallback, useSyncExternalStore } from "react";

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

export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";
/** A primary pointer that can hover precisely: a mouse or trackpad, not a finger. */
export const CAN_HOVER_QUERY = "(hover: hover) and (pointer: fine)";
/** A primary input that is a finger on a screen. */
export const TOUCH_QUERY = "(hover: none) and (pointer: coarse)";

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}

export function useCanHover(): boolean {
  return useMediaQuery(CAN_HOVER_QUERY);
}

export function useTouchDevice(): boolean {
  return useMediaQuery(TOUCH_QUERY);
}
