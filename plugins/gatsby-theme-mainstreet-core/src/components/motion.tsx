import React, { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { LazyMotion, MotionConfig } from "framer-motion";
import { usePrefersReducedMotion } from "../hooks/use-media-query";

type Features = typeof import("./motion-features").default;

let featuresPromise: Promise<Features> | null = null;
let featuresLoaded = false;

/** framer-motion's animation features, downloaded once (their own chunk) and shared by every layer. */
export function loadMotionFeatures(): Promise<Features> {
  featuresPromise ??= import("./motion-features").then((module) => {
    featuresLoaded = true;
    return module.default;
  });
  return featuresPromise;
}

const MotionReadyContext = createContext(false);

/**
 * framer-motion through LazyMotion + `m` only (strict: a stray `motion` component throws). This module is
 * imported only by the overlays that animate (tray, modal), which are themselves loaded on demand, so
 * no page pays for framer-motion before a visitor opens one.
 */
export function MotionProvider({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(featuresLoaded);
  const features = useCallback(
    (): Promise<Features> =>
      loadMotionFeatures().then((loaded) => {
        setReady(true);
        return loaded;
      }),
    [],
  );
  return (
    <LazyMotion features={features} strict>
      <MotionConfig reducedMotion="user">
        <MotionReadyContext.Provider value={ready}>{children}</MotionReadyContext.Provider>
      </MotionConfig>
    </LazyMotion>
  );
}

/**
 * Whether entering elements should animate: the features have loaded and the visitor has not asked for
 * reduced motion. Components pass `initial={false}` otherwise, so an element is never left at its hidden
 * start state waiting for code that is not there.
 */
export function useMotionEnabled(): boolean {
  const ready = useContext(MotionReadyContext);
  const reduced = usePrefersReducedMotion();
  return ready && !reduced;
}

/** A transition of `durationMs` in framer-motion's seconds, with the house easing. */
export function transitionFor(durationMs: number) {
  return { duration: durationMs / 1000, ease: [0.22, 1, 0.36, 1] as [number, number, number, number] };
}
