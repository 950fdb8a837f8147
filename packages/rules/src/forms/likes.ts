/**
 * Menu-item likes (SPEC §3 annotations.likeCount, the 'annotate menu item' action): one like per
 * visitor per item. The browser keeps a random visitor id (32 hex, the service's format) and the items
 * it liked; the service keeps one row per visitor and item, so a repeat from anywhere counts once.
 */
import { createSessionToken, isSessionToken, type RandomSource } from "../api/session-token";
import { siteStorageKey, type Instant, type Store } from "../site/storage";

export const VISITOR_ID_NAME = "visitor-id";
export const LIKED_ITEMS_NAME = "liked-items";

/** The visitor's id for this site, created and kept on first use. */
export function visitorId(store: Store, siteId: string, now: Instant, random?: RandomSource | null): string {
  const key = siteStorageKey(siteId, VISITOR_ID_NAME);
  const stored = store.get<unknown>(key, null, { now });
  if (isSessionToken(stored)) return stored;
  const created = createSessionToken(random);
  store.set(key, created);
  return created;
}

export function likedItems(store: Store, siteId: string, now: Instant): string[] {
  const stored = store.get<unknown>(siteStorageKey(siteId, LIKED_ITEMS_NAME), [], { now });
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
}

export function rememberLike(store: Store, siteId: string, itemId: string, now: Instant): void {
  const liked = likedItems(store, siteId, now);
  if (!liked.includes(itemId)) store.set(siteStorageKey(siteId, LIKED_ITEMS_NAME), [...liked, itemId]);
}

export interface LikeState {
  count: number;
  liked: boolean;
  status: "idle" | "sending" | "failed";
  message: string | null;
}

export type LikeAction =
  | { type: "restore"; liked: boolean }
  | { type: "count"; count: number }
  | { type: "send" }
  | { type: "confirm"; count: number; alreadyLiked: boolean }
  | { type: "fail"; message: string };

export function initialLikeState(count: number): LikeState {
  return { count, liked: false, status: "idle", message: null };
}

/** Whether a press sends a like: not while one is in flight, never a second time. */
export function canLike(state: LikeState): boolean {
  return !state.liked && state.status !== "sending";
}

/*
 * A like is shown at once (liked, counted), before the service has answered: a tap answers in the next frame.
 * The service's answer then sets the count; a failure takes the like back and says why.
 */

export function likeReducer(state: LikeState, action: LikeAction): LikeState {
  switch (action.type) {
    case "restore":
      return { ...state, liked: state.liked || action.liked };
    case "count":
      // A live count never goes below what this visitor has already seen confirmed.
      if (!Number.isInteger(action.count) || action.count < 0 || state.status === "sending") return state;
      return { ...state, count: state.liked ? Math.max(action.count, state.count) : action.count };
    case "send":
      return canLike(state) ? { ...state, liked: true, count: state.count + 1, status: "sending", message: null } : state;
    case "confirm":
      if (state.status !== "sending") return state;
      return {
        count: action.count,
        liked: true,
        status: "idle",
        message: action.alreadyLiked ? "You already liked this." : "Thanks for the like!",
      };
    case "fail":
      return state.status === "sending" ? { ...state, liked: false, count: Math.max(0, state.count - 1), status: "failed", message: action.message } : state;
  }
}

/**
 * Below this many likes a count reads as a verdict against the item ("0 likes", "1 like"), so a card
 * shows only the Like button. A visitor who has just liked an item sees the count whatever it is: it
 * confirms their like.
 */
export const LIKE_COUNT_SHOWN_FROM = 3;

/** The count's text, or null when the count should not be shown (LIKE_COUNT_SHOWN_FROM). */
export function likeCountLabel(count: number, options: { likedByVisitor?: boolean } = {}): string | null {
  if (!Number.isInteger(count) || count < 0) return null;
  if (count < LIKE_COUNT_SHOWN_FROM && !(options.likedByVisitor && count > 0)) return null;
  return `${count.toLocaleString("en-US")} ${count === 1 ? "like" : "likes"}`;
}
