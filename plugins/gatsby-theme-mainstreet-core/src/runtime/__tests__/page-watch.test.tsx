import React from "react";
import { OpenStatusBadge } from "../../components/open-status-badge";
import { TimedElement } from "../../components/timed-element";
import { siteStorageKey } from "@mainstreet/rules/site/storage";
import { installIntersectionObserver, intersect, memoryStorage } from "../../__tests__/dom-helpers";
import { renderToStaticHtml } from "../../__tests__/server-render";
import { sampleSite } from "../../__tests__/fixtures";
import { keptSiteState, watchPage, type PageWatchEnvironment } from "../page-watch";
import type { PageWatchConfig } from "../../data/page-start";

/**
 * The page watcher on server HTML, with no React: what it keeps current while the app has not started, and
 * when it asks for the app. Clock pinned (jest's fake timers); the facts' answer and the storage are the test's.
 */
const salon = sampleSite("salon");
const carrow = salon.site.locations[0];
const config: PageWatchConfig = {
  siteId: "luma",
  builtRevision: 4,
  locale: "en-US",
  apiBase: "/api/",
  schedules: salon.site.locations.map((location) => location.openSchedule),
  ordering: null,
  partCode: {},
};
// Tuesday 5 May 2026 in New York (UTC-4): 9:30am, half an hour before Carrow opens.
const NOW = Date.UTC(2026, 4, 5, 13, 30);

function serve(...elements: React.ReactElement[]): void {
  document.body.innerHTML = elements.map((element) => renderToStaticHtml(element)).join("");
}

/** The environment with nothing kept, the build's facts, and a start that counts. */
function environment(overrides: Partial<PageWatchEnvironment> = {}) {
  const starts = { count: 0 };
  const env: PageWatchEnvironment = {
    start: () => void (starts.count += 1),
    localStorage: () => memoryStorage(),
    readFacts: () => Promise.resolve({ revision: 4 }),
    readAvailability: jest.fn(() => Promise.resolve(null)),
    registerWorker: jest.fn(),
    ...overrides,
  };
  return { env, starts };
}

/** Lets the facts' answer (a resolved promise) be handled. */
const settle = () => Promise.resolve().then(() => undefined);

beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = "";
});

