import React, { Suspense, memo, useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { DEFERRED_PRELOAD_MARGIN_PX } from "@mainstreet/rules/constants";

/**
 * Code a page needs only once the visitor reaches or touches a part of it: forms, likes, the cart.
 *
 * The server renders a deferred part in full (Gatsby waits for every Suspense boundary before writing
 * the HTML). In the browser the part's code is a separate chunk that is not fetched while the page
 * hydrates: React then keeps the server HTML of that Suspense boundary as it is, unhydrated, and the
 * rest of the page hydrates around it. When the part comes within reach (near the viewport, or the
 * visitor points at, touches or tabs into it) its chunk loads and React hydrates it in place. A page
 * whose visitor never scrolls to the footer never downloads or runs the sign-up form.
 *
 * After the first page, a deferred part renders like any lazy component (its chunk is usually cached).
 */

type When = "visible" | "interaction";

interface DeferredOptions {
  /** When to load: "visible" (near the viewport, or touched), or "interaction" only. Default "visible". */
  when?: When;
  /** The wrapper element: "div" in block context, "span" inside inline content. Default "div". */
  as?: "div" | "span";
}

export type DeferredComponent<P extends object> = React.MemoExoticComponent<(props: P) => React.JSX.Element> & {
  /** Fetches the part's code now. */
  preload: () => Promise<void>;
};

const INTERACTION_EVENTS = ["pointerdown", "focusin", "keydown", "touchstart", "mouseover"] as const;

/** Every deferred part's loader, so tests (and a page about to be left) can load them all at once. */
const loaders = new Set<() => Promise<void>>();
/** Loaders of parts mounted on this page and still waiting for their moment. */
const waiting = new Set<() => void>();

/** Loads the code of every deferred part (tests render synchronously after it). */
export function preloadAllDeferred(): Promise<void> {
  return Promise.all([...loaders].map((load) => load())).then(() => undefined);
}

/**
 * Opens every part still waiting on this page: called when the visitor leaves for another page, so the
 * parts the layout keeps (the footer's sign-up form) are hydrated, or at least loaded, by the time the
 * next page renders around them.
 */
export function openWaitingDeferred(): void {
  for (const open of [...waiting]) open();
}

let hydrating = typeof window !== "undefined";

/** The first page has hydrated: from now on a deferred part renders as soon as its code is there. */
export function markInitialHydrationDone(): void {
  hydrating = false;
}

/** Tells the part's wrapper, from inside the Suspense boundary, that the part has hydrated (or rendered). */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function createGate(): Gate {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** The element whose box tells whether the part is near the viewport (the wrapper has no box). */
function observedElement(wrapper: HTMLElement): Element {
  return wrapper.firstElementChild ?? wrapper;
}

export function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, options: DeferredOptions = {}): DeferredComponent<P> {
  const { when = "visible", as: Tag = "div" } = options;
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> => {
    pending ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        // A chunk that failed (offline, replaced by a deploy) is tried again on the next attempt.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  loaders.add(preload);

  function Part({ gate, props, onReady }: { gate: Promise<void> | null; props: P; onReady: () => void }) {
    if (Loaded) {
      return (
        <>
          <Loaded {...props} />
          <Ready onReady={onReady} />
        </>
      );
    }
    // Suspends: on the server until the chunk is there; in the browser until the gate opens and the
    // chunk is there (while hydrating, React keeps the server HTML meanwhile).
    throw gate ? gate.then(preload) : preload();
  }

  function Deferred(props: P) {
    const wrapper = useRef<HTMLElement>(null);
    // Only a part hydrating from server HTML waits for its moment; one rendered later loads at once.
    const [gate] = useState<Gate | null>(() => (hydrating && !Loaded ? createGate() : null));
    // A click or submit that came before the part's code: held, then done again once it has hydrated.
    const held = useRef<{ ready: boolean; action: (() => void) | null }>({ ready: gate === null, action: null });
    const onReady = useCallback(() => {
      const { action } = held.current;
      held.current = { ready: true, action: null };
      action?.();
    }, []);

    useEffect(() => {
      const element = wrapper.current;
      if (!gate || !element) return undefined;
      // The server HTML is live before its code: a click would be lost (React 18 stops the propagation of
      // a click on unhydrated content and does not replay it) and a form's submit button would send the
      // form as a plain GET. Held here and done again when ready. Listened for on the window, in the capture
      // phase, so it runs before React's own listener on the root.
      const hold = (event: Event) => {
        if (held.current.ready) return;
        const target = event.target as HTMLElement | null;
        if (!target || !element.contains(target)) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        const form = event.type === "submit" ? (target as HTMLFormElement) : null;
        held.current.action = () => {
          if (!target.isConnected) return;
          if (form) form.requestSubmit();
          else target.click();
        };
        gate.open();
      };
      window.addEventListener("click", hold, true);
      window.addEventListener("submit", hold, true);
      let done = false;
      const open = () => {
        if (done) return;
        done = true;
        cleanup();
        gate.open();
      };
      const observer =
        when === "visible" && typeof IntersectionObserver !== "undefined"
          ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && open(), {
              rootMargin: `${DEFERRED_PRELOAD_MARGIN_PX}px`,
            })
          : null;
      observer?.observe(observedElement(element));
      for (const name of INTERACTION_EVENTS) element.addEventListener(name, open, { passive: true });
      waiting.add(open);
      function cleanup() {
        observer?.disconnect();
        for (const name of INTERACTION_EVENTS) element?.removeEventListener(name, open);
        waiting.delete(open);
      }
      return () => {
        cleanup();
        window.removeEventListener("click", hold, true);
        window.removeEventListener("submit", hold, true);
      };
    }, [gate]);

    return (
      <Tag ref={wrapper as React.Ref<never>} className="deferred">
        <Suspense fallback={null}>
          <Part gate={gate?.promise ?? null} props={props} onReady={onReady} />
        </Suspense>
      </Tag>
    );
  }

  // A re-render of the parent with the same props must not reach a boundary that is still unhydrated
  // (React would give up its server HTML and render it from scratch).
  return Object.assign(memo(Deferred), { preload });
}
