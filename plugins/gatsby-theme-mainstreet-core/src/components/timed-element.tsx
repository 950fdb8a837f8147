import React, { useCallback, useEffect, useMemo, useRef, type ReactNode } from "react";
import { browserLocalStorage, browserSessionStorage, createStore } from "@mainstreet/rules/site/storage";
import {
  clearDismissal,
  keepsPlace,
  readDismissal,
  recordDismissal,
  timedElementVisibility,
  type DismissalStores,
  type TimedElementSettings,
  type TimedElementState,
} from "@mainstreet/rules/site/timed-element-state";

export interface TimedElementApi {
  /** Hides it and records the dismissal where the settings say (session, local storage or nowhere). */
  dismiss: () => void;
}

/**
 * What the wrapper shows, as its `data-timed-state`: `held` keeps the element's place unseen and unread (the
 * server HTML, hydration, the delay), `shown` shows it, `gone` takes it out of the page (dismissed, expired,
 * out of its window).
 */
type TimedElementDisplay = "held" | "shown" | "gone";

interface TimedElementProps {
  settings: TimedElementSettings;
  /** Force-show: clears a stored dismissal before deciding (SPEC §4). */
  forceShow?: boolean;
  children: (api: TimedElementApi) => ReactNode;
  /**
   * For an element in the page flow whose window was open at build: its place is held (unseen) from the
   * server HTML on and during the delay, so it moves nothing when it shows (keepsPlace).
   */
  keepPlace?: boolean;
  /** The wrapper's class. */
  className?: string;
  /** Reports each state change (for tests and analytics). */
  onStateChange?: (state: TimedElementState) => void;
  /** Clock and storages, injectable for tests; the browser's by default. */
  now?: () => number;
  stores?: DismissalStores;
}

const defaultStores = (): DismissalStores => ({ session: createStore(browserSessionStorage), local: createStore(browserLocalStorage) });

/** Writes what the wrapper shows; the attributes React rendered never change, so React never rewrites these. */
function display(element: HTMLElement, next: TimedElementDisplay): void {
  element.dataset.timedState = next;
  if (next === "shown") element.removeAttribute("aria-hidden");
  else element.setAttribute("aria-hidden", "true");
  element.hidden = next === "gone";
}

/**
 * The timed-element wrapper (SPEC §2, §4): its children are in the HTML from the server on, held unseen or
 * out of the page, and shown only while the settings say it is visible. The decision needs the visitor's
 * clock and storage, so it is taken in the browser after hydration, and every change (the delay ending, the
 * duration running out, the window closing, a dismissal) is written to the wrapper's attributes rather than
 * rendered: the page commits nothing for it. One timer waits for the next transition.
 */
export function TimedElement({ settings, forceShow = false, children, keepPlace = false, className, onStateChange, now = Date.now, stores: givenStores }: TimedElementProps) {
  const stores = useMemo(() => givenStores ?? defaultStores(), [givenStores]);
  const ref = useRef<HTMLDivElement>(null);
  const dismissedThisView = useRef(false);
  const decide = useRef<() => void>(() => undefined);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const mountedAt = now();
    if (forceShow) clearDismissal(settings, stores);
    const dismissedAt = readDismissal(settings, stores, mountedAt);
    let timer: ReturnType<typeof setTimeout> | undefined;
    decide.current = () => {
      clearTimeout(timer);
      const visibility = timedElementVisibility({ settings, now: now(), mountedAt, dismissedAt, dismissedThisView: dismissedThisView.current });
      display(element, visibility.visible ? "shown" : keepPlace && keepsPlace(visibility.state) ? "held" : "gone");
      onStateChange?.(visibility.state);
      if (visibility.nextChangeAt !== undefined) timer = setTimeout(decide.current, Math.max(0, visibility.nextChangeAt - now()));
    };
    decide.current();
    return () => clearTimeout(timer);
    // Settings come from the build and never change while the page is open.
  }, []);

  const dismiss = useCallback(() => {
    recordDismissal(settings, stores, now());
    dismissedThisView.current = true;
    decide.current();
  }, [settings, stores, now]);

  const initial: TimedElementDisplay = keepPlace ? "held" : "gone";
  return (
    <div ref={ref} className={className} data-timed-state={initial} aria-hidden="true" hidden={initial === "gone"}>
      {children({ dismiss })}
    </div>
  );
}
