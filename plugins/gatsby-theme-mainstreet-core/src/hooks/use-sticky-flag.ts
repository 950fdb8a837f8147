import { useEffect, useState } from "react";
import { isStickyAt } from "@mainstreet/rules/navigation-ui";
import { NAVIGATION } from "@mainstreet/rules/constants";

/** True once the page has scrolled past `offsetPx` (SPEC §4 Sticky style); read once per animation frame. */
export function useScrolledPast(offsetPx: number = NAVIGATION.stickyOffsetPx): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setPast(isStickyAt(window.scrollY, offsetPx));
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [offsetPx]);
  return past;
}
