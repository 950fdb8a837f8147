/** Media queries the components read, in one place; reading one needs no React (use-media-query.ts subscribes). */
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";
/** A primary pointer that can hover precisely: a mouse or trackpad, not a finger. */
export const CAN_HOVER_QUERY = "(hover: hover) and (pointer: fine)";
/** A primary input that is a finger on a screen. */
export const TOUCH_QUERY = "(hover: none) and (pointer: coarse)";

/** The query's answer now; false where there is no matchMedia (the server, old test environments). */
export function matchesMedia(query: string): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}
