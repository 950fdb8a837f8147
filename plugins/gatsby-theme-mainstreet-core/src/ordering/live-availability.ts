import { useSyncExternalStore } from "react";
import { LIVE_AVAILABILITY_MAX_AGE_MS, readOrderingLocations, readPublicAvailability, sameSoldOut, withLiveSoldOut, type LiveSoldOut } from "@mainstreet/rules/orders/live-availability";
import { isItemSoldOut } from "@mainstreet/rules/orders/sold-out";
import { apiGet } from "../runtime/api-read";

/**
 * What is sold out now, read from `GET businesses/{id}/availability/` by the ordering code that
 * loads with the Add buttons and the item dialog (never by the page's first load): one request however
 * many cards a page shows, asked when the first Add button's code loads (near the viewport, or touched).
 *
 * A small store rather than a provider: each card and the dialog subscribe to what they show
 * (useSyncExternalStore), so an answer that changes nothing on a card never renders it, and one that
 * marks a single item sold out renders that card alone.
 */

let current: LiveSoldOut | null = null;
/** The locations taking online orders, each with its `paused_until`, from the same answer; null until it comes. */
let ordering: ReadonlyMap<string, string | null> | null = null;
const listeners = new Set<() => void>();
let shared: { siteId: string; at: number; promise: Promise<void> } | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(reply: unknown): void {
  const next = readPublicAvailability(reply);
  const nextOrdering = readOrderingLocations(reply);
  if (!next || !nextOrdering) return;
  const before = ordering;
  const sameOrdering = before !== null && nextOrdering.size === before.size && [...nextOrdering].every(([id, until]) => before.has(id) && before.get(id) === until);
  if (sameSoldOut(current, next) && sameOrdering) return;
  if (!sameSoldOut(current, next)) current = next;
  ordering = nextOrdering;
  for (const listener of [...listeners]) listener();
}

function read(siteId: string): Promise<void> {
  return apiGet<unknown>(`businesses/${encodeURIComponent(siteId)}/availability/`).then(
    publish,
    // Unreachable or refused: the page keeps what the build says, and the service still refuses what is sold out.
    () => undefined,
  );
}

/**
 * Reads what is sold out, once for every card of a page: the answer is shared while it is younger than
 * the service's own cache time, so a later page (a client-side navigation) asks again.
 */
export function loadLiveAvailability(siteId: string, now: number = Date.now()): Promise<void> {
  if (shared && shared.siteId === siteId && now - shared.at < LIVE_AVAILABILITY_MAX_AGE_MS) return shared.promise;
  const promise = read(siteId);
  shared = { siteId, at: now, promise };
  return promise;
}

/** Reads it again now (the item dialog, when it opens, and after the service refused a sold-out line). */
export function refreshLiveAvailability(siteId: string, now: number = Date.now()): Promise<void> {
  shared = null;
  return loadLiveAvailability(siteId, now);
}

/** What is sold out now; null until the first answer. The dialog re-renders when any mark changes. */
export function useLiveSoldOut(): LiveSoldOut | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}

/** What the service says of a location's online orders now: not known yet, off, on, or paused until then. */
export type LiveOrdering = { known: false } | { known: true; takingOrders: boolean; pausedUntil: string | null };

const UNKNOWN = "?";
const OFF = "off";

/** The location's live ordering answer; the snapshot is a string, so a subscriber renders only when it changes. */
export function useLiveOrdering(locationId: string | undefined): LiveOrdering {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => (ordering === null || !locationId ? UNKNOWN : ordering.has(locationId) ? (ordering.get(locationId) ?? "") : OFF),
    () => UNKNOWN,
  );
  if (snapshot === UNKNOWN) return { known: false };
  return { known: true, takingOrders: snapshot !== OFF, pausedUntil: snapshot === OFF || snapshot === "" ? null : snapshot };
}

/** Whether the service says the location takes no online orders now: a boolean snapshot, so a card renders only when that changes. */
export function useTakesNoOrders(locationId: string | undefined): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ordering !== null && locationId !== undefined && !ordering.has(locationId),
    () => false,
  );
}

interface CardItem {
  itemId: string;
  available: boolean;
  variations: { id: string; available?: boolean }[];
}

/** Whether the card's item is sold out now: a boolean snapshot, so only a card whose answer changes renders. */
export function useItemSoldOutNow(item: CardItem): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isItemSoldOut(withLiveSoldOut(item, item.itemId, current)),
    () => isItemSoldOut(item),
  );
}

/** Forgets every answer (tests). */
export function resetLiveAvailability(): void {
  current = null;
  ordering = null;
  shared = null;
  listeners.clear();
}
