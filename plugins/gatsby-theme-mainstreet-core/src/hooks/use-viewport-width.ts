import { useEffect, useState } from "react";
import { BREAKPOINTS, VIEWPORT_OBSERVER } from "@mainstreet/rules/business/constants";

/**
 * The viewport width, updated at most once per debounce interval while resizing (SPEC §9). Before mount
 * it reports the desktop minimum: only menus that are closed on the server read it, so nothing
 * server-rendered depends on the guess.
 */
export function useViewportWidth(): number {
  const [width, setWidth] = useState<number>(() => (typeof window === "undefined" ? BREAKPOINTS.smallMonitorMin : window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => setWidth(window.innerWidth);
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(update, VIEWPORT_OBSERVER.debounceMs);
    };
    update();
    window.addEventListener("resize", onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, []);
  return width;
}
