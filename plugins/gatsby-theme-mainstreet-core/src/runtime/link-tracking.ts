// The constant straight from its home: through site/analytics.ts, that whole module came into every page's first load.
import { ANALYTICS } from "@mainstreet/rules/business/constants";
import type { LinkClick } from "@mainstreet/rules/site/link-analytics";

/** Dispatched on the window as a tracker installs, so that one installed before it on the page can remove itself. */
export const LINK_TRACKING_INSTALLED = "mainstreet:link-tracking";

/** The longest an outbound link waits for its event's code before it leaves anyway. */
const LONGEST_WAIT_MS = 1000;

function regionOf(element: Element): LinkClick["region"] {
  if (element.closest("header, [role=banner]")) return "header";
  if (element.closest("footer, [role=contentinfo]")) return "footer";
  if (element.closest("main")) return "main";
  return "other";
}

const anchorOf = (event: Event) => (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;

// Fetched on the first press on a link, so the click that follows usually finds it loaded.
let loading: Promise<typeof import("./link-event")> | null = null;
const load = () => (loading ??= import("./link-event"));

/**
 * Fires an event for every link click (SPEC §3). What the click is is read at once, while the link is still on
 * the page; the code that names and sends the event loads on the first link pressed. An outbound link that
 * leaves this tab is held until its event is sent and at least 250 ms have passed since the click, so the
 * tag manager has the event before the page unloads; it never waits more than a second.
 */
export function installLinkTracking(go: (href: string) => void = (href) => window.location.assign(href)): () => void {
  const onPress = (event: PointerEvent) => {
    if (anchorOf(event)) void load().catch(() => (loading = null));
  };
  const onClick = (event: MouseEvent) => {
    const anchor = anchorOf(event);
    if (!anchor) return;
    const clickedAt = performance.now();
    const click: LinkClick = {
      href: anchor.href,
      siteOrigin: window.location.origin,
      text: anchor.textContent ?? "",
      category: anchor.dataset.eventCategory,
      action: anchor.dataset.eventAction,
      label: anchor.dataset.eventLabel,
      role: anchor.dataset.role,
      region: regionOf(anchor),
    };
    const outbound = /^https?:$/.test(anchor.protocol) && anchor.origin !== window.location.origin;
    const leavesThisTab = outbound && (!anchor.target || anchor.target === "_self");
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    const hold = leavesThisTab && plainClick && !event.defaultPrevented;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      go(click.href);
    };
    if (hold) {
      event.preventDefault();
      setTimeout(leave, LONGEST_WAIT_MS);
    }
    const sent = load().then(
      (module) => module.trackLinkClick(click),
      () => {
        loading = null;
        return false;
      },
    );
    if (hold) void sent.then(() => setTimeout(leave, Math.max(0, ANALYTICS.outboundLinkDelayMs - (performance.now() - clickedAt))));
  };
  // A tracker installed earlier on this page (the page watcher's, before the app started) steps aside for this one.
  window.dispatchEvent(new Event(LINK_TRACKING_INSTALLED));
  document.addEventListener("pointerdown", onPress, true);
  document.addEventListener("click", onClick, true);
  return () => {
    document.removeEventListener("pointerdown", onPress, true);
    document.removeEventListener("click", onClick, true);
  };
}