describe("watchPage: what the page keeps current before its app", () => {
  it("writes the open status from the build's schedules, and again when it changes", async () => {
    serve(<OpenStatusBadge hours={carrow.hours} timeZone={carrow.timezone} />);
    const { env, starts } = environment();
    const watch = watchPage(config, env);
    const line = document.querySelector(".open-status")!;
    expect(line).toHaveTextContent("Opening soon · opens 10:00am");
    jest.advanceTimersByTime(30 * 60_000);
    expect(line).toHaveTextContent("Open · until 8:00pm");
    await settle();
    // The build's facts, nothing kept: the app is not started.
    expect(starts.count).toBe(0);
    expect(env.registerWorker).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it("shows a timed element after its delay, and the app driving it after keeps its start (no second delay)", () => {
    serve(
      <TimedElement settings={{ delay: 2500 }} keepPlace>
        {() => <p>Gift cards</p>}
      </TimedElement>,
    );
    const wrapper = document.querySelector<HTMLElement>("[data-timed-settings]")!;
    const watch = watchPage(config, environment().env);
    expect(wrapper.dataset.timedState).toBe("held");
    jest.advanceTimersByTime(2500);
    expect(wrapper.dataset.timedState).toBe("shown");
    expect(wrapper).not.toHaveAttribute("aria-hidden");
    watch.stop();
    // The same instant it started from, written on the element for whoever drives it next.
    expect(wrapper.getAttribute("data-timed-since")).toBe(String(NOW));
  });

  it("stops: no more fills, no start", async () => {
    serve(<OpenStatusBadge hours={carrow.hours} timeZone={carrow.timezone} />);
    const { env, starts } = environment({ readFacts: () => Promise.resolve({ revision: 9 }) });
    const watch = watchPage(config, env);
    watch.stop();
    const line = document.querySelector(".open-status")!;
    jest.advanceTimersByTime(30 * 60_000);
    expect(line).toHaveTextContent("Opening soon");
    await settle();
    expect(starts.count).toBe(0);
  });

  it("stops by itself once the app has marked the page hydrated (the app's own code takes over)", async () => {
    serve(
      <TimedElement settings={{ delay: 2500 }} keepPlace>
        {() => <p>Gift cards</p>}
      </TimedElement>,
    );
    const wrapper = document.querySelector<HTMLElement>("[data-timed-settings]")!;
    watchPage(config, environment().env);
    document.documentElement.setAttribute("data-hydrated", "true");
    await settle();
    jest.advanceTimersByTime(2500);
    // Left to the app: the watcher no longer shows it.
    expect(wrapper.dataset.timedState).toBe("held");
    document.documentElement.removeAttribute("data-hydrated");
  });
});

describe("watchPage: when it starts the app", () => {
  it.each<[string, string[], Partial<PageWatchEnvironment>, number]>([
    ["the visitor kept something of this site's (a cart)", [siteStorageKey("luma", "cart:carrow")], {}, 1],
    ["the owner changed the facts since the build", [], { readFacts: () => Promise.resolve({ revision: 5 }) }, 1],
    ["the facts are the build's", [], { readFacts: () => Promise.resolve({ revision: 4 }) }, 0],
    ["the service does not answer (the page keeps what the build says)", [], { readFacts: () => Promise.resolve(null) }, 0],
    ["the call fails", [], { readFacts: () => Promise.reject(new Error("offline")) }, 0],
  ])("%s", async (_name, kept, overrides, expected) => {
    serve(<p>Page</p>);
    const storage = memoryStorage();
    for (const key of kept) storage.setItem(key, "{}");
    const { env, starts } = environment({ ...overrides, localStorage: () => storage });
    const watch = watchPage(config, env);
    await settle();
    await settle();
    expect(starts.count).toBe(expected);
    watch.stop();
  });

  it("when the hours need the rules' luxon half (a page that outlived its schedules), and leaves the line to the app", () => {
    serve(<OpenStatusBadge hours={carrow.hours} timeZone={carrow.timezone} />);
    const { env, starts } = environment();
    watchPage({ ...config, schedules: [] }, env).stop();
    expect(starts.count).toBeGreaterThan(0);
    expect(document.querySelector(".open-status")).toHaveAttribute("aria-hidden", "true");
  });

  describe("a menu's Add buttons near the screen: the service's answer on what is sold out", () => {
    const ordering = { soldOutItems: ["pie"], soldOutVariations: [], orderingLocations: ["carrow"] };
    const answer = (soldOutItems: string[], locations = ["carrow"]) => ({
      sold_out_items: soldOutItems,
      sold_out_variations: [],
      sold_out_modifiers: [],
      locations: locations.map((id) => ({ location_id: id, paused_until: null, rush_minutes: 0 })),
      as_of: "2026-05-05T13:30:00.000Z",
    });

    it.each<[string, unknown, number]>([
      ["what the build shows: no start", answer(["pie"]), 0],
      ["an item sold out since the build: the app shows it", answer(["pie", "soup"]), 1],
      ["a location no longer taking orders: the app shows it", answer(["pie"], []), 1],
      ["no answer: the page keeps what the build says", null, 0],
    ])("%s", async (_name, reply, expected) => {
      installIntersectionObserver();
      document.body.innerHTML = '<span class="deferred" data-deferred-part="add-to-cart"><button>Add</button></span><span class="deferred" data-deferred-part="add-to-cart"><button>Add</button></span>';
      const readAvailability = jest.fn(() => Promise.resolve(reply));
      const { env, starts } = environment({ readAvailability });
      const watch = watchPage({ ...config, ordering }, env);
      expect(readAvailability).not.toHaveBeenCalled();
      for (const button of document.querySelectorAll(".deferred button")) intersect(button);
      await settle();
      await settle();
      // One question however many cards come near.
      expect(readAvailability).toHaveBeenCalledTimes(1);
      expect(starts.count).toBe(expected);
      watch.stop();
    });
  });

  it("when a part whose code must run to be seen right nears the screen, not before", () => {
    installIntersectionObserver();
    document.body.innerHTML = '<p>Menu</p><span class="deferred" data-deferred-part="add-to-cart"><button>Add</button></span><div class="embed" data-code-when-visible=""></div>';
    const { env, starts } = environment();
    const watch = watchPage(config, env);
    expect(starts.count).toBe(0);
    // The part's wrapper has no box of its own (display: contents): its content is what comes into view.
    intersect(document.querySelector(".deferred button")!);
    expect(starts.count).toBe(1);
    intersect(document.querySelector(".embed")!);
    expect(starts.count).toBe(2);
    watch.stop();
  });
});

describe("watchPage: the code of the parts that wait for a touch", () => {
  const partCode = {
    "part-like-button-body": ["/part-like-button-body-1a.js", "/shared-2b.js", "/on-page-3c.js"],
    "part-footer-body": ["/part-footer-body-4d.js", "/shared-2b.js"],
  };
  /** A served touch part whose content's box is at `top` (jsdom lays nothing out: the box is the test's). */
  const part = (code: string, top: number) => {
    const wrapper = document.createElement("div");
    wrapper.className = "deferred";
    wrapper.dataset.partCode = code;
    const button = document.createElement("button");
    button.getBoundingClientRect = () => ({ top, bottom: top + 40, left: 0, right: 100, width: 100, height: 40, x: 0, y: top, toJSON: () => null });
    wrapper.appendChild(button);
    document.body.appendChild(wrapper);
    return button;
  };
  const idleWork = () => {
    const queued: (() => void)[] = [];
    return { whenIdle: (work: () => void) => void queued.push(work), runIdle: () => queued.splice(0).forEach((work) => work()) };
  };
  const scriptOnPage = (src: string) => {
    const script = document.createElement("script");
    script.src = src;
    document.body.appendChild(script);
  };

  it("prefetches from the first idle moment the files of each part as it nears the screen, each once, none the page has", () => {
    installIntersectionObserver();
    scriptOnPage("/on-page-3c.js");
    const like = part("part-like-button-body", 100);
    const secondLike = part("part-like-button-body", 300);
    const footer = part("part-footer-body", 2000);
    const unknown = part("part-unknown", 200);
    const prefetch = jest.fn();
    const { whenIdle, runIdle } = idleWork();
    const watch = watchPage({ ...config, partCode }, environment({ whenIdle, prefetch }).env);
    intersect(like);
    expect(prefetch).not.toHaveBeenCalled();
    runIdle();
    // The observer's first report: the parts on the first screen.
    [like, secondLike, unknown].forEach(intersect);
    expect(prefetch.mock.calls.map(([file]) => file)).toEqual(["/part-like-button-body-1a.js", "/shared-2b.js"]);
    // The visitor scrolls down to the footer: its own file, the shared one already asked for.
    intersect(footer);
    expect(prefetch.mock.calls.map(([file]) => file)).toEqual(["/part-like-button-body-1a.js", "/shared-2b.js", "/part-footer-body-4d.js"]);
    watch.stop();
  });

  it("prefetches with a part's own code the code that code loads on the first touch, named after it (Add's dialog)", () => {
    installIntersectionObserver();
    const code = { "part-add-to-cart-button-body": ["/add-5e.js", "/shared-2b.js"], "part-item-modal": ["/item-modal-6f.js", "/shared-2b.js"] };
    const add = part("part-add-to-cart-button-body part-item-modal", 100);
    const below = part("part-add-to-cart-button-body part-item-modal", 3000);
    const prefetch = jest.fn();
    const { whenIdle, runIdle } = idleWork();
    const watch = watchPage({ ...config, partCode: code }, environment({ whenIdle, prefetch }).env);
    runIdle();
    intersect(add);
    expect(prefetch.mock.calls.map(([file]) => file)).toEqual(["/add-5e.js", "/shared-2b.js", "/item-modal-6f.js"]);
    // The second button names the same code: nothing more.
    intersect(below);
    expect(prefetch).toHaveBeenCalledTimes(3);
    watch.stop();
  });

  it("without an IntersectionObserver, prefetches the parts on the first screen only", () => {
    const observer = window.IntersectionObserver;
    // @ts-expect-error: a browser without it
    delete window.IntersectionObserver;
    try {
      part("part-like-button-body", 100);
      part("part-footer-body", window.innerHeight + 500);
      const prefetch = jest.fn();
      const { whenIdle, runIdle } = idleWork();
      const watch = watchPage({ ...config, partCode }, environment({ whenIdle, prefetch }).env);
      runIdle();
      expect(prefetch.mock.calls.map(([file]) => file)).toEqual(["/part-like-button-body-1a.js", "/shared-2b.js", "/on-page-3c.js"]);
      watch.stop();
    } finally {
      window.IntersectionObserver = observer;
    }
  });

  it("prefetches nothing once the app has taken over: the app asks for its parts' code itself", async () => {
    installIntersectionObserver();
    const like = part("part-like-button-body", 100);
    const prefetch = jest.fn();
    const { whenIdle, runIdle } = idleWork();
    watchPage({ ...config, partCode }, environment({ whenIdle, prefetch }).env);
    document.documentElement.setAttribute("data-hydrated", "true");
    await settle();
    runIdle();
    intersect(like);
    expect(prefetch).not.toHaveBeenCalled();
    document.documentElement.removeAttribute("data-hydrated");
  });

  it("stops prefetching when the app takes over after it began", async () => {
    installIntersectionObserver();
    part("part-like-button-body", 100);
    const footer = part("part-footer-body", 2000);
    const prefetch = jest.fn();
    const { whenIdle, runIdle } = idleWork();
    watchPage({ ...config, partCode }, environment({ whenIdle, prefetch }).env);
    runIdle();
    document.documentElement.setAttribute("data-hydrated", "true");
    await settle();
    intersect(footer);
    expect(prefetch).not.toHaveBeenCalled();
    document.documentElement.removeAttribute("data-hydrated");
  });
});

describe("keptSiteState", () => {
  it.each<[string, string[], boolean]>([
    ["nothing kept", [], false],
    ["this site's chosen location", [siteStorageKey("luma", "active-location")], true],
    ["this site's likes", [siteStorageKey("luma", "liked-items")], true],
    ["another site's cart only (sites previewed on one origin)", [siteStorageKey("luma-two", "cart:a"), siteStorageKey("lum", "cart:a")], false],
    ["a dismissed announcement (the watcher shows it right itself)", ["mainstreet:timed-element:gift"], false],
  ])("%s", (_name, keys, expected) => {
    const storage = memoryStorage();
    for (const key of keys) storage.setItem(key, "1");
    expect(keptSiteState("luma", storage)).toBe(expected);
  });

  it("a storage that throws holds nothing", () => {
    const throwing = Object.assign(memoryStorage(), {
      key: () => {
        throw new Error("SecurityError");
      },
    });
    throwing.setItem("x", "1");
    expect(keptSiteState("luma", throwing)).toBe(false);
  });
});
