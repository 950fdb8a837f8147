/**
 * The in-page half of bench:taps, as source text: tsx rewrites functions it compiles with a `__name` helper the
 * page does not have, so nothing here is a function handed to Playwright.
 *
 * The probe waits for a `pointerdown` inside the control it was armed with (window, capture phase: before any
 * listener of the page), keeps the event's own timestamp (when the finger touched the glass, however late the
 * main thread gets to it) and then looks at every frame (requestAnimationFrame, whose timestamp is the frame's
 * start) until the page answers. Two answers are timed:
 *   - ack: anything a visitor sees change: the control pressed, busy, expanded or checked, or the thing
 *     it opens on screen;
 *   - done: what the tap is for: the thing it opens on screen, or the control's state (`done` attribute) changed,
 *     or the field focused.
 * A main thread busy with a long task delays the frame, and so the figure: that is what the visitor waits for.
 */
export const PROBE_SCRIPT = `(() => {
  const w = window;
  const probe = { armed: null, down: null, ack: null, done: null };
  w.__tapProbe = probe;
  const ACK_ATTRIBUTES = ["aria-expanded", "aria-pressed", "aria-busy", "aria-checked", "aria-current", "data-held", "open"];
  let index = -1;
  const find = () => (probe.armed && index >= 0 ? document.querySelectorAll(probe.armed.selector)[index] || null : null);
  const inputOf = (element) => (element && element.tagName === "LABEL" && element.control ? element.control : element);
  const focused = (element) => !!element && (document.activeElement === element || document.activeElement === inputOf(element));
  const visible = (selector) => {
    if (!selector) return false;
    for (const element of document.querySelectorAll(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return true;
    }
    return false;
  };
  const state = (element) => {
    if (!element) return "gone";
    const input = inputOf(element);
    // JSON, not a join: an attribute set to "" (data-held) must differ from one that is absent.
    const parts = ACK_ATTRIBUTES.map((name) => element.getAttribute(name));
    // Focus is not in it: a tapped button takes focus without showing it, and that answers nothing.
    parts.push(input && "checked" in input ? String(input.checked) : "");
    return JSON.stringify(parts);
  };
  const doneState = (element) => {
    const spec = probe.armed;
    if (!element) return "gone";
    if (spec.done === "focus") return String(focused(element));
    if (spec.done === "checked") { const input = inputOf(element); return String(!!input && input.checked); }
    return String(element.getAttribute(spec.done));
  };
  w.addEventListener("pointerdown", (event) => {
    const spec = probe.armed;
    if (!spec || probe.down !== null) return;
    const control = event.target instanceof Element ? event.target.closest(spec.selector) : null;
    if (!control) return;
    index = Array.prototype.indexOf.call(document.querySelectorAll(spec.selector), control);
    probe.down = event.timeStamp;
    const before = state(control);
    const doneBefore = spec.done ? doneState(control) : null;
    const shownBefore = visible(spec.shows);
    const tick = (frame) => {
      const now = find();
      const shows = !shownBefore && visible(spec.shows);
      const done = shows || (spec.done !== null && doneState(now) !== doneBefore);
      // A frame may start a moment before the event it shows was read: never less than nothing.
      const since = Math.max(0, frame - probe.down);
      if (probe.ack === null && (done || state(now) !== before)) probe.ack = since;
      if (probe.done === null && done) probe.done = since;
      if (probe.done !== null || frame - probe.down > spec.waitMs) return;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, true);
})();`;

/**
 * What the probe watches: the control (the element the finger lands in that matches `selector`; hydration or a
 * part's first render may replace it, so it is found again each frame by its place among the matches), what it
 * opens, and which state means done.
 */
export interface ProbeSpec {
  selector: string;
  shows: string | null;
  /** An attribute of the control, or "focus" / "checked"; null when `shows` says it. */
  done: string | null;
  waitMs: number;
}

/** Arms the probe: the next pointerdown inside the control is timed. */
export const armProbe = (spec: ProbeSpec): string => `(() => { const p = window.__tapProbe; Object.assign(p, { armed: ${JSON.stringify(spec)}, down: null, ack: null, done: null }); return true; })()`;

/** The probe's figures once the frame has come or the wait is over (null while neither). */
export const READ_PROBE = `(() => { const p = window.__tapProbe; if (!p || p.down === null) return null; const over = performance.now() - p.down > p.armed.waitMs; return p.done !== null || over ? { ack: p.ack, done: p.done } : null; })()`;
