import { OUTBOUND_LINK_DELAY_MS } from "@mainstreet/rules/site/analytics";
import { linkClickEvent, type LinkClick } from "@mainstreet/rules/site/link-analytics";
import { track } from "./analytics";

function regionOf(element: Element): LinkClick["region"] {
  if (element.closest("header, [role=banner]")) return "header";
  if (element.closest("footer, [role=contentinfo]")) return "footer";
  if (element.closest("main")) return "main";
  return "other";
}

/**
 * Fires an event for every link click. An outbound link that leaves this tab waits 250 ms so the
 * event reaches the tag manager before the page unloads.
 */
export function installLinkTracking(): () => void {
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    if (!anchor) return;
    const result = linkClickEvent({
      href: anchor.href,
      siteOrigin: window.location.origin,
      text: anchor.textContent ?? "",
      category: anchor.dataset.eventCategory,
      action: anchor.dataset.eventAction,
      label: anchor.dataset.eventLabel,
      role: anchor.dataset.role,
      region: regionOf(anchor),
    });
    if (!result) return;
    track(result.event);
    const leavesThisTab = result.outbound && (!anchor.target || anchor.target === "_self");
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (leavesThisTab && plainClick && !event.defaultPrevented) {
      event.preventDefault();
      const href = anchor.href;
      setTimeout(() => window.location.assign(href), OUTBOUND_LINK_DELAY_MS);
    }
  };
  document.addEventListener("click", onClick, true);
  return () => document.removeEventListener("click", onClick, true);
}
