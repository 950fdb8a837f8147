import React, { Suspense, createContext, memo, useCallback, useContext, useEffect, useRef, useState, type ComponentType } from "react";
import { VIEWPORT_OBSERVER } from "@mainstreet/rules/business/constants";
import { lazyModule } from "./lazy-module";
import { prefetchCode, whenIdle } from "./prefetch";
import { BROWSER_DISCLOSURES, DEFERRED_CLASS, HELD_ATTRIBUTE, NATIVE_CONTROLS, markHeld, takeEarlyTaps } from "./early-taps";
import { PART_CODE_ATTRIBUTE, VISIBLE_PART_ATTRIBUTE } from "../data/page-start";

/**
 * Code a page needs only once the visitor reaches or touches a part of it: the header's menus, forms, likes,
 * the cart, the footer.
 *
 * The server renders a deferred part in full (Gatsby waits for every Suspense boundary before writing
 * the HTML). In the browser the part's code is a separate chunk that is not fetched while the page
 * hydrates: React then keeps the server HTML of that Suspense boundary as it is, unhydrated, and the
 * rest of the page hydrates around it. When the part's moment comes (the visitor points at, touches or tabs
 * into it; or, for `when: "visible"`, it nears the screen) its chunk loads and React hydrates it in place. A
 * page whose visitor never opens the menu or scrolls to the footer never downloads or runs their code.
 *
 * Should React have to render an unhydrated part from scratch (a context it reads changed with the page, or
 * its props did), it shows the part's server HTML, kept as it was, while the code arrives, which it then
 * fetches at once: the part never blinks out. What only the browser knows inside a part that may stay
 * unhydrated (an open status, today's hours) is written into elements the browser owns (browser-owned.tsx).
 *
 * After the first page, a deferred part renders like any lazy component (its chunk is usually cached).
 */

type DeferredOptions = {
  /** The wrapper element: "div" in block context, "span" inside inline content. Default "div". */
  as?: "div" | "span";
  /**
   * A signal that also opens it (openDeferred): something elsewhere on the page changed what the part shows
   * (the cart, for the header's cart button).
   */
  openOn?: string;
  /**
   * Its code is already on the page (hydrateOnDemand): only the hydration waits for the part's moment. Rendered
   * anew in the browser (another page, a re-render from scratch) it renders at once, with no wait for a chunk.
   */
  codeOnPage?: boolean;
  /**
   * Inside another part, it waits for its own moment when that part hydrates from the server's HTML, rather than
   * loading with it (an inner part's default): the desktop menus inside the header, which a phone never uses.
   */
  ownMoment?: boolean;
  /**
   * "part-" and the file its `import()` loads: its server HTML carries it, so the page watcher can prefetch its code
   * as it nears the screen, before the app has started (node/part-code.ts finds the files). Then, space-separated,
   * the same for code that code loads on the part's first touch (Add's item dialog), prefetched with it.
   */
  code?: `part-${string}`;
} & (
  | {
      /** Load when the visitor points at, touches, focuses or types in it (the default). */
      when?: "interaction";
    }
  | {
      /**
       * Load when it comes near the viewport (or is touched): a part whose code must run for the visitor to see
       * it right. Its name marks its server HTML, so one already near the screen when the page starts is loaded
       * before hydration and hydrates with the page (preloadVisibleParts) rather than in a commit of its own.
       */
      when: "visible";
      name: string;
    }
);

export type DeferredComponent<P extends object> = React.MemoExoticComponent<(props: P) => React.JSX.Element> & {
  /** Fetches the part's code now. */
  preload: () => Promise<void>;
};

const INTERACTION_EVENTS = ["pointerdown", "focusin", "keydown", "touchstart", "mouseover"] as const;

/**
 * Stops a click or submit aimed at a part that cannot answer it yet, and returns what does it again: the same
 * click on the same element (an icon inside a button, too, with its count: a keyboard's click, detail 0, still
 * reads as one), or the form's submit. Null for a click the browser carries out by itself, which is left alone:
 * a click on a field or its label ticks a box or picks an option, and the form takes what the page shows when it
 * hydrates (form-kit.tsx); held, a tick would come late. So is a click on a popover's button or a summary: the
 * browser opens the disclosure in the next frame, and the part's code takes it over open (native-popover.ts).
 */
