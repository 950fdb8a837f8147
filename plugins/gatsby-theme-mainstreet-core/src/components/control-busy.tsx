import { useLayoutEffect, type RefObject } from "react";
import { HELD_ATTRIBUTE } from "../hydration/early-taps";

/**
 * The Suspense fallback of what a control opens while that content's code is on its way: the control looks
 * pressed (the held look, base.css) and says it is busy until the content renders, so a tap is answered in the
 * next frame rather than when the chunk arrives.
 */
export function ControlBusy({ control }: { control: RefObject<HTMLElement> }): null {
  useLayoutEffect(() => {
    const element = control.current;
    if (!element) return undefined;
    element.setAttribute(HELD_ATTRIBUTE, "");
    element.setAttribute("aria-busy", "true");
    return () => {
      element.removeAttribute(HELD_ATTRIBUTE);
      element.removeAttribute("aria-busy");
    };
  }, [control]);
  return null;
}
