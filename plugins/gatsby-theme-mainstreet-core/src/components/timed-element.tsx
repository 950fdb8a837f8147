import React, { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { browserLocalStorage, browserSessionStorage, createStore } from "@mainstreet/rules/storage";
import {
  clearDismissal,
  keepsPlace,
  readDismissal,
  recordDismissal,
  timedElementVisibility,
  type DismissalStores,
  type TimedElementSettings,
  type TimedElementState,
} from "@mainstreet/rules/timed-element-state";

export interface TimedElementApi {
  /** Hides it and records the dismissal where the settings say (session, local storage or nowhere). */
  dismiss: () => void;
  /** False while a `keepPlace` element holds its place unseen (server HTML, hydration, the delay). */
  shown: boolean;
}

interface TimedElementProps {
  settings: TimedElementSettings;
  /** Force-show: clears a stored dismissal before deciding (SPEC §4). */
  forceShow?: boolean;
  children: (api: TimedElementApi) => ReactNode;
  /**
   * For an element in the page flow: rendered (unseen) from the server HTML on and during the delay, so it
   * moves nothing when it shows; gone once dismissed, expired or out of its window (keepsPlace).
   */
  keepPlace?: boolean;
  /** Reports each state change (for tests and analytics). */
  onStateChange?: (state: TimedElementState) => void;
  /** Clock and storages, injectable for tests; the browser's by default. */
  now?: () => number;
  stores?: DismissalStores;
}

const defaultStores = (): DismissalStores => ({ session: createStore(browserSessionStorage), local: createStore(browserLocalStorage) });

/**
 * The timed-element wrapper (SPEC §2, §4): renders its children only while the settings say it is
 * visible, in the browser only (its state depends on the visitor's clock and storage). One timer waits
 * for the next transition (the delay ending, the duration running out, the end date).
 */
export function TimedElement({ settings, forceShow = false, children, keepPlace = false, onStateChange, now = Date.now, stores: givenStores }: TimedElementProps) {
  const stores = useMemo(() => givenStores ?? defaultStores(), [givenStores]);
  const [mountedAt, setMountedAt] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [dismissedThisView, setDismissedThisView] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const start = now();
    if (forceShow) clearDismissal(settings, stores);
    setDismissedAt(readDismissal(settings, stores, start));
    setMountedAt(start);
    // Settings come from the build and never change while the page is open.
  }, []);

  const visibility = useMemo(
    () => (mountedAt === null ? null : timedElementVisibility({ settings, now: now(), mountedAt, dismissedAt, dismissedThisView })),
    // `tick` re-evaluates at the scheduled transition.
    [settings, mountedAt, dismissedAt, dismissedThisView, tick],
  );

  useEffect(() => {
    if (!visibility) return undefined;
    onStateChange?.(visibility.state);
    if (visibility.nextChangeAt === undefined) return undefined;
    const timer = setTimeout(() => setTick((value) => value + 1), Math.max(0, visibility.nextChangeAt - now()));
    return () => clearTimeout(timer);
  }, [visibility, now, onStateChange]);

  const dismiss = useCallback(() => {
    recordDismissal(settings, stores, now());
    setDismissedThisView(true);
  }, [settings, stores, now]);

  if (visibility?.visible) return <>{children({ dismiss, shown: true })}</>;
  if (keepPlace && keepsPlace(visibility?.state ?? null)) return <>{children({ dismiss, shown: false })}</>;
  return null;
}
