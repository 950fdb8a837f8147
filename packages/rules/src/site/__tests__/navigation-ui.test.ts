import { BREAKPOINTS, NAVIGATION } from "../../business/constants";
import {
  type NavigationVariant,
  distributeMasonry,
  masonryColumnCount,
  menuFocusIndex,
  navigationVariant,
  trapFocusIndex,
} from "../navigation-ui";
import { isStickyAt } from "../sticky";

describe("navigationVariant (SPEC §2: tablet falls back to mobile, then desktop)", () => {
  const all: NavigationVariant[] = ["mobile", "tablet", "desktop"];
  it.each<[number, NavigationVariant[], NavigationVariant]>([
    [375, ["mobile", "desktop"], "mobile"],
    [BREAKPOINTS.mobileMax, ["mobile", "desktop"], "mobile"],
    [BREAKPOINTS.tabletMin, ["mobile", "desktop"], "mobile"],
    [800, ["mobile", "desktop"], "mobile"],
    [BREAKPOINTS.tabletMax, ["mobile", "desktop"], "mobile"],
    [BREAKPOINTS.smallMonitorMin, ["mobile", "desktop"], "desktop"],
    [1920, ["mobile", "desktop"], "desktop"],
    [800, all, "tablet"],
    [375, all, "mobile"],
    [800, ["desktop"], "desktop"],
    [375, ["tablet", "desktop"], "tablet"],
    [375, ["desktop"], "desktop"],
    [1280, all, "desktop"],
  ])("%i px with %j → %s", (width, provided, expected) => {
    expect(navigationVariant(width, provided)).toBe(expected);
  });

  it("requires a desktop variant, the last fallback", () => {
    expect(() => navigationVariant(375, ["mobile"])).toThrow(/expected a list that includes "desktop"/);
  });
});

describe("isStickyAt (SPEC §4 sticky offset 300)", () => {
  it.each([
    [0, false],
    [NAVIGATION.stickyOffsetPx - 1, false],
    [NAVIGATION.stickyOffsetPx, false],
    [NAVIGATION.stickyOffsetPx + 1, true],
    [5000, true],
  ])("scrollY %i → %s", (scrollY, expected) => {
    expect(isStickyAt(scrollY)).toBe(expected);
  });

  it("takes another offset", () => {
    expect(isStickyAt(120, 100)).toBe(true);
  });
});

describe("masonryColumnCount (SPEC §9: 3, 2 up to 991, 1 up to 767)", () => {
  it.each([
    [375, undefined, 1],
    [767, undefined, 1],
    [768, undefined, 2],
    [991, undefined, 2],
    [992, undefined, 3],
    [1920, undefined, 3],
    [1920, 2, 2],
    [1920, 1, 1],
    [800, 1, 1],
    [1920, 0, 1],
  ])("%i px, %s groups → %i", (width, groups, expected) => {
    expect(masonryColumnCount(width, groups)).toBe(expected);
  });
});

describe("distributeMasonry", () => {
  it.each([
    ["one column keeps everything in order", [3, 1, 2], 1, [[0, 1, 2]]],
    ["equal heights fill left to right", [1, 1, 1, 1, 1, 1], 3, [[0, 3], [1, 4], [2, 5]]],
    ["a tall first item lets the others stack beside it", [6, 2, 2, 2], 2, [[0], [1, 2, 3]]],
    ["the shortest column takes the next item", [5, 1, 1, 3, 1], 3, [[0], [1, 3], [2, 4]]],
    ["more columns than items leaves columns empty", [2], 3, [[0], [], []]],
    ["no items", [], 2, [[], []]],
  ])("%s", (_name, heights, columns, expected) => {
    expect(distributeMasonry(heights, columns)).toEqual(expected);
  });

  it.each([0, 1.5, -1])("rejects %d columns", (columns) => {
    expect(() => distributeMasonry([1], columns)).toThrow(/columns: expected a whole number of at least 1/);
  });
});

describe("menuFocusIndex (arrow keys within a menu)", () => {
  it.each([
    ["ArrowDown", -1, 4, 0],
    ["ArrowDown", 0, 4, 1],
    ["ArrowDown", 3, 4, 0],
    ["ArrowUp", -1, 4, 3],
    ["ArrowUp", 0, 4, 3],
    ["ArrowUp", 2, 4, 1],
    ["Home", 2, 4, 0],
    ["End", 0, 4, 3],
    ["Tab", 0, 4, null],
    ["ArrowDown", -1, 0, null],
  ])("%s from %i of %i → %s", (key, current, count, expected) => {
    expect(menuFocusIndex(key, current, count)).toBe(expected);
  });
});

describe("trapFocusIndex (Tab stays inside a modal)", () => {
  it.each([
    [2, 3, false, 0],
    [0, 3, true, 2],
    [1, 3, false, null],
    [1, 3, true, null],
    [-1, 3, false, 0],
    [-1, 3, true, 2],
    [0, 1, false, 0],
    [0, 0, false, null],
  ])("from %i of %i, backwards %s → %s", (current, count, backwards, expected) => {
    expect(trapFocusIndex(current, count, backwards)).toBe(expected);
  });
});