function holdEvent(event: Event, target: Element): (() => void) | null {
  if (event.type === "click" && target.closest(NATIVE_CONTROLS)) return null;
  event.preventDefault();
  event.stopImmediatePropagation();
  const control = markHeld(event, target);
  const form = event.type === "submit" ? (target as HTMLFormElement) : null;
  const { detail, button, clientX, clientY } = event as MouseEvent;
  return () => {
    control?.removeAttribute(HELD_ATTRIBUTE);
    if (!target.isConnected) return;
    if (form) form.requestSubmit();
    else target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true, view: window, detail, button, clientX, clientY }));
  };
}

/**
 * Whether a popover inside `root` was opened by the browser (a tap on its button before the code: native-popover.ts).
 * Here rather than there, so the page's first code does not carry that module.
 */
function hasOpenPopover(root: Element): boolean {
  if (typeof HTMLElement === "undefined" || !("showPopover" in HTMLElement.prototype)) return false;
  return root.querySelector(":popover-open") !== null;
}

/** A part whose component has mounted, as the page's listeners reach it. */
interface MountedPart {
  /** Its content has hydrated or rendered: a tap inside it is its own. */
  ready: () => boolean;
  /** Keeps a tap that came before, to do again once ready. */
  hold: (action: () => void) => void;
  /** The visitor points at, touches, focuses or types in it. */
  approach: (event: Event, target: Element) => void;
}
const mounted = new WeakMap<Element, MountedPart>();

/**
 * What the visitor did to a part before its component had mounted, kept by its wrapper until it mounts. Any entry
 * means the visitor approached the part.
 */
interface EarlyTouch {
  hovered: Element | null;
  action: (() => void) | null;
}
const early = new WeakMap<Element, EarlyTouch>();

function earlyTouch(wrapper: Element): EarlyTouch {
  let touch = early.get(wrapper);
  if (!touch) early.set(wrapper, (touch = { hovered: null, action: null }));
  return touch;
}

/** The deferred wrappers around `target`, innermost first. */
function wrappersAround(target: Element): Element[] {
  const wrappers: Element[] = [];
  const selector = `.${DEFERRED_CLASS}`;
  for (let wrapper = target.closest(selector); wrapper; wrapper = wrapper.parentElement?.closest(selector) ?? null) wrappers.push(wrapper);
  return wrappers;
}

/**
 * One set of listeners, on the window in the capture phase, for every part of the page: they run before React's
 * own on the root, which stops a discrete event (pointerdown, touchstart, focusin, keydown, click) aimed at
 * unhydrated content before it could reach the part, and drops the click. A part's approach starts its load; a
 * click or submit inside it before its code has run is held by the outermost part around it that is not yet ready
 * (an inner part mounts only once its outer one has hydrated, and React hydrates it in a pass of its own a moment
 * later) and done again once that part is ready.
 *
 * They are set when this module runs, before React hydrates the page: it waits for the page's data and for the code
 * of the parts already on screen (hydrateOrRender), then hydrates in slices, and only then do the parts mount. A tap
 * in that time is kept on the part's wrapper, which its component takes when it mounts. The taps the page's inline
 * script held before any script of ours had run (early-taps.ts) are handed over here, as is every later one.
 * Without this, both would be lost: on a phone still loading the menu, Add would open nothing. A link not yet in a mounted
 * part is left to the browser: it works as served.
 */
function approach(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  let unready = false;
  // A finger on a disclosure's toggle: the browser opens its served popover on the click, with no code. Started
  // now, the part's hydration (its code fetched or prefetched) would be done by the click, and the component's own
  // handler would then open its animated form, whose code may still be on the way. It starts after the click (hold).
  const browserOpens = (event.type === "pointerdown" || event.type === "touchstart") && target.closest(BROWSER_DISCLOSURES) !== null;
  for (const wrapper of wrappersAround(target)) {
    const part = mounted.get(wrapper);
    if (!part?.ready()) unready = true;
    if (part && browserOpens && !part.ready()) continue;
    if (part) part.approach(event, target);
    else {
      const touch = earlyTouch(wrapper);
      if (event.type === "mouseover") touch.hovered = target;
    }
  }
  // React hydrates a part whose code is there synchronously, inside the handler of a discrete event aimed at it: a
  // long task between the finger and the next frame. A finger's pointerdown or touchstart is kept from React (the
  // part's own handlers cannot run before it has hydrated anyway): the part hydrates in slices from the approach
  // above, and the tap that follows is held and shown held (markHeld) in the next frame. Focus and keys still reach
  // React, whose handlers for them (a form that loads its calendar when focused) must see the first one.
  if (unready && (event.type === "pointerdown" || event.type === "touchstart")) event.stopPropagation();
}

