/**
 * The timed element (announcement banner) of SPEC §3 and §4, as pure state the browser runs:
 * - shown only while `now` is within the start and end instants, when either is set;
 * - hidden until `delay` after it mounted (or after the window opened, whichever is later), then shown;
 * - hidden again once `duration` has elapsed since it was shown;
 * - a dismissal is kept in session or local storage by referenceId; type `disabled` ignores a stored
 *   dismissal (it still hides for the rest of the current view); a force-show clears it.
 *
 * The start and end arrive as epoch ms: the data's local dates are read in their zone with luxon at build
 * (resolveTimedElementSettings in timed-element.ts), which keeps luxon out of every page's bundle.
 * `delay` and `duration` are milliseconds. Each result carries the instant of the next transition, so a
 * component sets one timer and recomputes.
 */
import { type Instant, type Store, timedElementKey } from "./storage";

export const DISMISSAL_TYPES = ["session", "local_storage", "disabled"] as const;
export type DismissalType = (typeof DISMISSAL_TYPES)[number];

/** Settings as the page receives them: every time already an instant. */
export type TimedElementSettings = {
  /** ms after mount before showing. */
  delay?: number | null;
  /** Epoch ms before which it is not shown; null or absent: no start. */
  startAt?: number | null;
  /** Epoch ms from which it is no longer shown; null or absent: no end. */
  endAt?: number | null;
  /** ms the element stays shown; absent or 0 means until dismissed. */
  duration?: number | null;
  dismissalType?: DismissalType | null;
  referenceId?: string | null;
};

/** What the dismissal functions read; the data's settings and the page's settings both have it. */
export type DismissalSettings = Pick<TimedElementSettings, "dismissalType" | "referenceId">;

export type TimedElementState = "outside-window" | "hidden-before-delay" | "visible" | "expired" | "dismissed";

export type TimedElementVisibility = {
  state: TimedElementState;
  visible: boolean;
  /** Epoch ms of the next state change, when one is due without a visitor action. */
  nextChangeAt?: number;
};

export type TimedElementVisibilityInput = {
  settings: TimedElementSettings;
  now: Instant;
  /** When the element mounted: the delay counts from here. */
  mountedAt: Instant;
  /** A dismissal read from storage (see readDismissal). Ignored for dismissalType `disabled`. */
  dismissedAt?: Instant | null;
  /** The visitor closed it during this view (kept in memory, whatever the dismissal type). */
  dismissedThisView?: boolean;
};

function ms(instant: Instant): number {
  return typeof instant === "number" ? instant : instant.getTime();
}

function nonNegative(name: string, value: number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`timed element settings: ${name}: expected milliseconds >= 0, got ${String(value)}`);
  }
  return value;
}

function instantOrNull(name: string, value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value)) {
    throw new RangeError(`timed element settings: ${name}: expected epoch milliseconds, got ${String(value)}`);
  }
  return value;
}

export function timedElementVisibility(input: TimedElementVisibilityInput): TimedElementVisibility {
  const { settings } = input;
  const now = ms(input.now);
  const start = instantOrNull("startAt", settings.startAt);
  const end = instantOrNull("endAt", settings.endAt);
  const delay = nonNegative("delay", settings.delay);
  const duration = nonNegative("duration", settings.duration);

  if (end !== null && now >= end) return { state: "outside-window", visible: false };
  const storedDismissal = settings.dismissalType !== "disabled" && input.dismissedAt !== null && input.dismissedAt !== undefined;
  if (input.dismissedThisView || storedDismissal) return { state: "dismissed", visible: false };

  const shownFrom = Math.max(ms(input.mountedAt) + delay, start ?? Number.NEGATIVE_INFINITY);
  const hiddenFrom = Math.min(duration > 0 ? shownFrom + duration : Number.POSITIVE_INFINITY, end ?? Number.POSITIVE_INFINITY);
  if (start !== null && now < start) return { state: "outside-window", visible: false, nextChangeAt: shownFrom };
  if (now < shownFrom) return { state: "hidden-before-delay", visible: false, nextChangeAt: shownFrom };
  if (now >= hiddenFrom) return { state: end !== null && hiddenFrom === end ? "outside-window" : "expired", visible: false };
  return {
    state: "visible",
    visible: true,
    ...(Number.isFinite(hiddenFrom) ? { nextChangeAt: hiddenFrom } : {}),
  };
}

/** Which storage keeps the dismissal: session, local, or none for `disabled`. Default session. */
export function dismissalStorageKind(settings: DismissalSettings): "session" | "local" | null {
  if (settings.dismissalType === "disabled") return null;
  return settings.dismissalType === "local_storage" ? "local" : "session";
}

export type DismissalStores = { session: Store; local: Store };

/** The stored dismissal time, or null (always null for `disabled` or without a referenceId). */
export function readDismissal(settings: DismissalSettings, stores: DismissalStores, now: Instant): number | null {
  const kind = dismissalStorageKind(settings);
  if (!kind || !settings.referenceId?.trim()) return null;
  const value = stores[kind].get<unknown>(timedElementKey(settings.referenceId), null, { now });
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Records a dismissal where the settings say; false when nothing was stored (disabled, no id, no storage). */
export function recordDismissal(settings: DismissalSettings, stores: DismissalStores, now: Instant): boolean {
  const kind = dismissalStorageKind(settings);
  if (!kind || !settings.referenceId?.trim()) return false;
  return stores[kind].set(timedElementKey(settings.referenceId), ms(now));
}

/** Force-show: clears the dismissal from both storages, so a later change of dismissal type cannot revive it. */
export function clearDismissal(settings: Pick<DismissalSettings, "referenceId">, stores: DismissalStores): void {
  if (!settings.referenceId?.trim()) return;
  const key = timedElementKey(settings.referenceId);
  stores.session.remove(key);
  stores.local.remove(key);
}

/**
 * Timed elements in the page flow (the announcement bar, SPEC §2 Layout: at the top, above the navigation)
 * keep their place from the server HTML on, so showing one after its delay never pushes the page down
 * (CLS). At build: whether the window is open now, so the page's HTML holds the place at all.
 */
export function holdsPlaceAtBuild(settings: TimedElementSettings, buildTime: Instant): boolean {
  return timedElementVisibility({ settings, now: buildTime, mountedAt: buildTime }).state !== "outside-window";
}

/**
 * In the browser: whether the place stays while in this state. `null` is before the browser has decided
 * (the server HTML and hydration): the place is held. A dismissed, expired or ended element gives it up.
 */
export function keepsPlace(state: TimedElementState | null): boolean {
  return state === null || state === "hidden-before-delay" || state === "visible";
}
