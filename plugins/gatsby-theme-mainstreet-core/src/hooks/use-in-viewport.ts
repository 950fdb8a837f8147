import { useEffect, useState, type RefObject } from "react";
import { VIEWPORT_OBSERVER } from "@mainstreet/rules/business/constants";

export interface InViewportOptions {
  rootMarginPx?: number;
  threshold?: number;
  /** Stop watching after the first time it is in view. */
  once?: boolean;
}

/**
 * Whether the element is in (or within the margin of) the viewport (SPEC §9 viewport observer: 100 px
 * margin, threshold 0.05). Without IntersectionObserver it reports true, so content never stays unloaded.
 */
export function useInViewport(ref: RefObject<Element | null>, options: InViewportOptions = {}): boolean {
  const { rootMarginPx = VIEWPORT_OBSERVER.marginPx, threshold = VIEWPORT_OBSERVER.threshold, once = true } = options;
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    if (typeof IntersectionObserver === "undefined") {
      setInView(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        setInView(visible);
        if (visible && once) observer.disconnect();
      },
      { rootMargin: `${rootMarginPx}px`, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMarginPx, threshold, once]);
  return inView;
}
