import React, { useCallback, useEffect, useMemo, useRef, type ReactNode } from "react";
import type { DismissalStores, TimedElementSettings, TimedElementState } from "@mainstreet/rules/site/timed-element-state";
import { TIMED_KEEP_PLACE_ATTRIBUTE, TIMED_SETTINGS_ATTRIBUTE, browserDismissalStores, driveTimedElement, type TimedElementDisplay, type TimedElementDriver } from "./timed-element-driver";

export interface TimedElementApi {
  /** Hides it and records the dismissal where the settings say (session, local storage or nowhere). */
  dismiss: () => void;
}

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

/**
 * The timed-element wrapper (SPEC §2, §4): its children are in the HTML from the server on, held unseen or
 * out of the page, and shown only while the settings say it is visible (timed-element-driver.ts). Its settings
 * are in the server HTML too, so the page shows it on time before its app has started (hydration/page-watch.ts);
 * the app takes it over where the page left it. Every change is written to the wrapper's attributes rather
 * than rendered: the page commits nothing for it.
 */
export function TimedElement({ settings, forceShow = false, children, keepPlace = false, className, onStateChange, now = Date.now, stores: givenStores }: TimedElementProps) {
  const stores = useMemo(() => givenStores ?? browserDismissalStores(), [givenStores]);
  const ref = useRef<HTMLDivElement>(null);
  const driver = useRef<TimedElementDriver | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const driven = driveTimedElement(element, settings, { keepPlace, forceShow, now, stores, onStateChange });
    driver.current = driven;
    return () => {
      driven.stop();
      driver.current = null;
    };
    // Settings come from the build and never change while the page is open.
  }, []);

  const dismiss = useCallback(() => driver.current?.dismiss(), []);

  const initial: TimedElementDisplay = keepPlace ? "held" : "gone";
  return (
    <div
      ref={ref}
      className={className}
      data-timed-state={initial}
      aria-hidden="true"
      hidden={initial === "gone"}
      {...{ [TIMED_SETTINGS_ATTRIBUTE]: JSON.stringify(settings), [TIMED_KEEP_PLACE_ATTRIBUTE]: keepPlace ? "" : undefined }}
    >
      {children({ dismiss })}
    </div>
  );
}
