import React, { Children, useEffect, useLayoutEffect, useRef, type CSSProperties, type ReactNode } from "react";
import { REVEAL } from "@mainstreet/rules/business/constants";
import { initialAnimationStatus, nextAnimationStatus, revealDelayMs, revealMode, revealOffset, revealStorageKey, type AnimationStatus, type RevealDirection } from "@mainstreet/rules/site/motion";
import { browserSessionStorage, createStore } from "@mainstreet/rules/site/storage";
import { REDUCED_MOTION_QUERY, TOUCH_QUERY, matchesMedia } from "../hooks/media-queries";

// useLayoutEffect warns on the server; the decision only matters in the browser.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

interface RevealProps {
  /** Stable id (per page) under which a once-only reveal is remembered for the session. */
  id: string;
  children: ReactNode;
  index?: number;
  direction?: RevealDirection;
  /** Play once per session (SPEC §4); default true. */
  triggerOnce?: boolean;
  /** The recipe's mobile-disable option: no reveal on touch devices; default true. */
  disableOnTouch?: boolean;
  /**
   * False for content a visitor acts on (item cards with Add and Like): a card sliding in moves its
   * buttons under the finger, and a tap lands on the wrong spot or nothing. It is then shown as rendered.
   */
  animate?: boolean;
  className?: string;
  as?: "div" | "li" | "section";
}

function isOnScreen(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.top < window.innerHeight && rect.bottom > 0;
}

/**
 * Plays one element's reveal by writing its `data-reveal-state` attribute, and returns the cleanup.
 * The status lives in the DOM, not in React state: a page with forty cards would otherwise re-render
 * each card two or three times after hydration for what is only a CSS class change. React never
 * rewrites the attribute, because the prop it renders ("serverSide") never changes.
 */
function playReveal(element: HTMLElement, key: string, options: { index: number; triggerOnce: boolean; disableOnTouch: boolean }): () => void {
  const set = (status: AnimationStatus) => {
    element.dataset.revealState = status;
    return status;
  };
  // Read the media queries directly: during hydration the hooks still report their server values.
  const mode = revealMode({
    reducedMotion: matchesMedia(REDUCED_MOTION_QUERY),
    touchDevice: matchesMedia(TOUCH_QUERY),
    disableOnTouch: options.disableOnTouch,
    triggerOnce: options.triggerOnce,
    playedThisSession: createStore(browserSessionStorage).get<boolean>(key, false, { now: Date.now() }),
    visibleAtStart: isOnScreen(element),
  });
  if (mode !== "animate" || typeof IntersectionObserver === "undefined") {
    set("noAnimation");
    return () => undefined;
  }
  let status = set(nextAnimationStatus("serverSide"));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      if (status !== "preAnimating" || !entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      if (options.triggerOnce) createStore(browserSessionStorage).set(key, true);
      status = set(nextAnimationStatus(status));
      // The transition's own end event is not reliable (an element scrolled away may never finish painting).
      timer = setTimeout(() => {
        status = set(nextAnimationStatus(status));
      }, revealDelayMs(options.index) + REVEAL.durationMs);
    },
    { threshold: REVEAL.visibilityFraction },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
}

/**
 * Reveal on scroll (SPEC §4, §9): slides 26 px up and fades in over 1000 ms when 5% of it is visible,
 * cascading by `index`. Server-rendered content is never hidden: the status is serverSide on the server,
 * and the browser only hides an element that is still below the fold when it hydrates (preAnimating),
 * plays it when it scrolls in (animating) and then leaves it alone (noAnimation). Off under
 * prefers-reduced-motion, on touch devices with the mobile-disable option, after it played once this
 * session when once-only, and for content a visitor acts on (`animate={false}`).
 */
export function Reveal({ id, children, index = 0, direction = REVEAL.direction, triggerOnce = true, disableOnTouch = true, animate = true, className, as = "div" }: RevealProps) {
  const ref = useRef<HTMLElement>(null);

  // Before the first paint of a hydrated page, so an element below the fold is hidden before it shows.
  useBrowserLayoutEffect(() => {
    const element = ref.current;
    if (!element || !animate) return undefined;
    return playReveal(element, revealStorageKey(`${window.location.pathname}#${id}`), { index, triggerOnce, disableOnTouch });
    // Played once per mount: a re-render with new props must not hide content the visitor already sees.
  }, []);

  const offset = revealOffset(direction);
  const style = {
    "--reveal-x": `${offset.x}px`,
    "--reveal-y": `${offset.y}px`,
    "--reveal-duration": `${REVEAL.durationMs}ms`,
    "--reveal-delay": `${revealDelayMs(index)}ms`,
  } as CSSProperties;
  const Tag = as;
  const initial: AnimationStatus = animate ? initialAnimationStatus(true) : "noAnimation";
  return (
    <Tag ref={ref as React.Ref<never>} className={["reveal", className].filter(Boolean).join(" ")} data-reveal-state={initial} style={animate ? style : undefined}>
      {children}
    </Tag>
  );
}

/** Wraps each child in a Reveal with its index, so a grid of cards cascades in (unless `animate` is false). */
export function RevealGroup({
  id,
  children,
  className,
  itemClassName,
  columns,
  animate = true,
}: {
  id: string;
  children: ReactNode;
  className?: string;
  itemClassName?: string;
  columns?: number;
  animate?: boolean;
}) {
  return (
    <div className={className} data-columns={columns}>
      {Children.toArray(children).map((child, index) => (
        <Reveal key={index} id={`${id}-${index}`} index={index} className={itemClassName} animate={animate}>
          {child}
        </Reveal>
      ))}
    </div>
  );
}
