import { useEffect, useRef } from "react";

/**
 * Moves focus to a step's heading when the step appears after a choice (`enabled`), so a screen reader
 * starts reading there; the page's first step keeps the page's own reading order.
 */
export function useStepFocus<T extends HTMLElement>(key: string, enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [key, enabled]);
  return ref;
}
