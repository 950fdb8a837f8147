import { type EmbedConditions, type EmbedLoadStrategy, autoplaySrc, iframeLoading, resolveEmbed, shouldRenderEmbed } from "../embed";

describe("resolveEmbed (sources vimeo, youtube, default)", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", { source: "youtube", src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", videoId: "dQw4w9WgXcQ" }],
    ["https://youtu.be/dQw4w9WgXcQ?t=10", { source: "youtube", src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", videoId: "dQw4w9WgXcQ" }],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", { source: "youtube", src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", videoId: "dQw4w9WgXcQ" }],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", { source: "youtube", src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", videoId: "dQw4w9WgXcQ" }],
    ["https://www.youtube.com/watch?v=short", { source: "youtube", src: null }],
    ["https://vimeo.com/76979871", { source: "vimeo", src: "https://player.vimeo.com/video/76979871?dnt=1", videoId: "76979871" }],
    ["https://vimeo.com/channels/staffpicks/76979871", { source: "vimeo", src: "https://player.vimeo.com/video/76979871?dnt=1", videoId: "76979871" }],
    ["https://player.vimeo.com/video/76979871", { source: "vimeo", src: "https://player.vimeo.com/video/76979871?dnt=1", videoId: "76979871" }],
    ["https://vimeo.com/about", { source: "vimeo", src: null }],
    ["https://www.google.com/maps/embed/v1/place?key=k&q=x", { source: "default", src: "https://www.google.com/maps/embed/v1/place?key=k&q=x" }],
    ["http://example.com/player", { source: "default", src: null }],
    ["javascript:alert(1)", { source: "default", src: null }],
    ["", { source: "default", src: null }],
    [null, { source: "default", src: null }],
  ])("%s", (url, expected) => {
    expect(resolveEmbed(url)).toEqual(expected);
  });
});

describe("autoplaySrc", () => {
  it.each([
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871?dnt=1&autoplay=1"],
    ["https://example.com/widget", "https://example.com/widget"],
    ["http://example.com/widget", null],
  ])("%s → %s", (url, expected) => {
    expect(autoplaySrc(resolveEmbed(url))).toBe(expected);
  });
});

describe("shouldRenderEmbed (load strategies; never on the server)", () => {
  const none: EmbedConditions = { mounted: true, inViewport: false, interacted: false };
  it.each<[EmbedLoadStrategy, Partial<EmbedConditions>, boolean]>([
    ["eager", { mounted: false }, false],
    ["lazyBrowser", { mounted: false }, false],
    ["inViewport", { mounted: false, inViewport: true }, false],
    ["lazyAfterUserInteraction", { mounted: false, interacted: true }, false],
    ["eager", {}, true],
    ["lazyBrowser", {}, true],
    ["inViewport", {}, false],
    ["inViewport", { inViewport: true }, true],
    ["inViewport", { interacted: true }, true],
    ["lazyAfterUserInteraction", { inViewport: true }, false],
    ["lazyAfterUserInteraction", { interacted: true }, true],
  ])("%s with %j → %s", (strategy, conditions, expected) => {
    expect(shouldRenderEmbed(strategy, { ...none, ...conditions })).toBe(expected);
  });

  it("names the strategies it knows when given another", () => {
    expect(() => shouldRenderEmbed("later" as EmbedLoadStrategy, none)).toThrow(/expected one of eager, lazyBrowser, inViewport, lazyAfterUserInteraction, got "later"/);
  });

  it.each<[EmbedLoadStrategy, "lazy" | "eager"]>([
    ["lazyBrowser", "lazy"],
    ["eager", "eager"],
    ["inViewport", "eager"],
    ["lazyAfterUserInteraction", "eager"],
  ])("%s loads the iframe %s", (strategy, expected) => {
    expect(iframeLoading(strategy)).toBe(expected);
  });
});
