/**
 * The in-page half of bench:workspace, as source text (see tap-probe.ts: tsx rewrites the functions it compiles
 * with a `__name` helper the page does not have).
 *
 * Armed with the address a link opens, the probe waits for a `pointerdown` on that link (window, capture phase:
 * before any listener of the page), keeps the event's own timestamp and then looks at every frame
 * (requestAnimationFrame) until the new screen is in the document, and takes the time when that frame's
 * rendering is over (a message posted from the frame's callback runs after its style, layout and paint): a screen
 * of 200 tickets is in the document at the frame's start but on screen only once they are laid out and painted.
 * Two moments:
 *   - heading: the address is the link's and the workspace's main area shows a heading other than the one it
 *     showed at the click (another element, or the same one with other words: Active → Recent);
 *   - shown: that, and no loading line ("Loading …", "Opening …") left in the main area.
 */
export const SCREEN_PROBE_SCRIPT = `(() => {
  const w = window;
  const probe = { armed: null, down: null, heading: null, shown: null };
  w.__screenProbe = probe;
  const headingOf = () => document.querySelector("main h1");
  const loadingLine = () => {
    for (const element of document.querySelectorAll("main [role=status]")) {
      if (/^(Loading|Opening)\\b/.test((element.textContent || "").trim())) return true;
    }
    return false;
  };
  w.addEventListener("pointerdown", (event) => {
    const spec = probe.armed;
    if (!spec || probe.down !== null) return;
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || link.getAttribute("href") !== spec.hash) return;
    probe.down = event.timeStamp;
    const before = headingOf();
    const beforeText = before ? before.textContent : null;
    const painted = new MessageChannel();
    painted.port1.onmessage = (message) => {
      const since = performance.now() - probe.down;
      if (message.data.heading && probe.heading === null) probe.heading = since;
      if (message.data.shown && probe.shown === null) probe.shown = since;
    };
    const tick = (frame) => {
      const heading = headingOf();
      const changed = location.hash === spec.hash && !!heading && (heading !== before || heading.textContent !== beforeText);
      const shown = changed && !loadingLine();
      if (changed) painted.port2.postMessage({ heading: true, shown });
      if (shown || frame - probe.down > spec.waitMs) return;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, true);
})();`;

export interface ScreenProbeSpec {
  /** The link's `href`, which is also the address it opens: `#/kitchen`. */
  hash: string;
  waitMs: number;
}

/** Arms the probe: the next pointerdown on the link to `hash` is timed. */
export const armScreenProbe = (spec: ScreenProbeSpec): string =>
  `(() => { Object.assign(window.__screenProbe, { armed: ${JSON.stringify(spec)}, down: null, heading: null, shown: null }); return true; })()`;

/** The figures once the screen is shown or the wait is over (null while neither). */
export const READ_SCREEN_PROBE = `(() => { const p = window.__screenProbe; if (!p || p.down === null) return null; const over = performance.now() - p.down > p.armed.waitMs; return p.shown !== null || over ? { heading: p.heading, shown: p.shown } : null; })()`;
