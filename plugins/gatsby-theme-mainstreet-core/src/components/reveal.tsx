import React, { Children, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { REVEAL } from "@mainstreet/rules/constants";
import { initialAnimationStatus, nextAnimationStatus, revealDelayMs, revealMode, revealOffset, revealStorageKey, type AnimationStatus, type RevealDirection } from "@mainstreet/rules/motion";
import { browserSessionStorage, createStore } from "@mainstreet/rules/storage";
import { REDUCED_MOTION_QUERY, TOUCH_QUERY } from "../hooks/use-media-query";

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
  className?: string;
  as?: "div" | "li" | "section";
}

function matches(query: string): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

function isOnScreen(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.top < window.innerHeight && rect.bottom > 0;
}

/**
 * Reveal on scroll (SPEC §4, §9): slides 26 px up and fades in over 1000 ms when 5% of it is visible,
 * cascading by `index`. Server-rendered content is never hidden: the status is serverSide on the server,
 * and the browser only hides an element that is still below the fold when it hydrates (preAnimating),
 * plays it when it scrolls in (animating) and then leaves it alone (noAnimation). Off under
 * prefers-reduced-motion, on touch devices with the mobile-disable option, and after it played once
 * this session when once-only.
 */
export function Reveal({ id, children, index = 0, direction = REVEAL.direction, triggerOnce = true, disableOnTouch = true, className, as = "div" }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null);
  // serverSide on the server and in the first browser render alike, so hydration sees the same HTML.
  const [status, setStatus] = useState<AnimationStatus>(() => initialAnimationStatus(true));
  const key = typeof window === "undefined" ? null : revealStorageKey(`${window.location.pathname}#${id}`);

  useBrowserLayoutEffect(() => {
    const element = ref.current;
    if (!element || status !== "serverSide" || key === null) return;
    // Read the media queries directly: during hydration the hooks still report their server values.
    const mode = revealMode({
      reducedMotion: matches(REDUCED_MOTION_QUERY),
      touchDevice: matches(TOUCH_QUERY),
      disableOnTouch,
      triggerOnce,
      playedThisSession: createStore(browserSessionStorage).get<boolean>(key, false, { now: Date.now() }),
      visibleAtStart: isOnScreen(element),
    });
    setStatus(mode === "animate" ? nextAnimationStatus("serverSide") : "noAnimation");
  }, [status, disableOnTouch, triggerOnce, key]);

  useEffect(() => {
    const element = ref.current;
    if (!element || status !== "preAnimating" || key === null) return undefined;
    if (typeof IntersectionObserver === "undefined") {
      setStatus("noAnimation");
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        if (triggerOnce) createStore(browserSessionStorage).set(key, true);
        setStatus((current) => (current === "preAnimating" ? nextAnimationStatus(current) : current));
      },
      { threshold: REVEAL.visibilityFraction },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [status, key, triggerOnce]);

  useEffect(() => {
    if (status !== "animating") return undefined;
    // The transition's own end event is not reliable (an element scrolled away may never finish painting).
    const timer = setTimeout(() => setStatus(nextAnimationStatus), revealDelayMs(index) + REVEAL.durationMs);
    return () => clearTimeout(timer);
  }, [status, index]);

  const offset = revealOffset(direction);
  const style = {
    "--reveal-x": `${offset.x}px`,
    "--reveal-y": `${offset.y}px`,
    "--reveal-duration": `${REVEAL.durationMs}ms`,
    "--reveal-delay": `${revealDelayMs(index)}ms`,
  } as CSSProperties;
  const Tag = as;
  return (
    <Tag ref={ref as React.Ref<never>} className={["reveal", className].filter(Boolean).join(" ")} data-reveal-state={status} style={style}>
      {children}
    </Tag>
  );
}

/** Wraps each child in a Reveal with its index, so a grid of cards cascades in. */
export function RevealGroup({ id, children, className, itemClassName, columns }: { id: string; children: ReactNode; className?: string; itemClassName?: string; columns?: number }) {
  return (
    <div className={className} data-columns={columns}>
      {Children.toArray(children).map((child, index) => (
        <Reveal key={index} id={`${id}-${index}`} index={index} className={itemClassName}>
          {child}
        </Reveal>
      ))}
    </div>
  );
}
