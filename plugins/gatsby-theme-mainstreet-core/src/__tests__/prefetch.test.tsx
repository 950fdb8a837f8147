import React, { Suspense } from "react";
import { act, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { deferred, markInitialHydrationStart, prefetchPartsInView } from "../hydration/deferred";
import { chunksOf, prefetchCode } from "../hydration/prefetch";
import { renderToStaticHtml } from "./server-render";

/**
 * Code fetched ahead into the browser's cache, not run (hydration/prefetch.ts): the chunk ids come from webpack's
 * chunk loading function, which these tests stand in for as webpack's runtime defines it in the browser.
 */

type ChunkLoad = (chunkId: string) => Promise<unknown>;
const globals = globalThis as unknown as { __webpack_chunk_load__?: ChunkLoad; __webpack_get_script_filename__?: (chunkId: string) => string; __webpack_public_path__?: string };

/** What webpack compiles `() => import("./part")` into: its chunks loaded, then the module required. */
const importer = (...chunkIds: string[]) => () => Promise.all(chunkIds.map((chunkId) => globals.__webpack_chunk_load__!(chunkId))).then(() => ({ default: () => null }));

const realLoad = jest.fn<Promise<unknown>, [string]>(() => Promise.resolve());
const prefetched = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.getAttribute("href"));

beforeEach(() => {
  globals.__webpack_chunk_load__ = realLoad;
  globals.__webpack_get_script_filename__ = (chunkId) => `${chunkId}-0a1b2c.js`;
  globals.__webpack_public_path__ = "/";
  realLoad.mockClear();
  document.head.innerHTML = "";
});

afterAll(() => {
  delete globals.__webpack_chunk_load__;
  delete globals.__webpack_get_script_filename__;
  delete globals.__webpack_public_path__;
});

it("outside webpack there is no chunk to fetch ahead", () => {
  delete globals.__webpack_chunk_load__;
  expect(chunksOf(importer("header"))).toEqual([]);
  expect(() => prefetchCode(importer("header"))).not.toThrow();
  expect(prefetched()).toEqual([]);
});

it("finds an import's chunks without loading them, and gives webpack its own loading back", () => {
  expect(chunksOf(importer("commons-forms", "contact-form"))).toEqual(["commons-forms", "contact-form"]);
  expect(realLoad).not.toHaveBeenCalled();
  expect(globals.__webpack_chunk_load__).toBe(realLoad);
});

it("adds one prefetch link per chunk, once however many parts share it, and none for a chunk the page already runs", () => {
  const running = document.createElement("script");
  running.src = "/app-0a1b2c.js";
  document.head.appendChild(running);
  prefetchCode(importer("commons-forms", "contact-form"));
  prefetchCode(importer("commons-forms", "review-form"));
  prefetchCode(importer("app"));
  // A chunk of styles only has no script file: webpack names it with an undefined hash, and never loads it as one.
  const named = globals.__webpack_get_script_filename__!;
  globals.__webpack_get_script_filename__ = (chunkId) => (chunkId === "styles-only" ? "styles-only-undefined.js" : named(chunkId));
  prefetchCode(importer("styles-only", "booking"));
  expect(prefetched()).toEqual(["/commons-forms-0a1b2c.js", "/contact-form-0a1b2c.js", "/review-form-0a1b2c.js", "/booking-0a1b2c.js"]);
  expect(realLoad).not.toHaveBeenCalled();
});

describe("the parts on screen", () => {
  let root: Root | null = null;
  const container = document.createElement("div");
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    delete (window as Partial<Window>).requestIdleCallback;
  });

  it("have their code prefetched when the browser is idle after the page has hydrated, without being loaded or hydrated; parts below the screen wait", async () => {
    markInitialHydrationStart();
    const Button = ({ label }: { label: string }) => <button type="button">{label}</button>;
    const served = (label: string) =>
      renderToStaticHtml(
        <div className="deferred">
          <Suspense fallback={null}>
            <Button label={label} />
          </Suspense>
        </div>,
      );
    const Shown = deferred<{ label: string }>(importer("shown-part") as never);
    const Below = deferred<{ label: string }>(importer("below-part") as never);
    container.innerHTML = served("Shown") + served("Below");
    document.body.appendChild(container);
    const idle: (() => void)[] = [];
    window.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as typeof window.requestIdleCallback;
    await act(async () => {
      root = hydrateRoot(
        container,
        <>
          <Shown label="Shown" />
          <Below label="Below" />
        </>,
      );
    });
    const place = (label: string, top: number) =>
      jest.spyOn(screen.getByRole("button", { name: label }), "getBoundingClientRect").mockReturnValue({ top, bottom: top + 44, left: 0, right: 100, width: 100, height: 44, x: 0, y: top, toJSON: () => ({}) });
    place("Shown", 100);
    place("Below", window.innerHeight + 400);
    prefetchPartsInView();
    expect(prefetched()).toEqual([]);
    act(() => idle.splice(0).forEach((run) => run()));
    expect(prefetched()).toEqual(["/shown-part-0a1b2c.js"]);
    expect(realLoad).not.toHaveBeenCalled();
    container.remove();
  });
});
