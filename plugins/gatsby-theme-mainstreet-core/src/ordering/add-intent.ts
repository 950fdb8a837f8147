/**
 * No tap on Add is lost while the button's code is still on its way. The Add button is a deferred part
 * (components/deferred.tsx): until its chunk has loaded and React has hydrated it, the button in the page
 * is server HTML without a handler, and React itself drops a click on a part it cannot hydrate yet. So
 * one listener on the document, in the capture phase (it runs before React's own, which sits on the app
 * root below it), notes a click on an Add button that is not live yet and starts loading its code; the
 * button, once live, takes the noted tap and opens its dialog as if the click had just happened.
 *
 * Plain DOM and no imports: it runs with the page's own code, before anything deferred.
 */

/** The attribute every Add button carries (its item id), server-rendered, so the listener finds it in plain HTML. */
export const ADD_BUTTON_ATTRIBUTE = "data-add-item";

const live = new WeakSet<Element>();
let pending: Element | null = null;
let installedOn: Document | null = null;

/** Listens on `document` once; `load` starts fetching the button's code (called on every early tap). */
export function installAddIntent(load: () => void, target: Document | undefined = typeof document === "undefined" ? undefined : document): void {
  if (!target || installedOn === target) return;
  installedOn = target;
  target.addEventListener(
    "click",
    (event) => {
      const button = event.target instanceof Element ? event.target.closest(`[${ADD_BUTTON_ATTRIBUTE}]`) : null;
      if (!button || live.has(button)) return;
      pending = button;
      load();
    },
    { capture: true },
  );
}

/** The button's code is running: clicks on it reach its own handler from now on. */
export function markAddButtonLive(button: Element): void {
  live.add(button);
}

/** True once, when the last early tap was on this button (so it opens its dialog now). */
export function takeEarlyTap(button: Element): boolean {
  if (pending !== button) return false;
  pending = null;
  return true;
}
