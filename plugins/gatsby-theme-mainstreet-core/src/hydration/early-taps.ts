/**
 * Taps that come before the app's scripts have run. The page is served as HTML that works on its own, and its
 * scripts are fetched once it has loaded (node/html-output.ts): on a phone the Add buttons and forms are on
 * screen for a second or more before any code of ours is there. Unheld, a tap on Add would do nothing, and a form
 * would send itself as a plain GET of its fields. The inline script below, in every page's head, holds a click or submit
 * aimed inside a deferred part from the first moment; hydration/deferred.tsx takes them over when it runs and
 * does each again once its part is ready.
 */

/** Toggles whose click opens their served popover by itself (native-popover.ts): never held. */
export const BROWSER_DISCLOSURES = "[popovertarget], summary";

/**
 * Marks a served popover that belongs under its toggle (a dropdown's links, the week's hours), not in the middle
 * of the screen: the top layer the browser opens it in places it against the page, and CSS anchor positioning is
 * not yet everywhere (nor known to the W3C checker), so the inline script sets its place from the toggle's box as
 * the click opens it. With JavaScript off it opens where the browser puts a popover, in the middle of the screen.
 */
export const ANCHORED_ATTRIBUTE = "data-anchored";

/** Controls whose click the browser carries out itself, with no code: never held. */
export const NATIVE_CONTROLS = `input:not([type="submit"], [type="button"], [type="image"], [type="reset"]), select, textarea, label, ${BROWSER_DISCLOSURES}`;

/** The class of a deferred part's wrapper element (deferred.tsx). */
export const DEFERRED_CLASS = "deferred";

/** The global through which the app takes the held taps, and every later one, over. */
const GLOBAL = "___mainstreetEarlyTaps";

type TapHandler = (event: Event) => void;

/**
 * Set on the control whose tap is held, until it is done again: its look answers the tap in the next frame
 * (pressed, and a Like already liked: forms.css, base.css) while its code is on the way.
 */
export const HELD_ATTRIBUTE = "data-held";

/** The control a held click or submit belongs to: the button pressed (a form's submitter) or the form. */
const HELD_CONTROLS = 'button, [role="button"], input[type="submit"]';

/** Marks the control of a held event, so that its look answers at once (the inline script does the same); returns it. */
export function markHeld(event: Event, target: Element): Element | null {
  const control = event.type === "submit" ? ((event as SubmitEvent).submitter ?? target) : target.closest(HELD_CONTROLS);
  control?.setAttribute(HELD_ATTRIBUTE, "");
  return control;
}

/**
 * The inline script. A link works as served and a field's click does what the browser does by itself, so
 * neither is held; nothing outside a deferred part is touched. Once the app hands it a handler, every click and
 * submit goes to that handler first (the held ones in order), so there is one listener for both moments.
 */
export function earlyTapsScript(): string {
  const skip = JSON.stringify(`a[href], ${NATIVE_CONTROLS}`);
  const part = JSON.stringify(`.${DEFERRED_CLASS}`);
  const controls = JSON.stringify(HELD_CONTROLS);
  // Under the toggle, from its left edge, or from its right edge when it sits in the right half of the screen.
  const anchor = `w.addEventListener("click",function(e){var t=e.target,b=t instanceof Element&&t.closest("[popovertarget]"),p=b&&document.getElementById(b.getAttribute("popovertarget"));if(!p||!p.hasAttribute(${JSON.stringify(ANCHORED_ATTRIBUTE)}))return;var r=b.getBoundingClientRect(),d=document.documentElement,s=p.style;s.position="absolute";s.inset="auto";s.margin="0";s.top=r.bottom+w.scrollY+4+"px";if(r.left+r.width/2<d.clientWidth/2)s.left=r.left+w.scrollX+"px";else s.right=d.clientWidth-r.right-w.scrollX+"px"},true);`;
  return `(function(w){${anchor}var q=[],f=null;function h(e){if(f)return f(e);var t=e.target;if(!(t instanceof Element)||!t.closest(${part})||e.type==="click"&&t.closest(${skip}))return;e.preventDefault();e.stopImmediatePropagation();q.push(e);var c=e.type==="submit"?e.submitter||t:t.closest(${controls});if(c)c.setAttribute(${JSON.stringify(HELD_ATTRIBUTE)},"")}w.addEventListener("click",h,true);w.addEventListener("submit",h,true);w.${GLOBAL}=function(g){f=g;q.splice(0).forEach(g)}})(window)`;
}

/**
 * Hands the taps held so far, and every click and submit from now on, to `handler`, through the inline
 * script's listener; false when the page has no such script (a test, a page rendered without it).
 */
export function takeEarlyTaps(handler: TapHandler): boolean {
  const take = (window as unknown as Record<string, unknown>)[GLOBAL];
  if (typeof take !== "function") return false;
  (take as (handler: TapHandler) => void)(handler);
  return true;
}
