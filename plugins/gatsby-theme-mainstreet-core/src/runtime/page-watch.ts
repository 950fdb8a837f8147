import { VIEWPORT_OBSERVER } from "@mainstreet/rules/business/constants";
import { siteStoragePrefix, type StorageLike } from "@mainstreet/rules/site/storage";
import { MAX_REFILL_MS, fillLiveHours, type LiveHoursContext } from "../hooks/live-hours";
import { TIMED_KEEP_PLACE_ATTRIBUTE, TIMED_SETTINGS_ATTRIBUTE, driveTimedElement, forceShowRequested, timedSettingsOf, type TimedElementDriver } from "../components/timed-element-driver";
import { HYDRATED_ATTRIBUTE, PART_CODE_ATTRIBUTE, VISIBLE_PART_ATTRIBUTE, type PageWatchConfig } from "../data/page-start";
import { CODE_WHEN_VISIBLE_ATTRIBUTE } from "../data/code-when-visible";
import { factsChangedSinceBuild, readService, readSiteFacts } from "./site-facts-read";
import { availabilityChangedSinceBuild } from "@mainstreet/rules/orders/live-availability";
import { prefetchFile, whenIdle as browserIdle } from "../hydration/prefetch";

/**
 * What a page does before its app has started, and for as long as the visitor only reads it. The served HTML
 * works on its own (links, native menus and popups, forms the early-taps script holds); the app (React and
 * Gatsby's runtime, about 70 KiB and a second of a phone's processor) starts on the visitor's first touch, key or
 * tab (the inline loader: node/html-output.ts). Until then this small script, a file of its own written at
 * build (node/page-watch-bundle.ts), keeps what only the visitor's browser knows current, with the same code the
 * app uses for it:
 *
 * - the open statuses, today's hours and the coming special dates (hooks/live-hours.ts), from the site's
 *   prebuilt schedules, again whenever one of them changes;
 * - the timed elements (the announcement: components/timed-element-driver.ts), shown after their delay;
 * - the web app's service worker, registered as the app would;
 * - the code the parts name (the header's menu, a Like, a form; an Add button and its dialog), prefetched from the
 *   first idle moment as each nears the screen: in the cache, not run, so a tap on one waits for no download of it.
 *
 * It starts the app at once where the page cannot be right without it: the visitor has kept something on this
 * site (a cart, likes, a chosen location), the owner changed the site's facts since the build, a part whose code
 * must run to be seen right comes near the screen (an embed; a menu's Add buttons when the service says something
 * sold out, or a location stopped taking orders, since the build), or the hours need the rules' luxon half (a
 * page that outlived its schedules). It stops when the app has taken over (the page marked hydrated), the app's
 * own code doing the same from there.
 */

export interface PageWatchEnvironment {
  /** Starts the app (the loader's function); called again, it does nothing. */
  start: () => void;
  now?: () => number;
  localStorage?: () => StorageLike & { readonly length: number; key: (index: number) => string | null } | undefined;
  /** Reads the service's facts; the browser's fetch by default. */
  readFacts?: (apiBase: string, siteId: string) => Promise<unknown>;
  /** Reads what is sold out now (`GET businesses/{id}/availability/`); the browser's fetch by default. */
  readAvailability?: (apiBase: string, siteId: string) => Promise<unknown>;
  /** Registers the service worker; navigator's by default, where the browser allows one. */
  registerWorker?: () => void;
  /** Runs `work` when the browser is idle (requestIdleCallback, at the latest after 3 s). */
  whenIdle?: (work: () => void) => void;
  /** Fetches a file of code into the cache, not run (a `<link rel="prefetch">` by default). */
  prefetch?: (file: string) => void;
}

export interface PageWatch {
  /** Stops every timer and observer; what the page shows stays as it is. */
  stop: () => void;
}

/** Never sooner than this after a fill: a change due "now" (a clock at the boundary) is read again a moment later. */
const MIN_REFILL_MS = 1000;

function browserLocalStorage() {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Whether the visitor has kept anything of this site's in the browser: the page then shows it, which takes the app. */
export function keptSiteState(siteId: string, storage: ReturnType<NonNullable<PageWatchEnvironment["localStorage"]>>): boolean {
  if (!storage || !siteId.trim()) return false;
  const prefix = siteStoragePrefix(siteId);
  try {
    for (let index = 0; index < storage.length; index += 1) if (storage.key(index)?.startsWith(prefix)) return true;
  } catch {
    // A storage the browser refuses to read holds nothing the page could show.
  }
  return false;
}

/** What is sold out now, as the Add buttons' code reads it (ordering/live-availability.ts); null without an answer. */
const readAvailability = (apiBase: string, siteId: string): Promise<unknown> => readService(apiBase, `businesses/${encodeURIComponent(siteId)}/availability/`);

/**
 * Prefetches the code the parts name (`data-part-code`: a touch part's, an Add button's and its dialog's; the files
 * the build found for each) as each comes near the screen, from the first idle moment on: those on the first screen
 * at once, one further down as the visitor scrolls to it, so it is in the cache by the time they tap it. Each file once, none the page already has. Where
 * the browser has no IntersectionObserver, those on the first screen only. The function returned stops it.
 */
function prefetchPartCode(partCode: PageWatchConfig["partCode"], prefetch: (file: string) => void): () => void {
  const asked = new Set<string>();
  for (const element of document.querySelectorAll("script[src],link[href]")) asked.add(element.getAttribute("src") ?? element.getAttribute("href") ?? "");
  // The part's own code, then what that code loads on the first touch (space-separated: deferred.tsx's `code`).
  const codesOf = (part: Element) => (part.getAttribute(PART_CODE_ATTRIBUTE) ?? "").split(" ").filter((code) => code in partCode);
  const near = (part: Element) => {
    for (const file of codesOf(part).flatMap((code) => partCode[code])) {
      if (asked.has(file)) continue;
      asked.add(file);
      prefetch(file);
    }
  };
  // A part's wrapper has no box (`display: contents`): its content is watched.
  const parts = new Map([...document.querySelectorAll(`[${PART_CODE_ATTRIBUTE}]`)].filter((part) => codesOf(part).length > 0).map((part) => [part.firstElementChild ?? part, part]));
  if (typeof IntersectionObserver === "undefined") {
    for (const [target, part] of parts) {
      const box = target.getBoundingClientRect();
      if ((box.width > 0 || box.height > 0) && box.bottom > 0 && box.top < window.innerHeight) near(part);
    }
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        near(parts.get(entry.target)!);
      }
    },
    { rootMargin: `${VIEWPORT_OBSERVER.marginPx}px` },
  );
  for (const target of parts.keys()) observer.observe(target);
  return () => observer.disconnect();
}

