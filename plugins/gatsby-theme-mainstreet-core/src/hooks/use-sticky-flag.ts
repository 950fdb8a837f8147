import { useEffect, type RefObject } from "react";
import { isStickyAt } from "@mainstreet/rules/site/sticky";
import { NAVIGATION } from "@mainstreet/rules/business/constants";

/**
 * Writes `data-sticky` on the element once the page has scrolled past `offsetPx` (SPEC §4 Sticky style),
 * read once per animation frame. An attribute, not React state: scrolling renders nothing.
 */
export function useStickyFlag(ref: RefObject<HTMLElement | null>, offsetPx: number = NAVIGATION.stickyOffsetPx): void {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const sticky = String(isStickyAt(window.scrollY, offsetPx));
      if (ref.current && ref.current.dataset.sticky !== sticky) ref.current.dataset.sticky = sticky;
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    // The first reading waits for the next frame too: read while the page hydrates, the scroll position forced
    // a layout in the middle of it.
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [ref, offsetPx]);
}
