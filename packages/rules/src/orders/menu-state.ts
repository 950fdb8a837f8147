/**
 * State of the site navigation's menus (SPEC §2 Layout, §4 Mobile menu, §9 Dropdown and popup defaults):
 * one dropdown open at a time, the mobile tray with its exclusive accordion, and the popup accordion's
 * `See more` groups. Closing the tray closes every dropdown and popup in it. A dropdown opened by hovering
 * closes when the pointer leaves; one opened by a click or a key stays until it is closed on purpose.
 */
import { DROPDOWN } from "../business/constants";

export type MenuOpener = "click" | "hover" | "keyboard";

export type MenuState = {
  openDropdown: string | null;
  openedBy: MenuOpener | null;
  trayOpen: boolean;
  /** The parent item expanded in the tray (the tray's accordion is exclusive). */
  trayItem: string | null;
  /** Expanded `See more` groups, as groupKey(menuId, group). */
  expandedGroups: readonly string[];
};

export type MenuAction =
  | { type: "toggleDropdown"; id: string; by: MenuOpener }
  | { type: "openDropdown"; id: string; by: MenuOpener }
  | { type: "closeDropdown"; id?: string }
  /** The pointer left a dropdown: closes it only when hovering opened it. */
  | { type: "pointerLeft"; id: string }
  | { type: "toggleTray" }
  | { type: "closeTray" }
  | { type: "toggleTrayItem"; id: string }
  | { type: "toggleGroup"; menuId: string; group: string | null }
  | { type: "closeAll" };

export const INITIAL_MENU_STATE: MenuState = {
  openDropdown: null,
  openedBy: null,
  trayOpen: false,
  trayItem: null,
  expandedGroups: [],
};

const GROUP_SEPARATOR = "\u241f";

export function groupKey(menuId: string, group: string | null): string {
  return `${menuId}${GROUP_SEPARATOR}${group ?? ""}`;
}

/** The expanded groups of one menu, in the form popupAccordionGroups takes. */
export function expandedGroupsOf(state: MenuState, menuId: string): Set<string | null> {
  const prefix = `${menuId}${GROUP_SEPARATOR}`;
  return new Set(
    state.expandedGroups.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length) || null),
  );
}

function withoutGroupsOf(groups: readonly string[], menuId: string | null): readonly string[] {
  if (menuId === null) return groups;
  const prefix = `${menuId}${GROUP_SEPARATOR}`;
  return groups.filter((key) => !key.startsWith(prefix));
}

function closeDropdown(state: MenuState): MenuState {
  if (state.openDropdown === null) return state;
  return { ...state, openDropdown: null, openedBy: null, expandedGroups: withoutGroupsOf(state.expandedGroups, state.openDropdown) };
}

function openDropdown(state: MenuState, id: string, by: MenuOpener): MenuState {
  if (state.openDropdown === id) {
    // A click on a menu hovering already opened makes it stay open when the pointer leaves.
    return by === "hover" || state.openedBy === by ? state : { ...state, openedBy: by };
  }
  return { ...closeDropdown(state), openDropdown: id, openedBy: by };
}

export function menuReducer(state: MenuState, action: MenuAction): MenuState {
  switch (action.type) {
    case "toggleDropdown":
      if (state.openDropdown === action.id) {
        // A click on a menu hovering opened is the visitor's first deliberate act: keep it open.
        return action.by !== "hover" && state.openedBy === "hover" ? { ...state, openedBy: action.by } : closeDropdown(state);
      }
      return openDropdown(state, action.id, action.by);
    case "openDropdown":
      return openDropdown(state, action.id, action.by);
    case "closeDropdown":
      return action.id === undefined || action.id === state.openDropdown ? closeDropdown(state) : state;
    case "pointerLeft":
      return state.openDropdown === action.id && state.openedBy === "hover" ? closeDropdown(state) : state;
    case "toggleTray":
      return state.trayOpen ? INITIAL_MENU_STATE : { ...closeDropdown(state), trayOpen: true };
    case "closeTray":
    case "closeAll":
      return INITIAL_MENU_STATE;
    case "toggleTrayItem":
      return state.trayItem === action.id
        ? { ...state, trayItem: null, expandedGroups: withoutGroupsOf(state.expandedGroups, action.id) }
        : { ...state, trayItem: action.id, expandedGroups: withoutGroupsOf(state.expandedGroups, state.trayItem) };
    case "toggleGroup": {
      const key = groupKey(action.menuId, action.group);
      return {
        ...state,
        expandedGroups: state.expandedGroups.includes(key)
          ? state.expandedGroups.filter((existing) => existing !== key)
          : [...state.expandedGroups, key],
      };
    }
    default:
      return state;
  }
}

/**
 * Hover opens a dropdown only for a real hovering pointer: a mouse or pen on a device whose primary input
 * can hover. Touch taps (which browsers also report as pointerenter) open by click instead.
 */
export function respondsToHover(pointerType: string, deviceCanHover: boolean): boolean {
  return deviceCanHover && (pointerType === "mouse" || pointerType === "pen");
}

/** Wait before a hovered dropdown opens, so a pointer sweeping across the bar opens nothing. */
export function hoverOpenDelayMs(): number {
  return DROPDOWN.hoverOpenDelayMs;
}

/**
 * Wait before a hover-opened dropdown closes after the pointer leaves (SPEC §9): 70 ms when it only
 * crossed the trigger, 300 ms once it has been over the open (hoverable) panel, so a visitor reading the
 * menu who slips past its edge does not lose it.
 */
export function pointerLeaveCloseDelayMs(panelHovered: boolean): number {
  return panelHovered ? DROPDOWN.pointerLeaveCloseHoverableMs : DROPDOWN.pointerLeaveCloseMs;
}