/** The service worker as Gatsby's runtime registers it: over HTTPS, or on localhost. */
function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  if (window.location.protocol !== "https:" && window.location.hostname !== "localhost") return;
  navigator.serviceWorker.register("/sw.js").catch(() => undefined);
}

export function watchPage(config: PageWatchConfig, environment: PageWatchEnvironment): PageWatch {
  const {
    start,
    now = Date.now,
    localStorage = browserLocalStorage,
    readFacts = readSiteFacts,
    readAvailability: readSoldOut = readAvailability,
    registerWorker = registerServiceWorker,
    whenIdle = browserIdle,
    prefetch = prefetchFile,
  } = environment;
  let stopped = false;
  const startApp = () => {
    if (!stopped) start();
  };

  if (keptSiteState(config.siteId, localStorage())) startApp();

  // The hours: what the build's schedules answer; the rest waits for the app, which tells it with the rules.
  const context: LiveHoursContext = {
    schedules: config.schedules,
    locale: config.locale,
    later: {
      openStatus: () => (startApp(), null),
      wallClock: () => (startApp(), null),
    },
  };
  let hoursTimer: ReturnType<typeof setTimeout> | undefined;
  const fillHours = () => {
    if (stopped) return;
    const at = now();
    const next = fillLiveHours(document.body, context, at);
    hoursTimer = setTimeout(fillHours, Math.min(Math.max(next - at, MIN_REFILL_MS), MAX_REFILL_MS));
  };
  fillHours();

  const drivers: TimedElementDriver[] = [];
  const forceShow = forceShowRequested(window.location.search);
  for (const element of document.querySelectorAll<HTMLElement>(`[${TIMED_SETTINGS_ATTRIBUTE}]`)) {
    const settings = timedSettingsOf(element);
    if (settings) drivers.push(driveTimedElement(element, settings, { keepPlace: element.hasAttribute(TIMED_KEEP_PLACE_ATTRIBUTE), forceShow, now }));
  }

  // Menu cards near the screen: the service's answer on what is sold out, compared with what the build shows.
  let askedAvailability = false;
  const cardsNear = () => {
    const built = config.ordering;
    if (!built) return startApp();
    if (askedAvailability) return;
    askedAvailability = true;
    readSoldOut(config.apiBase, config.siteId).then(
      (reply) => availabilityChangedSinceBuild(reply, built) && startApp(),
      () => undefined,
    );
  };
  let observer: IntersectionObserver | null = null;
  const cards = new Set<Element>();
  const parts = document.querySelectorAll(`[${VISIBLE_PART_ATTRIBUTE}],[${CODE_WHEN_VISIBLE_ATTRIBUTE}]`);
  if (parts.length > 0) {
    if (typeof IntersectionObserver === "undefined") startApp();
    else {
      const near = (target: Element) => (cards.has(target) ? cardsNear() : startApp());
      observer = new IntersectionObserver((entries) => entries.forEach((entry) => entry.isIntersecting && near(entry.target)), { rootMargin: `${VIEWPORT_OBSERVER.marginPx}px` });
      for (const part of parts) {
        // A deferred part's wrapper is `display: contents` (no box, never seen intersecting): its content is watched.
        const target = part.firstElementChild ?? part;
        if (part.hasAttribute(VISIBLE_PART_ATTRIBUTE)) cards.add(target);
        observer.observe(target);
      }
    }
  }

  readFacts(config.apiBase, config.siteId).then(
    (reply) => factsChangedSinceBuild(reply, config.builtRevision) && startApp(),
    () => undefined,
  );

  registerWorker();

  // Until the app has taken over: from there it prefetches what its parts need itself (prefetchPartsInView).
  let stopPrefetching = () => undefined as void;
  whenIdle(() => {
    if (!stopped) stopPrefetching = prefetchPartCode(config.partCode, prefetch);
  });

  // The app marks the page hydrated once the layout's own hours and timed elements have taken over, in the same
  // commit (runtime/browser-api.ts, onInitialClientRender): from then on its code keeps the page current. Seen
  // here, so the app carries nothing for it.
  const hydration = new MutationObserver(() => document.documentElement.getAttribute(HYDRATED_ATTRIBUTE) === "true" && stop());
  hydration.observe(document.documentElement, { attributes: true, attributeFilter: [HYDRATED_ATTRIBUTE] });
  function stop(): void {
    stopped = true;
    clearTimeout(hoursTimer);
    for (const driver of drivers) driver.stop();
    observer?.disconnect();
    stopPrefetching();
    hydration.disconnect();
  }
  return { stop };
}
