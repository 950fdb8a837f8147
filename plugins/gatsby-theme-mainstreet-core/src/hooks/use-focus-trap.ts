import { useEffect, useRef, type RefObject } from "react";
import { trapFocusIndex } from "@mainstreet/rules/site/navigation-ui";
import { focusableIn } from "./focusable";


export interface FocusTrapOptions {
  /** Focused when the trap opens; else the first focusable element, else the container. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Escape closes the layer. */
  onEscape?: () => void;
  /**
   * Whether focus goes back to where it was when the trap closes. Read at close time, so a close caused
   * by navigating away can leave focus to the router.
   */
  shouldRestoreFocus?: () => boolean;
}

/**
 * Keeps keyboard focus inside `container` while `active` (modal, full-screen tray): Tab and Shift+Tab wrap,
 * Escape closes, and focus returns to the element that had it before, once the layer is gone.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean, options: FocusTrapOptions = {}): void {
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (!active) return undefined;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = container.current;
    const first = optionsRef.current.initialFocus?.current ?? focusableIn(root)[0] ?? root;
    first?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && optionsRef.current.onEscape) {
        event.stopPropagation();
        optionsRef.current.onEscape();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusableIn(container.current);
      const current = items.indexOf(document.activeElement as HTMLElement);
      const target = trapFocusIndex(current, items.length, event.shiftKey);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      if (target !== null) {
        event.preventDefault();
        items[target].focus();
      }
    };
    // Focus that escapes some other way (a click on the backdrop, a screen reader) is pulled back.
    const onFocusIn = (event: FocusEvent) => {
      const current = container.current;
      if (current && event.target instanceof Node && !current.contains(event.target)) {
        (focusableIn(current)[0] ?? current).focus();
      }
    };
    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("focusin", onFocusIn);
      const restore = optionsRef.current.shouldRestoreFocus?.() ?? true;
      if (restore && previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus();
    };
  }, [active, container]);
}
