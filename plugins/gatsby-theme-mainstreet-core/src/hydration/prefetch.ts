/**
 * Code a visitor is likely to need next, fetched into the browser's cache without running it: a
 * `<link rel="prefetch">` per chunk, which the browser fetches at its lowest priority and which is not the page's
 * JavaScript (nothing runs, so no main-thread work; Lighthouse and the JS budgets count scripts, as they do not
 * count Gatsby's own prefetch of the next page's chunks). When the visitor then touches the part, its `import()`
 * finds the chunk in the cache: the wait is the chunk's evaluation, not a round trip on a slow network.
 *
 * The chunks are webpack's: the loader (`() => import("./x")`) is called once with webpack's chunk loading
 * function (`__webpack_chunk_load__`, documented among webpack's module variables) swapped for one that notes the
 * chunk ids it is asked for and loads nothing; `__webpack_get_script_filename__` names their files. Outside webpack
 * (tests, the server) there is nothing to fetch.
 */

type ChunkId = string | number;
declare let __webpack_chunk_load__: (chunkId: ChunkId) => Promise<unknown>;
declare const __webpack_get_script_filename__: (chunkId: ChunkId) => string;
declare const __webpack_public_path__: string;

const NOT_LOADED = new Error("prefetch: noting chunk ids only");
/** Chunk files asked for on this page already, so one chunk gets one link however many parts share it. */
const asked = new Set<string>();

/** The chunk ids `load` would fetch, found without fetching them (none outside webpack, or for code in the page). */
export function chunksOf(load: () => Promise<unknown>): ChunkId[] {
  if (typeof __webpack_chunk_load__ !== "function") return [];
  const ids: ChunkId[] = [];
  const real = __webpack_chunk_load__;
  __webpack_chunk_load__ = (chunkId: ChunkId) => {
    ids.push(chunkId);
    return Promise.reject(NOT_LOADED);
  };
  try {
    load().catch(() => undefined);
  } catch {
    // A loader that throws at once asked for nothing loadable.
  } finally {
    __webpack_chunk_load__ = real;
  }
  return ids;
}

/** Adds a `<link rel="prefetch">` for each chunk of `load` not yet asked for on this page. */
export function prefetchCode(load: () => Promise<unknown>): void {
  for (const chunkId of chunksOf(load)) {
    const file = __webpack_get_script_filename__(chunkId);
    // A chunk with no script (only styles) has no content hash in webpack's map: its name says "undefined", and
    // webpack's own loader never asks for it.
    if (/\bundefined\b/.test(file)) continue;
    const href = __webpack_public_path__ + file;
    if (asked.has(href) || document.querySelector(`script[src="${CSS.escape(href)}"]`)) continue;
    asked.add(href);
    prefetchFile(href);
  }
}

/**
 * Fetches a file into the browser's cache without running it: a `<link rel="prefetch">` (the browser's lowest
 * priority), or a plain fetch where the browser has no prefetch.
 */
export function prefetchFile(href: string): void {
  const link = document.createElement("link");
  let prefetches = true;
  try {
    prefetches = link.relList.supports("prefetch");
  } catch {
    // A DOM that lists no supported values for rel (jsdom) is told as before: a link.
  }
  if (prefetches || typeof fetch !== "function") {
    link.rel = "prefetch";
    link.href = href;
    document.head.appendChild(link);
  } else fetch(href).catch(() => undefined);
}

/**
 * Runs `callback` when the browser has nothing else to do (at the latest after `timeoutMs`): the moment to fetch
 * code a visitor is likely to need next without taking the network or the main thread from what they do now.
 */
export function whenIdle(callback: () => void, timeoutMs = 3000): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(callback, { timeout: timeoutMs });
  else setTimeout(callback, 200);
}
