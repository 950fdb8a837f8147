/**
 * The in-page half of bench:workspace, as source text (see tap-probe.ts: tsx rewrites the functions it compiles
 * with a `__name` helper the page does not have).
 *
 * Armed with the address a link opens, the probe waits for a `pointerdown` on that link (window, capture phase:
 * before any listener of the page), keeps the event's own timestamp and then looks at every frame
 * (requestAnimationFrame, whose timestamp is the frame's start) until the new screen is on screen:
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
    const tick = (frame) => {
      const heading = headingOf();
      const changed = location.hash === spec.hash && !!heading && heading.getBoundingClientRect().height > 0 && (heading !== before || heading.textContent !== beforeText);
      const since = Math.max(0, frame - probe.down);
      if (probe.heading === null && changed) probe.heading = since;
      if (probe.shown === null && changed && !loadingLine()) probe.shown = since;
      if (probe.shown !== null || frame - probe.down > spec.waitMs) return;
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
