import { useEffect } from "react";

/**
 * Puts a class on <body> while `active`. Counted, so two open layers (a modal over the tray) sharing a
 * class do not remove it for each other.
 */
const counts = new Map<string, number>();

export function useBodyClass(className: string, active: boolean): void {
  useEffect(() => {
    if (!active || typeof document === "undefined") return undefined;
    counts.set(className, (counts.get(className) ?? 0) + 1);
    document.body.classList.add(className);
    return () => {
      const left = (counts.get(className) ?? 1) - 1;
      counts.set(className, left);
      if (left <= 0) document.body.classList.remove(className);
    };
  }, [className, active]);
}
