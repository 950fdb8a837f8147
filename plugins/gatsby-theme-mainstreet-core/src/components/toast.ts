/**
 * The one rule for a message shown over the page (a toast, such as "Added 1 × Margherita to your cart."):
 * - where: at the foot of the screen, under every dialog (a dialog's buttons are never covered), and it never
 *   catches a tap (whatever it passes over still gets it);
 * - when it goes: TOAST_MS after it shows, or at once when the visitor goes on (a tap, a click, a key, a scroll
 *   or a wheel anywhere), so it never stays over a control the visitor is about to use or is looking for.
 * Going, it leaves the text where a screen reader reads it (the element's own live region), so an announcement
 * still being read is not cut short. Other confirmations (a like, a review, a subscription) are written in the
 * page's flow beside their control and cover nothing.
 */
const TOAST_MS = 4000;

const TOAST_CLASS = "toast";
const HIDDEN_CLASS = "visually-hidden";
const GONE_ON = ["pointerdown", "click", "keydown", "scroll", "wheel"] as const;

let shown: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Takes the toast off the screen (the text stays for screen readers). */
export function hideToast(): void {
  clearTimeout(timer);
  for (const type of GONE_ON) document.removeEventListener(type, hideToast, true);
  if (shown?.classList.contains(TOAST_CLASS)) shown.className = HIDDEN_CLASS;
  shown = null;
}

/** Shows `element` (a live region holding the message) as the toast, under the rule above. */
export function showToast(element: HTMLElement): void {
  hideToast();
  element.className = TOAST_CLASS;
  shown = element;
  timer = setTimeout(hideToast, TOAST_MS);
  // Listened for on the next task: the tap that caused the message must not be what takes it away.
  setTimeout(() => {
    if (shown !== element) return;
    for (const type of GONE_ON) document.addEventListener(type, hideToast, { capture: true, passive: true });
  }, 0);
}
