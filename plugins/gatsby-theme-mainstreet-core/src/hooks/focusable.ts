import { isPopoverOpen } from "../hydration/native-popover";
const FOCUSABLE_SELECTOR = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "[tabindex]:not([tabindex='-1'])",
  "[contenteditable='true']",
].join(",");

/**
 * Focusable elements inside `root`, in tab order, skipping hidden ones. Its own module: the header's menus
 * need it on every page, the focus trap (dialogs, the tray) only in the code they load when opened.
 */
export function focusableIn(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)).filter(
    (element) => !element.hasAttribute("inert") && !element.closest("[inert]") && !hiddenIn(element) && element.getAttribute("aria-hidden") !== "true",
  );
}

/** Inside an element marked hidden, unless that is a served popover the browser is showing (native-popover.ts). */
function hiddenIn(element: Element): boolean {
  const hidden = element.closest("[hidden]");
  return hidden !== null && !isPopoverOpen(hidden);
}
