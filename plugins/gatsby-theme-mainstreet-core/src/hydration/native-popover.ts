import { useEffect, useRef, useState, type MouseEvent, type RefObject } from "react";
import { ANCHORED_ATTRIBUTE } from "./early-taps";

/**
 * Disclosure widgets the browser opens by itself, with no code: an element with the `popover` attribute and a
 * button with `popovertarget` (Chromium shows, hides and light-dismisses it, Escape included). The server renders
 * both, so the widget answers in the very next frame before the page's code has come, and with JavaScript
 * turned off. React's typings do not know these attributes yet; React renders them as written.
 */

/** The attributes of the element the browser shows: hidden until opened, also where CSS has not loaded. */
export function popoverAttributes(place: "screen" | "under-toggle" = "screen"): Record<string, string | boolean> {
  return place === "screen" ? { popover: "auto", hidden: true } : { popover: "auto", hidden: true, [ANCHORED_ATTRIBUTE]: true };
}

/** The attributes of a button that opens, closes or toggles the popover `id` without code. */
export function popoverTargetAttributes(id: string, action: "toggle" | "hide" = "toggle"): Record<string, string> {
  return action === "toggle" ? { popovertarget: id } : { popovertarget: id, popovertargetaction: action };
}

/** Whether `element` is a popover the browser is showing (false where popovers are unknown, as in jsdom). */
export function isPopoverOpen(element: Element | null): boolean {
  if (!element || typeof HTMLElement === "undefined" || !("showPopover" in HTMLElement.prototype)) return false;
  return element.matches(":popover-open");
}

export interface NativePopover {
  /** The served popover is the one showing: the component shows no second copy of the widget. */
  served: boolean;
  /**
   * The toggle's aria-expanded: none in the server HTML and until the component has mounted, where the browser
   * tells the popover's state from `popovertarget` itself (a written "false" would say closed while it is open);
   * then the state's.
   */
  expanded: boolean | undefined;
}

/**
 * Takes over a popover the browser opened before this component's code had come: on mount, an open popover
 * stays open and `onOpened` tells React's state so (as it does for one the browser opens later); from then on the browser closing it (Escape, its close
 * button) calls `onClosed`, and React closing it (`open` turning false: the page changed) hides it.
 */
export function useNativePopover(ref: RefObject<HTMLElement | null>, open: boolean, onOpened: () => void, onClosed: () => void): NativePopover {
  const [taken, setTaken] = useState(false);
  const [mounted, setMounted] = useState(false);
  const takenRef = useRef(false);
  const callbacks = useRef({ onOpened, onClosed });
  callbacks.current = { onOpened, onClosed };

  useEffect(() => {
    setMounted(true);
    const element = ref.current;
    if (!element || !("showPopover" in element)) return undefined;
    const release = () => {
      takenRef.current = false;
      setTaken(false);
    };
    const take = () => {
      takenRef.current = true;
      setTaken(true);
      callbacks.current.onOpened();
    };
    if (isPopoverOpen(element)) take();
    // Opened by the browser later too (its toggle's click was left to it while the component's own widget had no
    // code yet): taken over the same way.
    const onToggle = (event: Event) => {
      const state = (event as Event & { newState?: string }).newState;
      if (state === "open" && !takenRef.current) return take();
      if (state !== "closed" || !takenRef.current) return;
      release();
      callbacks.current.onClosed();
    };
    element.addEventListener("toggle", onToggle);
    return () => element.removeEventListener("toggle", onToggle);
  }, [ref]);

  useEffect(() => {
    if (!taken || open) return;
    takenRef.current = false;
    setTaken(false);
    const element = ref.current;
    if (isPopoverOpen(element)) element?.hidePopover();
  }, [taken, open, ref]);

  return { served: taken, expanded: mounted ? open : undefined };
}

/**
 * The props of a toggle that shows two panels: the served popover `served` (opened by the browser, with no code)
 * and, once its component has code, the component's own `panel`. While the served one shows, the click is left to
 * the browser, which closes it; otherwise the click toggles the component's panel (`toggle`) and the browser's
 * default is stopped, so the served one stays shut. `open`: the component's state says a panel is open.
 */
export function disclosureToggleProps(
  popover: NativePopover,
  ids: { served: string; panel: string },
  open: boolean,
  toggle: (event: MouseEvent<HTMLButtonElement>) => void,
): Record<string, unknown> & { onClick: (event: MouseEvent<HTMLButtonElement>) => void } {
  return {
    "aria-expanded": popover.expanded,
    // Only while a panel is open: a closed panel is not in the page, and a dangling reference is invalid.
    "aria-controls": open ? (popover.served ? ids.served : ids.panel) : undefined,
    ...popoverTargetAttributes(ids.served),
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (popover.served) return;
      event.preventDefault();
      toggle(event);
    },
  };
}