function hold(event: Event): void {
  const target = event.target;
  // An Element, not only an HTMLElement: a tap on a button's icon is aimed at its <svg>.
  if (!(target instanceof Element)) return;
  let holder: Element | null = null;
  for (const wrapper of wrappersAround(target)) if (!mounted.get(wrapper)?.ready()) holder = wrapper;
  if (!holder) return;
  // A disclosure's toggle opens its served popover by itself (early-taps.ts leaves it to the browser); seen by
  // React, the click would first hydrate the part synchronously, a long task before the browser opens it.
  if (event.type === "click" && target.closest(BROWSER_DISCLOSURES)) {
    event.stopPropagation();
    // Once the browser has shown it, the parts load and take the open popover over (useNativePopover).
    const parts = wrappersAround(target).map((wrapper) => mounted.get(wrapper));
    requestAnimationFrame(() => setTimeout(() => parts.forEach((part) => part?.approach(event, target))));
    return;
  }
  const part = mounted.get(holder);
  if (!part && event.type === "click" && target.closest("a[href]")) return;
  const action = holdEvent(event, target);
  if (!action) return;
  if (part) return part.hold(action);
  earlyTouch(holder).action = action;
}

if (typeof window !== "undefined") {
  for (const name of INTERACTION_EVENTS) window.addEventListener(name, approach, { capture: true, passive: true });
  if (!takeEarlyTaps(hold)) {
    window.addEventListener("click", hold, true);
    window.addEventListener("submit", hold, true);
  }
}

/** Every deferred part's loader, so tests (and a page about to be left) can load them all at once. */
const loaders = new Set<() => Promise<void>>();
/** The loaders of the parts that load when visible, by name (the `data-deferred-part` of their server HTML). */
const visibleLoaders = new Map<string, () => Promise<void>>();

/**
 * Fetches the code of the "visible" parts whose server HTML is already near the screen, so they hydrate with
 * the page instead of a moment later in a commit of their own. Gives up waiting after `timeoutMs` (the parts
 * then hydrate when their code comes, as any other).
 */
export function preloadVisibleParts(root: ParentNode = document, timeoutMs = 1500): Promise<void> {
  const names = new Set<string>();
  const reach = window.innerHeight + VIEWPORT_OBSERVER.marginPx;
  for (const element of root.querySelectorAll<HTMLElement>(`[${VISIBLE_PART_ATTRIBUTE}]`)) {
    const box = (element.firstElementChild ?? element).getBoundingClientRect();
    if (box.bottom >= -VIEWPORT_OBSERVER.marginPx && box.top <= reach) names.add(element.dataset.deferredPart ?? "");
  }
  const loads = [...names].map((name) => visibleLoaders.get(name)?.().catch(() => undefined));
  if (loads.length === 0) return Promise.resolve();
  return Promise.race([Promise.all(loads).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}

/** Loaders of parts mounted on this page and still waiting for their moment. */
const waiting = new Set<() => void>();

/** The loaders of parts waiting for the visitor's touch, by their wrapper: their code is prefetched when in view. */
const touchParts = new Map<Element, () => Promise<unknown>>();

/**
 * Prefetches, when the browser is idle after the first hydration, the code of the parts on screen that wait for a
 * touch (the header's menu, a form in view, the first Likes): fetched into the cache, not run, not hydrated
 * (prefetch.ts). A visitor who then taps one waits for no download. Parts below the screen still load on
 * approach, so a long page does not fetch every part's code.
 */
export function prefetchPartsInView(): void {
  whenIdle(() => {
    for (const [wrapper, load] of touchParts) {
      const box = observedElement(wrapper as HTMLElement).getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight && box.width > 0) prefetchCode(load);
    }
  });
}

/** The same, by the signal that opens them. */
const waitingFor = new Map<string, Set<() => void>>();

/** Opens the parts waiting for `signal` (an option of theirs): what they show has changed. */
export function openDeferred(signal: string): void {
  for (const open of [...(waitingFor.get(signal) ?? [])]) open();
}

/** Loads the code of every deferred part, and of the parts their code declares (tests render synchronously after it). */
export async function preloadAllDeferred(): Promise<void> {
  let loaded = 0;
  while (loaded < loaders.size) {
    loaded = loaders.size;
    await Promise.all([...loaders].map((load) => load()));
  }
}

/**
 * A chunk's component, fetched once (a chunk that failed, offline or replaced by a deploy, is tried again on the
 * next attempt: lazy-module.ts), with the preload every part registers for preloadAllDeferred.
 */
function componentLoader<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const chunk = lazyModule(load);
  const preload = (): Promise<void> => chunk.load().then(() => undefined);
  loaders.add(preload);
  return { loaded: (): ComponentType<P> | null => chunk.get()?.default ?? null, preload };
}

