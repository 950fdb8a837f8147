import React, { useCallback, useEffect, useRef, type Dispatch, type KeyboardEvent, type PointerEvent } from "react";
import type { Navigation, NavItem } from "@mainstreet/rules/navigation";
import { ANIMATION } from "@mainstreet/rules/constants";
import { expandedGroupsOf, hoverOpenDelayMs, pointerLeaveCloseDelayMs, respondsToHover, type MenuAction, type MenuState } from "@mainstreet/rules/menu-state";
import { masonryColumnCount, menuFocusIndex } from "@mainstreet/rules/navigation-ui";
import { focusableIn } from "../hooks/use-focus-trap";
import { useCanHover } from "../hooks/use-media-query";
import { useViewportWidth } from "../hooks/use-viewport-width";
import { Collapse } from "./collapse";
import { Icon } from "./icons";
import { PopupAccordion } from "./popup-accordion";
import { SiteLink } from "./site-link";

export const itemKey = (item: NavItem): string => item.id ?? item.href ?? item.label;
const MENU_KEYS = new Set(["ArrowDown", "ArrowUp", "Home", "End"]);

interface DropdownProps {
  item: NavItem;
  state: MenuState;
  dispatch: Dispatch<MenuAction>;
}

/**
 * A page link with its dropdown (SPEC §2): the link goes to the page, the button beside it opens the
 * child pages. Opens on click, Enter or Space, or after a 50 ms hover on a device that can hover; closes
 * 70 ms after the pointer leaves (300 ms once the panel was hovered), on Escape (focus back on the
 * button), when focus leaves it, or on a click elsewhere. Arrow keys, Home and End move through its links.
 */
function Dropdown({ item, state, dispatch }: DropdownProps) {
  const id = itemKey(item);
  const open = state.openDropdown === id;
  const panelId = `nav-panel-${id.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
  const canHover = useCanHover();
  const width = useViewportWidth();
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout>>();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();
  const panelHovered = useRef(false);
  const focusFirstOnOpen = useRef(false);

  const clearTimers = () => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  };
  useEffect(() => clearTimers, []);

  useEffect(() => {
    if (!open) {
      panelHovered.current = false;
      return;
    }
    if (focusFirstOnOpen.current) {
      focusFirstOnOpen.current = false;
      focusableIn(document.getElementById(panelId))[0]?.focus();
    }
  }, [open, panelId]);

  const onPointerEnter = (event: PointerEvent) => {
    if (!respondsToHover(event.pointerType, canHover)) return;
    clearTimeout(closeTimer.current);
    if (!open) openTimer.current = setTimeout(() => dispatch({ type: "openDropdown", id, by: "hover" }), hoverOpenDelayMs());
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (!respondsToHover(event.pointerType, canHover)) return;
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
        focusFirstOnOpen.current = true;
        dispatch({ type: "openDropdown", id, by: "keyboard" });
      }
      return;
    }
    const items = focusableIn(document.getElementById(panelId));
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

  const columns = masonryColumnCount(width, item.groups.length);
  return (
    <li
      ref={itemRef}
      className={["nav-desktop__item", "has-dropdown", open ? "is-open" : "", columns > 1 ? "has-wide-panel" : ""].filter(Boolean).join(" ")}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <SiteLink link={item} className="nav-desktop__link" />
      <button
        ref={buttonRef}
        type="button"
        className="nav-desktop__toggle"
        aria-expanded={open}
        // Only while the panel exists: a closed panel is not in the page, and a dangling reference is invalid.
        aria-controls={open ? panelId : undefined}
        aria-label={`${item.label} menu`}
        onClick={(event) => {
          // Enter and Space fire a click with detail 0; focus stays on the button (disclosure pattern),
          // Tab or ArrowDown then enters the menu.
          dispatch({ type: "toggleDropdown", id, by: event.detail === 0 ? "keyboard" : "click" });
        }}
      >
        <Icon name={open ? "close" : "chevronDown"} size={18} />
      </button>
      <Collapse open={open} id={panelId} className="nav-dropdown" durationMs={ANIMATION.dropdownHeightMs}>
        <div
          className="nav-dropdown__inner"
          onPointerEnter={() => {
            panelHovered.current = true;
          }}
        >
          <PopupAccordion
            item={item}
            columns={columns}
            expandedGroups={expandedGroupsOf(state, id)}
            onToggleGroup={(group) => dispatch({ type: "toggleGroup", menuId: id, group })}
            onNavigate={() => dispatch({ type: "closeAll" })}
          />
        </div>
      </Collapse>
    </li>
  );
}

interface DesktopNavProps {
  navigation: Navigation;
  state: MenuState;
  dispatch: Dispatch<MenuAction>;
}

/** Desktop navigation (≥ 992 px): regular pages, those with child pages as dropdowns. */
export function DesktopNav({ navigation, state, dispatch }: DesktopNavProps) {
  const navRef = useRef<HTMLElement>(null);
  const close = useCallback(() => dispatch({ type: "closeDropdown" }), [dispatch]);

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
