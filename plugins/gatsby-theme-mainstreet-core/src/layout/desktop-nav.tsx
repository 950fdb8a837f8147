import React, { Suspense, forwardRef, useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { Navigation, NavItem } from "@mainstreet/rules/site/navigation";
import { BREAKPOINTS } from "@mainstreet/rules/business/constants";
import { hoverOpenDelayMs, pointerLeaveCloseDelayMs, respondsToHover } from "@mainstreet/rules/orders/menu-state";
import { itemKey, masonryColumnCount, menuFocusIndex } from "@mainstreet/rules/site/navigation-ui";
import { focusableIn } from "../hooks/focusable";
import { CAN_HOVER_QUERY, matchesMedia } from "../hooks/media-queries";
import { lazyComponent } from "../hydration/deferred";
import { disclosureToggleProps, popoverAttributes, useNativePopover } from "../hydration/native-popover";
import { Icon } from "../components/icons";
import { SiteLink } from "../components/site-link";
import type { DropdownProps } from "./dropdown-panel";

// The panels (popup accordion, height animation, masonry) are fetched when the visitor first heads for the
// menus, so pages whose visitors never open one carry none of it.
const DropdownPanel = lazyComponent(() => import("./dropdown-panel"));
const warmUpPanel = () => {
  void DropdownPanel.preload();
};

const MENU_KEYS = new Set(["ArrowDown", "ArrowUp", "Home", "End"]);

/**
 * A page link with its dropdown (SPEC §2): the link goes to the page, the button beside it opens the
 * child pages. Opens on click, Enter or Space, or after a 50 ms hover on a device that can hover; closes
 * 70 ms after the pointer leaves (300 ms once the panel was hovered), on Escape (focus back on the
 * button), when focus leaves it, or on a click elsewhere. Arrow keys, Home and End move through its links.
 */
function Dropdown(props: DropdownProps) {
  const { item, state, dispatch } = props;
  const id = itemKey(item);
  const open = state.openDropdown === id;
  const panelId = `nav-panel-${id.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
  const nativePanelId = `${panelId}-native`;
  // The served panel (a popover the toggle opens with no code), opened before this code came: it stays open and
  // is the panel until it closes, with the state saying open.
  const nativePanelRef = useRef<HTMLDivElement>(null);
  const native = useNativePopover(
    nativePanelRef,
    open,
    () => dispatch({ type: "openDropdown", id, by: "click" }),
    () => dispatch({ type: "closeDropdown", id }),
  );
  const nativeOpen = native.served;
  // Rendered from its first opening on, so it can animate closed again.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout>>();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();
  const panelHovered = useRef(false);
  // A key that moves in the panel, pressed before the panel is in the page: done once it is.
  const focusOnShow = useRef<string | null>(null);

  const clearTimers = () => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  };
  useEffect(() => clearTimers, []);

  useEffect(() => {
    if (!open) panelHovered.current = false;
  }, [open]);
  // Keyboard opening moves focus into the panel once it is in the page (its code may arrive a moment later).
  const onPanelShown = useCallback(() => {
    const key = focusOnShow.current;
    if (key === null) return;
    focusOnShow.current = null;
    const items = focusableIn(document.getElementById(panelId));
    const next = menuFocusIndex(key, -1, items.length);
    if (next !== null) items[next].focus();
  }, [panelId]);

  // Read when the pointer moves, not subscribed to: the page renders nothing differently for it.
  const canHover = () => matchesMedia(CAN_HOVER_QUERY);
  const onPointerEnter = (event: PointerEvent) => {
    warmUpPanel();
    if (!respondsToHover(event.pointerType, canHover())) return;
    clearTimeout(closeTimer.current);
    if (!open) openTimer.current = setTimeout(() => dispatch({ type: "openDropdown", id, by: "hover" }), hoverOpenDelayMs());
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (!respondsToHover(event.pointerType, canHover())) return;
    clearTimeout(openTimer.current);
    closeTimer.current = setTimeout(() => dispatch({ type: "pointerLeft", id }), pointerLeaveCloseDelayMs(panelHovered.current));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      dispatch({ type: "closeDropdown", id });
      buttonRef.current?.focus();
      return;
    }
    if (!MENU_KEYS.has(event.key)) return;
    const onButton = event.target === buttonRef.current;
    if (!open) {
      if (onButton && (event.key === "ArrowDown" || event.key === "Home")) {
        event.preventDefault();
        focusOnShow.current = "Home";
        dispatch({ type: "openDropdown", id, by: "keyboard" });
      }
      return;
    }
    const panel = document.getElementById(nativeOpen ? nativePanelId : panelId);
    if (!panel) {
      event.preventDefault();
      focusOnShow.current = event.key;
      return;
    }
    const items = focusableIn(panel);
    const next = menuFocusIndex(event.key, items.indexOf(document.activeElement as HTMLElement), items.length);
    if (next !== null) {
      event.preventDefault();
      items[next].focus();
    }
  };

  const onBlur = (event: React.FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !itemRef.current?.contains(next)) dispatch({ type: "closeDropdown", id });
  };

  // The desktop navigation shows from the small-monitor width up, where the masonry's columns depend only on
  // the number of groups: a panel of several columns spans the bar.
  const wide = masonryColumnCount(BREAKPOINTS.smallMonitorMin, item.groups.length) > 1;
  return (
    <li
      ref={itemRef}
      className={["nav-desktop__item", "has-dropdown", open ? "is-open" : "", wide ? "has-wide-panel" : ""].filter(Boolean).join(" ")}
      onPointerEnter={onPointerEnter}
      onFocus={warmUpPanel}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <SiteLink link={item} className="nav-desktop__link" />
      <button
        ref={buttonRef}
        type="button"
        className="nav-desktop__toggle"
        aria-label={`${item.label} menu`}
        // Enter and Space fire a click with detail 0; focus stays on the button (disclosure pattern), Tab or
        // ArrowDown then enters the menu.
        {...disclosureToggleProps(native, { served: nativePanelId, panel: panelId }, open, (event) => dispatch({ type: "toggleDropdown", id, by: event.detail === 0 ? "keyboard" : "click" }))}
      >
        <Icon name={open ? "close" : "chevronDown"} size={18} />
      </button>
      <ServedPanel ref={nativePanelRef} id={nativePanelId} item={item} />
      {opened && !nativeOpen ? (
        <Suspense fallback={null}>
          <DropdownPanel
            {...props}
            menuId={id}
            panelId={panelId}
            open={open}
            onShown={onPanelShown}
            onPointerEnter={() => {
              panelHovered.current = true;
            }}
          />
        </Suspense>
      ) : null}
    </li>
  );
}

/**
 * The dropdown's child pages as the server writes them: a popover list its toggle opens with no code (before the
 * header's code has come, or without JavaScript), placed under the toggle; hidden until opened.
 */
const ServedPanel = forwardRef<HTMLDivElement, { id: string; item: NavItem }>(function ServedPanel({ id, item }, ref) {
  // Links without list items: this markup is on every page, and each element counts.
  return (
    <div ref={ref} id={id} className="nav-dropdown__inner nav-dropdown--native" role="group" aria-label={`${item.label} pages`} {...popoverAttributes("under-toggle")}>
      {item.children.map((child) => (
        <SiteLink key={itemKey(child)} link={child} className="popup-accordion__link" />
      ))}
    </div>
  );
});

interface DesktopNavProps extends Omit<DropdownProps, "item"> {
  navigation: Navigation;
}

/** Desktop navigation (≥ 992 px): regular pages, those with child pages as dropdowns. */
export default function DesktopNav({ navigation, state, dispatch }: DesktopNavProps) {
  const navRef = useRef<HTMLElement>(null);
  const close = useCallback(() => dispatch({ type: "closeDropdown" }), [dispatch]);
  // The header's code came because the visitor headed for it: the panels' is the next thing they need.
  useEffect(warmUpPanel, []);

  useEffect(() => {
    if (state.openDropdown === null) return undefined;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (navRef.current && event.target instanceof Node && !navRef.current.contains(event.target)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [state.openDropdown, close]);

  return (
    <nav ref={navRef} className="nav-desktop" aria-label="Main">
      <ul className="nav-desktop__list">
        {navigation.links.map((item) =>
          item.children.length > 0 ? (
            <Dropdown key={itemKey(item)} item={item} state={state} dispatch={dispatch} />
          ) : (
            <li key={itemKey(item)} className="nav-desktop__item">
              <SiteLink link={item} className="nav-desktop__link" />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
