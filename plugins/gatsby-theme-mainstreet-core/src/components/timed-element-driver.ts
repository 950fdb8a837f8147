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

/**
 * What a timed element's wrapper shows, as its `data-timed-state`: `held` keeps the element's place unseen and
 * unread (the server HTML, the delay), `shown` shows it, `gone` takes it out of the page (dismissed, expired, out
 * of its window).
 */
export type TimedElementDisplay = "held" | "shown" | "gone";

/** The wrapper's settings, as the server HTML carries them, so the page can run it before its app has. */
export const TIMED_SETTINGS_ATTRIBUTE = "data-timed-settings";
/** Present when the wrapper keeps its place unseen while it waits (keepsPlace). */
export const TIMED_KEEP_PLACE_ATTRIBUTE = "data-timed-keep-place";
/**
 * The instant its delay counts from, written by whoever drives it first: the page before its app (page-watch.ts)
 * or the app, so the app taking over never starts the delay again (the bar would hide and show a second time).
 */
const SINCE_ATTRIBUTE = "data-timed-since";

/** `?announcement=show` on any page brings a dismissed announcement, the one timed element of a site, back. */
const FORCE_SHOW_PARAM = "announcement";
const FORCE_SHOW_VALUE = "show";

export function forceShowRequested(search: string): boolean {
  return new URLSearchParams(search).get(FORCE_SHOW_PARAM) === FORCE_SHOW_VALUE;
}

export const browserDismissalStores = (): DismissalStores => ({ session: createStore(browserSessionStorage), local: createStore(browserLocalStorage) });

/** Writes what the wrapper shows; the attributes React rendered never change, so React never rewrites these. */
function display(element: HTMLElement, next: TimedElementDisplay): void {
  element.dataset.timedState = next;
  if (next === "shown") element.removeAttribute("aria-hidden");
  else element.setAttribute("aria-hidden", "true");
  element.hidden = next === "gone";
}

export interface TimedElementDriver {
  /** Hides it and records the dismissal where the settings say (session, local storage or nowhere). */
  dismiss: () => void;
  /** Stops its timer (the element stays as it is). */
  stop: () => void;
}

export interface DriveOptions {
  keepPlace: boolean;
  /** Force-show: clears a stored dismissal before deciding (SPEC §4). */
  forceShow?: boolean;
  now?: () => number;
  stores?: DismissalStores;
  onStateChange?: (state: TimedElementState) => void;
}

/**
 * Shows, holds or removes one timed element for as long as it is driven (SPEC §2, §4): the decision needs the
 * visitor's clock and storage, and every change (the delay ending, the duration running out, the window
 * closing, a dismissal) is written to the wrapper's attributes. One timer waits for the next transition.
 */
export function driveTimedElement(element: HTMLElement, settings: TimedElementSettings, options: DriveOptions): TimedElementDriver {
  const { keepPlace, forceShow = false, now = Date.now, stores = browserDismissalStores(), onStateChange } = options;
  const since = Number(element.getAttribute(SINCE_ATTRIBUTE));
  const mountedAt = Number.isFinite(since) && since > 0 ? since : now();
  element.setAttribute(SINCE_ATTRIBUTE, String(mountedAt));
  if (forceShow) clearDismissal(settings, stores);
  const dismissedAt = readDismissal(settings, stores, now());
  let dismissedThisView = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const decide = () => {
    clearTimeout(timer);
    const visibility = timedElementVisibility({ settings, now: now(), mountedAt, dismissedAt, dismissedThisView });
    display(element, visibility.visible ? "shown" : keepPlace && keepsPlace(visibility.state) ? "held" : "gone");
    onStateChange?.(visibility.state);
    if (visibility.nextChangeAt !== undefined) timer = setTimeout(decide, Math.max(0, visibility.nextChangeAt - now()));
  };
  decide();
  return {
    dismiss: () => {
      recordDismissal(settings, stores, now());
      dismissedThisView = true;
      decide();
    },
    stop: () => clearTimeout(timer),
  };
}

/** The settings a wrapper's server HTML carries; null when it carries none that parse. */
export function timedSettingsOf(element: Element): TimedElementSettings | null {
  try {
    const settings: unknown = JSON.parse(element.getAttribute(TIMED_SETTINGS_ATTRIBUTE) ?? "");
    return settings && typeof settings === "object" ? (settings as TimedElementSettings) : null;
  } catch {
    return null;
  }
}