/**
 * A component whose code is fetched the first time it renders (or when `preload` is called), like React.lazy,
 * but which renders at once when its code is already there (React.lazy suspends on its first render even
 * then). For pieces that appear only on a visitor's action (a dropdown's panel): they suspend, empty, for the
 * moment their chunk takes, and never again.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> & { preload: () => Promise<void> } {
  const { loaded, preload } = componentLoader(load);
  function Lazy(props: P) {
    const Loaded = loaded();
    if (Loaded) return <Loaded {...props} />;
    throw preload();
  }
  return Object.assign(Lazy, { preload });
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

/** The page's first hydration is starting: the browser starts in it; a test that hydrates server HTML says so. */
export function markInitialHydrationStart(): void {
  hydrating = true;
}

/**
 * The part's server HTML, shown while React renders an unhydrated part from scratch and its code is on the
 * way; it then asks for the code at once (`onShown`). It never appears while the page hydrates (React keeps
 * the server HTML itself then), nor for a part first rendered in the browser (nothing was kept: empty).
 */
function KeptHtml({ as: Tag, source, onShown }: { as: "div" | "span"; source: { current: string | null }; onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return <Tag className={DEFERRED_CLASS} dangerouslySetInnerHTML={{ __html: source.current ?? "" }} />;
}

/** Tells the part's wrapper, from inside the Suspense boundary, that the part has hydrated (or rendered). */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

interface Gate {
  promise: Promise<void>;
  open: () => void;
  /** Opened, and the part's code is there. */
  passed: boolean;
  /** The part's content has hydrated: a part mounted inside it from now on is rendered anew, not hydrated. */
  hydrated: boolean;
}

/** The gate of the part whose content is rendering (deferred parts inside it read whether it is still hydrating). */
const HydratingPart = createContext<Gate | null>(null);

function createGate(): Gate {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open, passed: false, hydrated: false };
}

/** The element whose box tells whether the part is near the viewport (the wrapper has no box). */
function observedElement(wrapper: HTMLElement): Element {
  return wrapper.firstElementChild ?? wrapper;
}

