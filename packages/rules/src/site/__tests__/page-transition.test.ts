import { pageTransitionFor, type TransitionClick } from "../page-transition";

const base: TransitionClick = { href: "https://luma.test/about/", current: "https://luma.test/", button: 0, reducedMotion: false };

describe("pageTransitionFor", () => {
  it.each<[string, Partial<TransitionClick>, false | string]>([
    ["another internal path", {}, "/about/"],
    ["keeps query and hash of the target", { href: "https://luma.test/about/?q=1#team" }, "/about/?q=1#team"],
    ["same path with a hash", { href: "https://luma.test/#locations" }, false],
    ["same path without the trailing slash", { href: "https://luma.test/about", current: "https://luma.test/about/" }, false],
    ["same path with a query", { href: "https://luma.test/?q=1" }, false],
    ["another origin", { href: "https://booking.example/luma" }, false],
    ["mailto", { href: "mailto:hello@luma.test" }, false],
    ["tel", { href: "tel:+17185550142" }, false],
    ["reduced motion", { reducedMotion: true }, false],
    ["middle click", { button: 1 }, false],
    ["ctrl click (new tab)", { ctrlKey: true }, false],
    ["meta click", { metaKey: true }, false],
    ["shift click", { shiftKey: true }, false],
    ["alt click", { altKey: true }, false],
    ["target _blank", { target: "_blank" }, false],
    ["target _self", { target: "_self" }, "/about/"],
    ["download link", { download: true }, false],
    ["already handled", { defaultPrevented: true }, false],
    ["unparseable href", { href: "http://[bad" }, false],
  ])("%s", (_name, overrides, expected) => {
    const decision = pageTransitionFor({ ...base, ...overrides });
    expect(decision).toEqual(expected === false ? { transition: false } : { transition: true, to: expected });
  });
});
