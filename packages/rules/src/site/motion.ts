/**
 * Animation rules (SPEC §4 Animation status, Reveal animations, Accordion; §9 Animation): the status
 * cycle, when a reveal plays and with which delay and offset, and which accordion items stay open.
 */
import { REVEAL, STORAGE, type AnimationStatus } from "../business/constants";

export type { AnimationStatus };

/** serverSide while rendering on the server; a browser starts at preAnimating. */
export function initialAnimationStatus(isServer: boolean): AnimationStatus {
  return isServer ? "serverSide" : "preAnimating";
}

/** The cycle preAnimating → animating → noAnimation; noAnimation stays; serverSide hydrates to preAnimating. */
export function nextAnimationStatus(status: AnimationStatus): AnimationStatus {
  switch (status) {
    case "serverSide":
      return "preAnimating";
    case "preAnimating":
      return "animating";
    default:
      return "noAnimation";
  }
}

export const REVEAL_DIRECTIONS = ["up", "down", "left", "right"] as const;
export type RevealDirection = (typeof REVEAL_DIRECTIONS)[number];

export type RevealEnvironment = {
  /** `prefers-reduced-motion: reduce`: reveals are off entirely. */
  reducedMotion: boolean;
  /** The primary input is touch (coarse pointer, no hover). */
  touchDevice: boolean;
  /** The recipe's mobile-disable option. */
  disableOnTouch: boolean;
  /** Play once per browsing session. */
  triggerOnce: boolean;
  /** Already played this session (read from session storage). */
  playedThisSession: boolean;
  /** Already on screen when the page hydrated: hiding it now would make content blink. */
  visibleAtStart: boolean;
};

/** "animate": hide now and play when scrolled into view; "static": show as rendered, no animation. */
export function revealMode(env: RevealEnvironment): "animate" | "static" {
  if (env.reducedMotion) return "static";
  if (env.touchDevice && env.disableOnTouch) return "static";
  if (env.triggerOnce && env.playedThisSession) return "static";
  if (env.visibleAtStart) return "static";
  return "animate";
}

export type RevealTiming = { delayMs?: number; durationMs?: number; cascadeFactor?: number; cascade?: boolean };

/** Start delay of the `index`-th element of a group: each one waits cascadeFactor × duration more (SPEC §9). */
export function revealDelayMs(index: number, timing: RevealTiming = {}): number {
  const delay = timing.delayMs ?? REVEAL.delayMs;
  const duration = timing.durationMs ?? REVEAL.durationMs;
  const factor = timing.cascadeFactor ?? REVEAL.cascadeFactor;
  if (!Number.isInteger(index) || index < 0) {
    throw new RangeError(`revealDelayMs: index: expected a whole number of at least 0, got ${String(index)}`);
  }
  return timing.cascade === false ? delay : delay + index * duration * factor;
}

/** Where an element starts before sliding in: `up` starts below its place and moves up. */
export function revealOffset(direction: RevealDirection = REVEAL.direction, distancePx: number = REVEAL.slideDistancePx): { x: number; y: number } {
  switch (direction) {
    case "up":
      return { x: 0, y: distancePx };
    case "down":
      return { x: 0, y: -distancePx };
    case "left":
      return { x: distancePx, y: 0 };
    case "right":
      return { x: -distancePx, y: 0 };
    default:
      throw new RangeError(`revealOffset: direction: expected one of ${REVEAL_DIRECTIONS.join(", ")}, got ${JSON.stringify(direction)}`);
  }
}

/** Session-storage key recording that a reveal played. */
export function revealStorageKey(id: string): string {
  if (!id.trim()) throw new RangeError("revealStorageKey: expected a non-empty reveal id, got an empty one");
  return `${STORAGE.namespace}:reveal:${id.trim()}`;
}

/**
 * The open items after toggling `id`. Exclusive accordions (the default, SPEC §4) keep at most one item
 * open; others toggle independently. Order of the other open items is kept.
 */
export function toggleAccordionItem(open: readonly string[], id: string, options: { exclusive?: boolean } = {}): string[] {
  const exclusive = options.exclusive ?? true;
  if (open.includes(id)) return open.filter((item) => item !== id);
  return exclusive ? [id] : [...open, id];
}
