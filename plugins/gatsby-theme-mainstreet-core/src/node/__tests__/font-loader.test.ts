/**
 * @jest-environment jsdom
 */
import { FONTS_SEEN_KEY, fontLoaderScript } from "../font-loader";

/** The page's head script (node/font-loader.ts), run as the browser runs it, with FontFace and document.fonts standing in. */
const FACES = [
  { family: "Fraunces Variable", url: "/fonts/fraunces.1a2b3c4d5e.woff2", weight: "400 700", unicodeRange: "U+0020-007E" },
  { family: "DM Sans Variable", url: "/fonts/dm-sans.5e4d3c2b1a.woff2", weight: "400 700", unicodeRange: "U+0020-007E,U+2013" },
];
const SEEN = FACES.map((face) => face.url).join(" ");

interface StandIn {
  family: string;
  source: string;
  descriptors: { weight: string; unicodeRange: string; display: string };
  loads: number;
}

let made: StandIn[];
let added: StandIn[];
let failing: Set<string>;
let frames: FrameRequestCallback[];

beforeEach(() => {
  made = [];
  added = [];
  failing = new Set();
  frames = [];
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>).___mainstreetFonts;
  Object.defineProperty(document, "readyState", { configurable: true, get: () => "loading" });
  class FontFaceStandIn implements StandIn {
    loads = 0;
    constructor(
      public family: string,
      public source: string,
      public descriptors: StandIn["descriptors"],
    ) {
      made.push(this);
    }
    load() {
      this.loads += 1;
      return failing.has(this.family) ? Promise.reject(new Error("network")) : Promise.resolve(this);
    }
  }
  // jsdom reports no paints: the loader then waits for the frame after the load event.
  Object.assign(window, { FontFace: FontFaceStandIn, requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback) });
  Object.defineProperty(document, "fonts", { configurable: true, value: { add: (face: StandIn) => added.push(face) } });
  jest.useFakeTimers();
});

afterEach(() => jest.useRealTimers());

/** The element's code, run as the browser runs an inline script. */
const run = (faces = FACES) => new Function(/^<script data-font-loader="">([\s\S]*)<\/script>$/.exec(fontLoaderScript(faces))?.[1] ?? "throw new Error('not one script element')")();
/** The load event, its frame painted, the timeout after it, and the fonts' promises settled. */
async function afterLoad() {
  window.dispatchEvent(new Event("load"));
  frames.splice(0).forEach((frame) => frame(0));
  jest.runAllTimers();
  for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
}

describe("the font loader", () => {
  it("on a first visit leaves the first paint to the fallback and applies both fonts together once the page has loaded", async () => {
    run();
    expect(made).toEqual([]);
    expect(added).toEqual([]);
    await afterLoad();
    expect(made.map((face) => [face.family, face.source, face.descriptors])).toEqual([
      ["Fraunces Variable", 'url("/fonts/fraunces.1a2b3c4d5e.woff2") format("woff2")', { weight: "400 700", unicodeRange: "U+0020-007E", display: "swap" }],
      ["DM Sans Variable", 'url("/fonts/dm-sans.5e4d3c2b1a.woff2") format("woff2")', { weight: "400 700", unicodeRange: "U+0020-007E,U+2013", display: "swap" }],
    ]);
    expect(made.every((face) => face.loads === 1)).toBe(true);
    expect(added).toEqual(made);
    expect(localStorage.getItem(FONTS_SEEN_KEY)).toBe(SEEN);
  });

  it("once they have arrived before, declares them in the head at once, to load from the cache before the first paint", () => {
    localStorage.setItem(FONTS_SEEN_KEY, SEEN);
    run();
    expect(added.map((face) => [face.family, face.descriptors.display, face.loads])).toEqual([
      ["Fraunces Variable", "fallback", 1],
      ["DM Sans Variable", "fallback", 1],
    ]);
  });

  it("waits for the load event again when the fonts have changed since (a new build's files)", async () => {
    localStorage.setItem(FONTS_SEEN_KEY, "/fonts/fraunces.0000000000.woff2 /fonts/dm-sans.0000000000.woff2");
    run();
    expect(added).toEqual([]);
    await afterLoad();
    expect(added).toHaveLength(2);
    expect(localStorage.getItem(FONTS_SEEN_KEY)).toBe(SEEN);
  });

  it("applies none and remembers nothing when a font fails to arrive, so the page keeps its fallback whole", async () => {
    failing.add("DM Sans Variable");
    run();
    await afterLoad();
    expect(added).toEqual([]);
    expect(localStorage.getItem(FONTS_SEEN_KEY)).toBeNull();
  });

  it("runs once when run twice, and starts at once on a page already loaded", async () => {
    Object.defineProperty(document, "readyState", { configurable: true, get: () => "complete" });
    run();
    run();
    frames.splice(0).forEach((frame) => frame(0));
    jest.runAllTimers();
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    expect(added).toHaveLength(2);
  });

  it("waits, where the browser reports paints, for the first contentful paint after the load event", async () => {
    let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | null = null;
    const observed: unknown[] = [];
    class PaintObserver {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"];
      constructor(callback: NonNullable<typeof report>) {
        report = callback;
      }
      observe(options: unknown) {
        observed.push(options);
      }
      disconnect() {
        report = null;
      }
    }
    Object.assign(window, { PerformanceObserver: PaintObserver });
    try {
      run();
      await afterLoad();
      expect(observed).toEqual([{ type: "paint", buffered: true }]);
      expect(made).toEqual([]);
      // The first paint (no content): still waiting.
      report!({ getEntriesByName: () => [] });
      jest.runAllTimers();
      expect(made).toEqual([]);
      report!({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{ name }] : []) });
      expect(report).toBeNull();
      jest.runAllTimers();
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
      expect(added).toHaveLength(2);
    } finally {
      delete (window as unknown as Record<string, unknown>).PerformanceObserver;
    }
  });

  it("does nothing in a browser without the font loading API (the fallback stays)", () => {
    delete (window as unknown as Record<string, unknown>).FontFace;
    expect(() => run()).not.toThrow();
    expect(added).toEqual([]);
  });

  it("cannot be closed from inside: a value's angle bracket is escaped", () => {
    const script = fontLoaderScript([{ ...FACES[0], family: "</script><script>alert(1)</script>" }]);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script.endsWith("</script>")).toBe(true);
    expect(script).toContain("\\u003c/script>");
  });
});
