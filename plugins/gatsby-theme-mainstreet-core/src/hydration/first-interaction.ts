/** Events that show a visitor is about to use the page (not scrolling or reading). */
const INTERACTION_EVENTS = ["pointerdown", "keydown", "touchstart", "focusin"] as const;

/**
 * Runs `callback` once, on the visitor's first interaction with the page: the moment to warm up code that
 * only interactions need (the menu tray, framer-motion's features) without charging readers for it.
 */
export function onFirstInteraction(callback: () => void, target: Window = window): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    remove();
    callback();
  };
  const remove = () => {
    for (const name of INTERACTION_EVENTS) target.removeEventListener(name, run, true);
  };
  for (const name of INTERACTION_EVENTS) target.addEventListener(name, run, { capture: true, passive: true });
  return remove;
}
