import { ANIMATION } from "@mainstreet/rules/business/constants";
import { pageTransitionFor } from "@mainstreet/rules/site/page-transition";
import { REDUCED_MOTION_QUERY, matchesMedia } from "../hooks/media-queries";

/**
 * The page-out / page-in fade of SPEC §2: an overlay with a spinner fades in over 200 ms, the router
 * changes the page, then the overlay fades out over 200 ms. Plain DOM: it must work before and
 * outside React, and cost next to nothing on pages where nobody clicks.
 */
const OVERLAY_ID = "page-transition";
// If the router never reports the new page (a failed load ends in a full navigation), never leave
// the visitor behind an overlay.
const STUCK_OVERLAY_MS = 10_000;

type State = "idle" | "out" | "in";
let state: State = "idle";
let overlay: HTMLElement | null = null;
let stuckTimer: ReturnType<typeof setTimeout> | undefined;

function afterTransition(element: HTMLElement, durationMs: number, done: () => void): void {
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    element.removeEventListener("transitionend", onEnd);
    clearTimeout(fallback);
    done();
  };
  const onEnd = (event: TransitionEvent) => {
    if (event.target === element && event.propertyName === "opacity") finish();
  };
  element.addEventListener("transitionend", onEnd);
  // Background tabs may never fire transitionend; the fade's own length bounds the wait.
  const fallback = setTimeout(finish, durationMs + 100);
}

function ensureOverlay(): HTMLElement {
  if (overlay && document.body.contains(overlay)) return overlay;
  overlay = document.createElement("div");
  overlay.id = OVERLAY_ID;
  overlay.className = "page-transition";
  overlay.setAttribute("aria-hidden", "true");
  overlay.style.setProperty("--page-transition-out", `${ANIMATION.pageTransitionFadeOutMs}ms`);
  overlay.style.setProperty("--page-transition-in", `${ANIMATION.pageTransitionFadeInMs}ms`);
  const spinner = document.createElement("div");
  spinner.className = "page-transition__spinner";
  overlay.appendChild(spinner);
  document.body.appendChild(overlay);
  return overlay;
}

/** Starts the fade-out and calls `navigate` once the overlay covers the page. */
export function installPageTransition(navigate: (to: string) => void): () => void {
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    if (!anchor || state !== "idle") return;
    const decision = pageTransitionFor({
      href: anchor.href,
      current: window.location.href,
      button: event.button,
      altKey: event.altKey,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      shiftKey: event.shiftKey,
      defaultPrevented: event.defaultPrevented,
      target: anchor.getAttribute("target"),
      download: anchor.hasAttribute("download"),
      reducedMotion: matchesMedia(REDUCED_MOTION_QUERY),
    });
    if (!decision.transition) return;
    event.preventDefault();
    state = "out";
    const element = ensureOverlay();
    element.classList.remove("is-leaving");
    // Read layout so the browser starts the fade from opacity 0.
    void element.offsetWidth;
    element.classList.add("is-visible");
    afterTransition(element, ANIMATION.pageTransitionFadeOutMs, () => navigate(decision.to));
    clearTimeout(stuckTimer);
    stuckTimer = setTimeout(() => finishPageTransition(), STUCK_OVERLAY_MS);
  };
  document.addEventListener("click", onClick, true);
  return () => document.removeEventListener("click", onClick, true);
}

/** Called on every route update: fades the overlay out over the new page. */
export function finishPageTransition(): void {
  if (state !== "out" || !overlay) return;
  clearTimeout(stuckTimer);
  state = "in";
  const element = overlay;
  element.classList.add("is-leaving");
  element.classList.remove("is-visible");
  afterTransition(element, ANIMATION.pageTransitionFadeInMs, () => {
    element.classList.remove("is-leaving");
    state = "idle";
  });
}
