import { useCallback, useEffect, useState, type RefCallback } from "react";

/**
 * How many tickets a list renders at first: two rows of a tablet's or laptop's first view. A queue of 200 orders
 * rendered at once holds the main thread for over a second on a slow tablet, and every screen change to or from it
 * pays that; the rest follow a batch at a time while the end of the list is near the view.
 */
export const TICKETS_AT_ONCE = 6;

/** The tickets to render after one more batch: never more than there are, never fewer than a batch. */
export function revealedAfter(shown: number, total: number, step: number = TICKETS_AT_ONCE): number {
  return Math.min(total, Math.max(step, shown + step));
}

export interface Revealed {
  /** How many of the list to render. */
  count: number;
  /** Renders the next batch (the "Show more" button). */
  more: () => void;
  /** For the element after the list: the next batch is rendered when it comes near the view. */
  sentinel: RefCallback<HTMLElement>;
}

/**
 * The first `step` items of a list of `total`, then a batch more each time the element after the list comes
 * within half a screen of the view (IntersectionObserver; without it, only through `more`).
 */
export function useRevealed(total: number, step: number = TICKETS_AT_ONCE): Revealed {
  const [shown, setShown] = useState(step);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const count = Math.min(total, shown);
  const more = useCallback(() => setShown((current) => revealedAfter(current, Number.POSITIVE_INFINITY, step)), [step]);
  useEffect(() => {
    if (!element || count >= total || typeof IntersectionObserver === "undefined") return undefined;
    // Observed again after each batch: an element still near the view reports it once more, and the next follows.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && more(), { rootMargin: "50% 0px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, count, total, more]);
  return { count, more, sentinel: setElement };
}
