import { REVEAL, type AnimationStatus } from "../../business/constants";
import {
  type RevealEnvironment,
  initialAnimationStatus,
  nextAnimationStatus,
  revealDelayMs,
  revealMode,
  revealOffset,
  revealStorageKey,
  toggleAccordionItem,
} from "../motion";

describe("animation status (SPEC §4)", () => {
  it.each<[boolean, AnimationStatus]>([
    [true, "serverSide"],
    [false, "preAnimating"],
  ])("server %s starts at %s", (isServer, expected) => {
    expect(initialAnimationStatus(isServer)).toBe(expected);
  });

  it.each<[AnimationStatus, AnimationStatus]>([
    ["serverSide", "preAnimating"],
    ["preAnimating", "animating"],
    ["animating", "noAnimation"],
    ["noAnimation", "noAnimation"],
  ])("%s → %s", (from, to) => {
    expect(nextAnimationStatus(from)).toBe(to);
  });
});

describe("revealMode (SPEC §4 Reveal animations)", () => {
  const base: RevealEnvironment = {
    reducedMotion: false,
    touchDevice: false,
    disableOnTouch: true,
    triggerOnce: true,
    playedThisSession: false,
    visibleAtStart: false,
  };
  it.each<[string, Partial<RevealEnvironment>, "animate" | "static"]>([
    ["plays below the fold on a desktop", {}, "animate"],
    ["off under prefers-reduced-motion", { reducedMotion: true }, "static"],
    ["off on touch devices with the mobile-disable option", { touchDevice: true }, "static"],
    ["plays on touch devices without the option", { touchDevice: true, disableOnTouch: false }, "animate"],
    ["once only: not again this session", { playedThisSession: true }, "static"],
    ["without once-only it plays again", { playedThisSession: true, triggerOnce: false }, "animate"],
    ["content already on screen is never hidden", { visibleAtStart: true }, "static"],
    ["reduced motion wins over everything", { reducedMotion: true, disableOnTouch: false, triggerOnce: false }, "static"],
  ])("%s", (_name, env, expected) => {
    expect(revealMode({ ...base, ...env })).toBe(expected);
  });
});

describe("revealDelayMs (cascade factor 0.5 of 1000 ms)", () => {
  it.each([
    [0, {}, 0],
    [1, {}, 500],
    [3, {}, 1500],
    [2, { cascade: false }, REVEAL.delayMs],
    [2, { delayMs: 100, durationMs: 400, cascadeFactor: 0.25 }, 300],
  ])("item %i %j → %i ms", (index, timing, expected) => {
    expect(revealDelayMs(index, timing)).toBe(expected);
  });

  it.each([-1, 1.5])("rejects index %d", (index) => {
    expect(() => revealDelayMs(index)).toThrow(/index: expected a whole number/);
  });
});

describe("revealOffset (26 px slide, default direction up)", () => {
  it.each([
    [undefined, { x: 0, y: 26 }],
    ["up", { x: 0, y: 26 }],
    ["down", { x: 0, y: -26 }],
    ["left", { x: 26, y: 0 }],
    ["right", { x: -26, y: 0 }],
  ] as const)("%s → %j", (direction, expected) => {
    expect(revealOffset(direction)).toEqual(expected);
  });

  it("rejects an unknown direction", () => {
    expect(() => revealOffset("sideways" as never)).toThrow(/expected one of up, down, left, right, got "sideways"/);
  });
});

describe("revealStorageKey", () => {
  it.each([
    ["home-team", "mainstreet:reveal:home-team"],
    [" cards ", "mainstreet:reveal:cards"],
  ])("%j → %s", (id, expected) => {
    expect(revealStorageKey(id)).toBe(expected);
  });
  it("rejects an empty id", () => {
    expect(() => revealStorageKey(" ")).toThrow(/non-empty reveal id/);
  });
});

describe("toggleAccordionItem (exclusive by default)", () => {
  it.each<[string, string[], string, { exclusive?: boolean }, string[]]>([
    ["opens an item", [], "a", {}, ["a"]],
    ["opening another closes the first", ["a"], "b", {}, ["b"]],
    ["toggling the open one closes it", ["a"], "a", {}, []],
    ["non-exclusive keeps others open", ["a"], "b", { exclusive: false }, ["a", "b"]],
    ["non-exclusive closes only the toggled one", ["a", "b", "c"], "b", { exclusive: false }, ["a", "c"]],
  ])("%s", (_name, open, id, options, expected) => {
    expect(toggleAccordionItem(open, id, options)).toEqual(expected);
  });
});