export function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, options: DeferredOptions = {}): DeferredComponent<P> {
  const { when = "interaction", as: Tag = "div", openOn, codeOnPage = false, ownMoment = false } = options;
  const name = options.when === "visible" ? options.name : undefined;
  const code = codeOnPage ? undefined : options.code;
  const { loaded, preload } = componentLoader(load);
  if (name) visibleLoaders.set(name, preload);
  // Code on the page resolves at once: loaded() answers before anything renders.
  if (codeOnPage) void preload();

  function Part({ gate, props, onReady }: { gate: Gate | null; props: P; onReady: () => void }) {
    // Code on the page is there from the start: a part hydrating from server HTML waits for its gate all the same.
    const Loaded = codeOnPage && gate && !gate.passed ? null : loaded();
    if (Loaded) {
      return (
        <HydratingPart.Provider value={gate}>
          <Loaded {...props} />
          <Ready onReady={onReady} />
        </HydratingPart.Provider>
      );
    }
    // Suspends: on the server until the chunk is there; in the browser until the gate opens and the
    // chunk is there (while hydrating, React keeps the server HTML meanwhile).
    throw gate
      ? gate.promise.then(preload).then(() => {
          gate.passed = true;
        })
      : preload();
  }

  function Deferred(props: P) {
    const wrapper = useRef<HTMLElement>(null);
    // Only a part hydrating from server HTML waits for its moment; one rendered later loads at once. A part inside
    // another that is hydrating now hydrates from that HTML too: it waits when it asks to (ownMoment).
    const outer = useContext(HydratingPart);
    const fromServer = hydrating || (ownMoment && outer !== null && !outer.hydrated);
    const [gate] = useState<Gate | null>(() => (fromServer && (codeOnPage || !loaded()) ? createGate() : null));
    // A click or submit that came before the part was ready: held, then done again once it is. Ready is set from
    // inside the boundary (Ready) in the commit where its content renders or hydrates.
    const held = useRef<{ ready: boolean; action: (() => void) | null }>({ ready: false, action: null });
    // The element a mouse entered to start the load: told again once hydrated, so hover menus open.
    const hovered = useRef<Element | null>(null);
    const kept = useRef<string | null>(null);
    const onReady = useCallback(() => {
      if (gate) gate.hydrated = true;
      const { action } = held.current;
      held.current = { ready: true, action: null };
      action?.();
      const target = hovered.current;
      hovered.current = null;
      if (target?.isConnected && target.matches(":hover") && typeof PointerEvent === "function") {
        target.dispatchEvent(new PointerEvent("pointerover", { bubbles: true, pointerType: "mouse", isPrimary: true }));
      }
    }, []);
    const openNow = useCallback(() => gate?.open(), [gate]);

    useEffect(() => {
      const element = wrapper.current;
      if (!element) return undefined;
      const before = early.get(element);
      early.delete(element);
      let observer: IntersectionObserver | null = null;
      const signalled = gate && openOn ? (waitingFor.get(openOn) ?? waitingFor.set(openOn, new Set()).get(openOn)!) : null;
      const stopWaiting = () => {
        observer?.disconnect();
        touchParts.delete(element);
        waiting.delete(open);
        signalled?.delete(open);
      };
      let done = !gate;
      function open() {
        if (done) return;
        done = true;
        stopWaiting();
        gate?.open();
      }
      // The page's listeners (above) reach the part through this: one that has no gate of its own holds too (an
      // inner part, which React hydrates in a pass after its outer part's).
      mounted.set(element, {
        ready: () => held.current.ready,
        hold: (action) => {
          held.current.action = action;
          open();
        },
        approach: (event, target) => {
          // Ready, the part answers the visitor itself: nothing left to start or to tell again.
          if (held.current.ready) return;
          if (event.type === "mouseover") hovered.current = target;
          open();
        },
      });
      const unmount = () => {
        stopWaiting();
        mounted.delete(element);
      };
      // Rendered or hydrated in this very commit: nothing to wait for, and a tap that came first is done now.
      if (held.current.ready) {
        before?.action?.();
        return unmount;
      }
      if (before) {
        held.current.action = before.action;
        hovered.current = before.hovered;
      }
      kept.current = element.innerHTML;
      if (!gate) return unmount;
      if (when === "visible" && typeof IntersectionObserver !== "undefined") {
        observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && open(), {
          rootMargin: `${VIEWPORT_OBSERVER.marginPx}px`,
        });
        observer.observe(observedElement(element));
      }
      waiting.add(open);
      signalled?.add(open);
      if (when === "interaction" && !codeOnPage) touchParts.set(element, load);
      // Touched before the page had hydrated: its moment has come. A popover the browser opened by itself (its
      // button's click is left to the browser, never held: early-taps.ts) was a touch too, one no listener saw
      // when it came before any script: the part's code takes the open popover over.
      if (before || hasOpenPopover(element)) open();
      return unmount;
    }, [gate]);

    return (
      <Tag ref={wrapper as React.Ref<never>} className={DEFERRED_CLASS} {...{ [VISIBLE_PART_ATTRIBUTE]: name, [PART_CODE_ATTRIBUTE]: code }}>
        <Suspense fallback={<KeptHtml as={Tag} source={kept} onShown={openNow} />}>
          <Part gate={gate} props={props} onReady={onReady} />
        </Suspense>
      </Tag>
    );
  }

  // A re-render of the parent with the same props must not reach a boundary that is still unhydrated
  // (React would give up its server HTML and render it from scratch).
  return Object.assign(memo(Deferred), { preload });
}

/**
 * Content whose code is on the page anyway but whose hydration can wait for the visitor: a listing's cards. The
 * page's hydration leaves its server HTML as it is (links and plain HTML work as served; a click that needs its
 * code is held and done again, as for any deferred part), and it hydrates when the visitor points at, touches or
 * tabs into it. Rendered anew in the browser, it renders at once.
 */
export function hydrateOnDemand<P extends object>(Component: ComponentType<P>, options: Pick<DeferredOptions, "as"> = {}): DeferredComponent<P> {
  return deferred(() => Promise.resolve({ default: Component }), { ...options, codeOnPage: true });
}
