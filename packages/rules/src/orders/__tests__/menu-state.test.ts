import { DROPDOWN } from "../../business/constants";
import {
  INITIAL_MENU_STATE,
  type MenuAction,
  type MenuState,
  expandedGroupsOf,
  groupKey,
  hoverOpenDelayMs,
  menuReducer,
  pointerLeaveCloseDelayMs,
  respondsToHover,
} from "../menu-state";

const run = (actions: MenuAction[], from: MenuState = INITIAL_MENU_STATE) => actions.reduce(menuReducer, from);
const open = (id: string, by: MenuState["openedBy"] = "click"): MenuState => ({ ...INITIAL_MENU_STATE, openDropdown: id, openedBy: by });

describe("menuReducer: dropdowns (one open at a time)", () => {
  it.each<[string, MenuAction[], Partial<MenuState>]>([
    ["a click opens", [{ type: "toggleDropdown", id: "services", by: "click" }], { openDropdown: "services", openedBy: "click" }],
    ["a second click closes", [{ type: "toggleDropdown", id: "services", by: "click" }, { type: "toggleDropdown", id: "services", by: "click" }], { openDropdown: null, openedBy: null }],
    ["opening another closes the first", [{ type: "toggleDropdown", id: "services", by: "click" }, { type: "toggleDropdown", id: "team", by: "keyboard" }], { openDropdown: "team", openedBy: "keyboard" }],
    ["hover opens", [{ type: "openDropdown", id: "team", by: "hover" }], { openDropdown: "team", openedBy: "hover" }],
    ["hovering another moves the menu", [{ type: "openDropdown", id: "team", by: "hover" }, { type: "openDropdown", id: "services", by: "hover" }], { openDropdown: "services", openedBy: "hover" }],
    ["the pointer leaving closes a hovered menu", [{ type: "openDropdown", id: "team", by: "hover" }, { type: "pointerLeft", id: "team" }], { openDropdown: null }],
    ["the pointer leaving keeps a clicked menu", [{ type: "toggleDropdown", id: "team", by: "click" }, { type: "pointerLeft", id: "team" }], { openDropdown: "team", openedBy: "click" }],
    ["a click on a hovered menu keeps it open and pins it", [{ type: "openDropdown", id: "team", by: "hover" }, { type: "toggleDropdown", id: "team", by: "click" }, { type: "pointerLeft", id: "team" }], { openDropdown: "team", openedBy: "click" }],
    ["hover does not unpin a clicked menu", [{ type: "toggleDropdown", id: "team", by: "click" }, { type: "openDropdown", id: "team", by: "hover" }], { openDropdown: "team", openedBy: "click" }],
    ["leaving another menu changes nothing", [{ type: "openDropdown", id: "team", by: "hover" }, { type: "pointerLeft", id: "services" }], { openDropdown: "team" }],
    ["closing by id closes that one", [{ type: "toggleDropdown", id: "team", by: "click" }, { type: "closeDropdown", id: "team" }], { openDropdown: null }],
    ["closing another id changes nothing", [{ type: "toggleDropdown", id: "team", by: "click" }, { type: "closeDropdown", id: "services" }], { openDropdown: "team" }],
    ["closing without id closes whatever is open", [{ type: "toggleDropdown", id: "team", by: "click" }, { type: "closeDropdown" }], { openDropdown: null }],
  ])("%s", (_name, actions, expected) => {
    expect(run(actions)).toMatchObject(expected);
  });
});

describe("menuReducer: the tray (SPEC §4 Mobile menu)", () => {
  const busy: MenuState = {
    openDropdown: "services",
    openedBy: "click",
    trayOpen: true,
    trayItem: "services",
    expandedGroups: [groupKey("services", "Hair")],
  };
  it.each<[string, MenuAction[], MenuState, Partial<MenuState>]>([
    ["the toggle opens it", [{ type: "toggleTray" }], INITIAL_MENU_STATE, { trayOpen: true }],
    ["opening it closes a desktop dropdown", [{ type: "toggleTray" }], open("team"), { trayOpen: true, openDropdown: null }],
    ["the toggle closes it with every popup inside", [{ type: "toggleTray" }], busy, INITIAL_MENU_STATE],
    ["closing it closes dropdowns and popups", [{ type: "closeTray" }], busy, INITIAL_MENU_STATE],
    ["closeAll closes everything", [{ type: "closeAll" }], busy, INITIAL_MENU_STATE],
    ["an item expands", [{ type: "toggleTrayItem", id: "team" }], { ...INITIAL_MENU_STATE, trayOpen: true }, { trayItem: "team" }],
    ["the tray accordion is exclusive and resets the other's groups", [{ type: "toggleTrayItem", id: "team" }], busy, { trayItem: "team", expandedGroups: [] }],
    ["the same item collapses", [{ type: "toggleTrayItem", id: "services" }], busy, { trayItem: null, expandedGroups: [] }],
  ])("%s", (_name, actions, from, expected) => {
    expect(run(actions, from)).toMatchObject(expected);
  });
});

describe("menuReducer: See more / See less groups", () => {
  it("toggles one group of one menu", () => {
    const state = run([{ type: "toggleDropdown", id: "services", by: "click" }, { type: "toggleGroup", menuId: "services", group: "Hair" }]);
    expect(expandedGroupsOf(state, "services")).toEqual(new Set(["Hair"]));
    expect(expandedGroupsOf(state, "team")).toEqual(new Set());
    expect(expandedGroupsOf(run([{ type: "toggleGroup", menuId: "services", group: "Hair" }], state), "services")).toEqual(new Set());
  });

  it("keeps the unnamed group apart from named ones", () => {
    const state = run([{ type: "toggleGroup", menuId: "team", group: null }]);
    expect(expandedGroupsOf(state, "team")).toEqual(new Set([null]));
  });

  it("collapses a menu's groups when the menu closes", () => {
    const state = run([
      { type: "toggleDropdown", id: "services", by: "click" },
      { type: "toggleGroup", menuId: "services", group: "Hair" },
      { type: "toggleDropdown", id: "services", by: "click" },
      { type: "toggleDropdown", id: "services", by: "click" },
    ]);
    expect(expandedGroupsOf(state, "services")).toEqual(new Set());
  });
});

describe("hover rules (SPEC §9 dropdown and popup defaults)", () => {
  it.each([
    ["mouse", true, true],
    ["pen", true, true],
    ["touch", true, false],
    ["mouse", false, false],
    ["", true, false],
  ])("pointer %j on a device that can hover: %s → %s", (pointerType, canHover, expected) => {
    expect(respondsToHover(pointerType, canHover)).toBe(expected);
  });

  it.each([
    [false, DROPDOWN.pointerLeaveCloseMs, 70],
    [true, DROPDOWN.pointerLeaveCloseHoverableMs, 300],
  ])("closing after the pointer leaves, panel hovered %s: %i ms", (panelHovered, constant, literal) => {
    expect(pointerLeaveCloseDelayMs(panelHovered)).toBe(constant);
    expect(constant).toBe(literal);
  });

  it("opens after the 50 ms hover delay", () => {
    expect(hoverOpenDelayMs()).toBe(50);
  });
});
