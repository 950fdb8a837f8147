import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import React from "react";
import { renderToPipeableStream, renderToStaticMarkup, renderToString } from "react-dom/server";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { finishBuiltHtml, leadImagePreload, repairBuiltHtml, scriptsAfterLoad, withCriticalCss, withFontLoader, withLeadImagePreload, withScriptsAfterLoad, withoutNulPadding } from "../html-output";
import { ResponsiveImage } from "../../components/responsive-image";
import { prepareCss } from "../critical-css";

/** What Gatsby does: renderToPipeableStream into a writable, every chunk kept as bytes. */
function renderStreamed(element: React.ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, next) {
        chunks.push(Buffer.from(chunk));
        next();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onError: reject });
  });
}

/** Many short text nodes, so React writes them into its 2 KB view one by one, with a 3-byte "–" in each. */
const page = (filler: number) =>
  React.createElement(
    "ul",
    null,
    Array.from({ length: 120 }, (_, index) => React.createElement("li", { key: index }, "x".repeat(filler), "9:00am – 1:00pm 星空")),
  );

describe("the NUL padding of React 18's streaming renderer", () => {
  it("appears where a multi-byte character meets the 2 KB boundary, and removing it gives renderToString's page", async () => {
    let padded = 0;
    for (let filler = 0; filler < 24; filler += 1) {
      const streamed = await renderStreamed(page(filler));
      if (streamed.includes(0)) padded += 1;
      expect(withoutNulPadding(streamed).toString("utf8")).toBe(renderToString(page(filler)));
    }
    // The bug itself shows in some alignments: without it this test would prove nothing (and it tells
    // us when React no longer needs the repair).
    expect(padded).toBeGreaterThan(0);
  });

  it("leaves a clean page as it is (the same buffer)", () => {
    const clean = Buffer.from("<p>9:00am – 1:00pm</p>");
    expect(withoutNulPadding(clean)).toBe(clean);
  });
});

describe("repairBuiltHtml", () => {
  it("repairs every .html file under public/, leaves other files alone, and counts what it removed", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "html-output-"));
    fs.mkdirSync(path.join(dir, "contact"));
    fs.writeFileSync(path.join(dir, "index.html"), "<p>ok</p>");
    fs.writeFileSync(path.join(dir, "contact", "index.html"), Buffer.from("<p>9:00am \0\0– 1:00pm</p>"));
    fs.writeFileSync(path.join(dir, "data.json"), Buffer.from('{"a":"\0"}'));
    fs.mkdirSync(path.join(dir, "odd.html"));
    const result = repairBuiltHtml(dir);
    expect(result).toEqual({ files: 2, repaired: [path.join("contact", "index.html")], nulBytes: 2 });
    expect(fs.readFileSync(path.join(dir, "contact", "index.html"), "utf8")).toBe("<p>9:00am – 1:00pm</p>");
    expect(fs.readFileSync(path.join(dir, "data.json")).includes(0)).toBe(true);
    fs.rmSync(dir, { recursive: true });
  });
});

const gatsbyTail = '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script><script src="/webpack-runtime-1a.js" async></script><script src="/framework-2b.js" async></script><script src="/app-3c.js" async=""></script></body></html>';

describe("the app started on demand", () => {

  it("replaces Gatsby's script tags, in their order and place, with one inline loader", () => {
    const html = withScriptsAfterLoad(`<html><body><main>Page</main>${gatsbyTail}`);
    expect(html).toBe(`<html><body><main>Page</main><script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>${scriptsAfterLoad(["/webpack-runtime-1a.js", "/framework-2b.js", "/app-3c.js"])}</body></html>`);
    expect(html).not.toMatch(/<script src=/);
  });

  it.each([
    ["a page without scripts", "<html><body><p>Offline</p></body></html>"],
    ["structured data and inline scripts", '<script type="application/ld+json">{}</script><script>window.x=1</script>'],
    ["a module script (gatsby-plugin-image's)", '<script type="module">const e=1</script>'],
  ])("leaves %s as it is", (_name, html) => {
    expect(withScriptsAfterLoad(html)).toBe(html);
  });

  /**
   * The loader run against a stand-in for the browser: it names its free variables, given here as parameters, and
   * the frames, tasks and idle callbacks it asks for are run by the test. `added` lists what it put in the page.
   */
  function loaderPage(html: string, options: { readyState?: string; visibilityState?: string; marked?: boolean; idle?: boolean; prefetch?: boolean; partAt?: { top: number; height: number } } = {}) {
    const added: string[] = [];
    const listeners = new Map<string, Array<() => void>>();
    const frames: Array<() => void> = [];
    const tasks: Array<() => void> = [];
    const idle: Array<() => void> = [];
    const fetched: string[] = [];
    type Element = { tag: string; rel?: string; href?: string; src?: string; async?: boolean; relList?: { supports: (rel: string) => boolean } };
    const document = {
      readyState: options.readyState ?? "interactive",
      visibilityState: options.visibilityState ?? "visible",
      createElement: (tag: string): Element => ({ tag, relList: { supports: (rel: string) => rel === "prefetch" && options.prefetch !== false } }),
      querySelector: (selector: string) => (options.marked && selector === "[data-code-at-load]" ? {} : null),
      // An embed's box, which the app fills (the loader measures its first child when it has one).
      querySelectorAll: (selector: string) =>
        options.partAt && selector === "[data-code-when-visible]"
          ? [{ firstElementChild: { getBoundingClientRect: () => ({ top: options.partAt!.top, bottom: options.partAt!.top + options.partAt!.height, width: 80, height: options.partAt!.height }) } }]
          : [],
      head: { appendChild: (link: Element) => added.push(`${link.tag} ${link.rel} ${link.href}`) },
      body: { appendChild: (script: Element) => added.push(`${script.tag} ${script.src}${script.async === false ? "" : " async"}`) },
    };
    const window: Record<string, unknown> = {
      fetch: (url: string) => {
        fetched.push(url);
        return Promise.resolve();
      },
    };
    if (options.idle !== false) window.requestIdleCallback = (callback: () => void) => idle.push(callback);
    const addEventListener = (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    const removeEventListener = (type: string, listener: () => void) => listeners.set(type, (listeners.get(type) ?? []).filter((candidate) => candidate !== listener));
    const code = /<script id="scripts-after-load">(.*)<\/script>/.exec(html)?.[1] ?? "";
    new Function("document", "window", "addEventListener", "removeEventListener", "setTimeout", "requestAnimationFrame", "innerHeight", code)(
      document,
      window,
      addEventListener,
      removeEventListener,
      (callback: () => void) => tasks.push(callback),
      (callback: () => void) => frames.push(callback),
      800,
    );
    const drain = (queue: Array<() => void>) => queue.splice(0).forEach((callback) => callback());
    return {
      added,
      fetched,
      tasks,
      frames,
      drain,
      /** The load event, then its frame and the task after it. */
      load: () => {
        drain(listeners.get("load") ?? []);
        drain(frames);
        drain(tasks);
      },
      fire: (type: string) => (listeners.get(type) ?? []).slice().forEach((listener) => listener()),
      listening: (type: string) => (listeners.get(type) ?? []).length,
      idle: () => drain(idle),
      startApp: () => (window.___mainstreetStartApp as () => void)(),
    };
  }
  const APP = ["/webpack-runtime-1a.js", "/framework-2b.js", "/app-3c.js"];

  it("without a watcher, starts the app after the frame that follows load (at once on a page already loaded), a script per task, in order", () => {
    const page = loaderPage(scriptsAfterLoad(["/a.js", "/b.js"]));
    page.drain(page.frames);
    expect(page.added).toEqual([]);
    page.load();
    // The frame after load, then a task: only then, and then one script per task.
    expect(page.added).toEqual([]);
    expect(page.tasks).toHaveLength(2);
    page.tasks.shift()!();
    expect(page.added).toEqual(["script /a.js"]);
    page.tasks.shift()!();
    // In order (a script inserted by a script is async unless told otherwise), each run in its own task.
    expect(page.added).toEqual(["script /a.js", "script /b.js"]);

    const hidden = loaderPage(scriptsAfterLoad(["/a.js"]), { visibilityState: "hidden" });
    hidden.fire("load");
    // A hidden tab paints no frames: the task after the load task.
    expect(hidden.frames).toHaveLength(0);
    hidden.drain(hidden.tasks);
    hidden.drain(hidden.tasks);
    expect(hidden.added).toEqual(["script /a.js"]);

    const loaded = loaderPage(scriptsAfterLoad(["/a.js"]), { readyState: "complete" });
    expect(loaded.added).toEqual([]);
    loaded.drain(loaded.tasks);
    expect(loaded.added).toEqual(["script /a.js"]);
  });

  it("starting, adds the site's stylesheet to the head before the first script, in the same task", () => {
    const page = loaderPage(scriptsAfterLoad(["/a.js"], "/styles.1f.css"), { readyState: "complete" });
    expect(page.added).toEqual(["link stylesheet /styles.1f.css"]);
    page.drain(page.tasks);
    expect(page.added).toEqual(["link stylesheet /styles.1f.css", "script /a.js"]);
  });

  it("with a watcher, runs the watcher at load and prefetches the app when idle, and starts the app on the visitor's first touch, once", () => {
    const page = loaderPage(scriptsAfterLoad(APP, "/styles.9a.css", "/page-watch-5e.js"));
    page.load();
    expect(page.added).toEqual(["script /page-watch-5e.js async"]);
    page.idle();
    // In the cache, not run: links the browser fetches at its lowest priority.
    expect(page.added.slice(1)).toEqual(["link prefetch /styles.9a.css", ...APP.map((src) => `link prefetch ${src}`)]);
    page.added.length = 0;
    page.drain(page.tasks);
    expect(page.added).toEqual([]);
    for (const type of ["pointerdown", "touchstart", "keydown", "focusin", "input", "change"]) expect(page.listening(type)).toBe(1);
    page.fire("pointerdown");
    page.drain(page.tasks);
    expect(page.added).toEqual(["link stylesheet /styles.9a.css", ...APP.map((src) => `script ${src}`)]);
    // Once: the listeners are gone, and another call adds nothing.
    for (const type of ["pointerdown", "touchstart", "keydown", "focusin", "input", "change"]) expect(page.listening(type)).toBe(0);
    page.startApp();
    page.fire("keydown");
    page.drain(page.tasks);
    expect(page.added).toHaveLength(1 + APP.length);
  });

  it.each([
    ["a touch before load", (page: ReturnType<typeof loaderPage>) => page.fire("touchstart"), {}],
    ["the watcher's call before load", (page: ReturnType<typeof loaderPage>) => page.startApp(), {}],
    ["a page marked to need its code at load (checkout)", () => undefined, { marked: true }],
    ["an embed on the first screen (the app adds its frame)", () => undefined, { partAt: { top: 500, height: 40 } }],
    ["an embed just below the first screen, within the viewport margin", () => undefined, { partAt: { top: 880, height: 40 } }],
  ])("with a watcher, starts the app at load after %s, and runs no watcher", (_name, before, options) => {
    const page = loaderPage(scriptsAfterLoad(APP, null, "/page-watch-5e.js"), options);
    before(page);
    expect(page.added).toEqual([]);
    page.load();
    page.drain(page.tasks);
    expect(page.added).toEqual(APP.map((src) => `script ${src}`));
  });

  it("runs the watcher when the page's embed is further down (the watcher starts the app as it comes near)", () => {
    const page = loaderPage(scriptsAfterLoad(APP, null, "/page-watch-5e.js"), { partAt: { top: 2400, height: 40 } });
    page.load();
    expect(page.added).toEqual(["script /page-watch-5e.js async"]);
  });

  it("prefetches with fetch() where the browser has no prefetch links, and after a short wait where it has no idle callbacks", () => {
    const page = loaderPage(scriptsAfterLoad(["/a.js"], null, "/page-watch-5e.js"), { prefetch: false, idle: false });
    page.load();
    expect(page.fetched).toEqual([]);
    page.drain(page.tasks);
    expect(page.fetched).toEqual(["/a.js"]);
    expect(page.added).toEqual(["script /page-watch-5e.js async"]);
  });

  it("writes a page an earlier build finished again, with its scripts and this build's watcher", () => {
    const earlier = `<html><body><main>Page</main>${scriptsAfterLoad(APP, "/styles.9a.css", "/page-watch-0ld.js")}</body></html>`;
    expect(withScriptsAfterLoad(earlier, "/styles.9a.css", "/page-watch-5e.js")).toBe(`<html><body><main>Page</main>${scriptsAfterLoad(APP, "/styles.9a.css", "/page-watch-5e.js")}</body></html>`);
    // A page from before the watcher (its loader had two arguments).
    const older = `<html><body>${'<script id="scripts-after-load">(function(s,c){go()})(["/app-3c.js"],"/styles.9a.css")</script>'}</body></html>`;
    expect(withScriptsAfterLoad(older, null, "/page-watch-5e.js")).toBe(`<html><body>${scriptsAfterLoad(["/app-3c.js"], "/styles.9a.css", "/page-watch-5e.js")}</body></html>`);
  });
});

describe("each page's own stylesheet", () => {
  const style = (css: string) => `<style data-href="/styles.9a.css" data-identity="gatsby-global-css">${css}</style>`;
  const page = (css: string, body: string) => `<html><head>${style(css)}<style>.own{}</style></head><body>${body}</body></html>`;
  const css = ".hero{color:red}.cart-drawer{color:blue}@media (min-width:60em){.hero{margin:0}.cart-drawer{margin:0}}";

  it("keeps in the head the rules that can match the page, and names the whole file for the loader", () => {
    const { html, stylesheet } = withCriticalCss(page(css, '<section class="hero">Hi</section>'), (href) => (href === "/styles.9a.css" ? prepareCss(css) : null));
    expect(stylesheet).toBe("/styles.9a.css");
    expect(html).toBe(page(".hero{color:red}@media (min-width:60em){.hero{margin:0}}", '<section class="hero">Hi</section>'));
  });

  it("leaves a page without Gatsby's inlined stylesheet as it is", () => {
    const html = "<html><head><style>.a{}</style></head><body></body></html>";
    expect(withCriticalCss(html, () => prepareCss(css))).toEqual({ html, stylesheet: null });
  });

  it("leaves a page whose stylesheet file is missing as it is", () => {
    const html = page(css, '<section class="hero">Hi</section>');
    expect(withCriticalCss(html, () => null)).toEqual({ html, stylesheet: null });
  });

  it("rewrites every page under public/: its own rules, then the loader that fetches the whole file with the code", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "html-scripts-"));
    fs.mkdirSync(path.join(dir, "page-data", "404.html"), { recursive: true });
    fs.mkdirSync(path.join(dir, "checkout"));
    fs.writeFileSync(path.join(dir, "index.html"), `<html><head>${style(css)}</head><body><section class="hero"></section>${gatsbyTail}`);
    fs.writeFileSync(path.join(dir, "checkout", "index.html"), `<html><head>${style(css)}</head><body><aside class="cart-drawer"></aside>${gatsbyTail}`);
    fs.writeFileSync(path.join(dir, "plain.html"), "<p>no scripts</p>");
    fs.writeFileSync(path.join(dir, "styles.9a.css"), css);
    const result = finishBuiltHtml(dir, "/page-watch-5e.js");
    expect(result).toEqual({ deferred: 2, cut: 2, cssBefore: 2 * css.length, cssAfter: expect.any(Number) });
    expect(result.cssAfter).toBeLessThan(css.length * 2 * 0.7);
    const home = fs.readFileSync(path.join(dir, "index.html"), "utf8");
    expect(home).toContain(style(".hero{color:red}@media (min-width:60em){.hero{margin:0}}"));
    expect(home).toContain(scriptsAfterLoad(["/webpack-runtime-1a.js", "/framework-2b.js", "/app-3c.js"], "/styles.9a.css", "/page-watch-5e.js"));
    expect(fs.readFileSync(path.join(dir, "checkout", "index.html"), "utf8")).toContain(style(".cart-drawer{color:blue}@media (min-width:60em){.cart-drawer{margin:0}}"));
    expect(fs.readFileSync(path.join(dir, "plain.html"), "utf8")).toBe("<p>no scripts</p>");
    fs.rmSync(dir, { recursive: true });
  });

  it("cuts a page an earlier build already cut (one Gatsby did not render again) from the file, not from the page's own copy", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "html-css-"));
    fs.writeFileSync(path.join(dir, "styles.9a.css"), css);
    fs.mkdirSync(path.join(dir, "b"));
    // Listed first (public/'s own files come before its folders'): a page left from the last build, its head
    // already holding only its own rules, the checkout's; then a page this build rendered, with the whole sheet.
    fs.writeFileSync(path.join(dir, "index.html"), `<html><head>${style(".cart-drawer{color:blue}")}</head><body><aside class="cart-drawer"></aside></body></html>`);
    fs.writeFileSync(path.join(dir, "b", "index.html"), `<html><head>${style(css)}</head><body><section class="hero"></section>${gatsbyTail}`);
    expect(fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".html"))).toEqual(["index.html", path.join("b", "index.html")]);
    finishBuiltHtml(dir);
    expect(fs.readFileSync(path.join(dir, "b", "index.html"), "utf8")).toContain(style(".hero{color:red}@media (min-width:60em){.hero{margin:0}}"));
    expect(fs.readFileSync(path.join(dir, "index.html"), "utf8")).toContain(style(".cart-drawer{color:blue}@media (min-width:60em){.cart-drawer{margin:0}}"));
    fs.rmSync(dir, { recursive: true });
  });
});

describe("the lead image's preload", () => {
  const hero: IGatsbyImageData = {
    layout: "constrained",
    width: 960,
    height: 540,
    images: {
      fallback: { src: "/static/h/960.jpg", srcSet: "/static/h/480.jpg 480w,\n/static/h/960.jpg 960w,\n/static/h/1440.jpg 1440w", sizes: "(min-width: 960px) 960px, 100vw" },
      sources: [{ type: "image/webp", srcSet: "/static/h/480.webp 480w,\n/static/h/960.webp 960w,\n/static/h/1440.webp 1440w", sizes: "(min-width: 960px) 960px, 100vw" }],
    },
  };
  const picture = (props: { eager?: boolean; priority?: boolean }, image = hero) => renderToStaticMarkup(React.createElement(ResponsiveImage, { image, alt: "", ...props }));
  const page = (...pictures: string[]) => `<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>x</title></head><body>${pictures.join("")}</body></html>`;

  it("names the high-priority picture's first source, its type, sizes and own-width file (as ResponsiveImage writes it)", () => {
    expect(leadImagePreload(page(picture({ eager: true })))).toBe(
      '<link rel="preload" as="image" href="/static/h/960.webp" imagesrcset="/static/h/480.webp 480w,\n/static/h/960.webp 960w,\n/static/h/1440.webp 1440w" imagesizes="(min-width: 960px) 960px, 100vw" type="image/webp" fetchpriority="high"/>',
    );
  });

  it.each([
    ["only lazy pictures", page(picture({}), picture({}))],
    ["an eager picture without priority (a logo)", page(picture({ eager: true, priority: false }))],
    ["no picture", page()],
  ])("none for %s", (_name, html) => {
    expect(leadImagePreload(html)).toBeNull();
  });

  it("takes the first high-priority picture; without sources, the image's own srcset", () => {
    const plain: IGatsbyImageData = { ...hero, images: { fallback: hero.images.fallback } };
    const html = page(picture({ eager: true, priority: false }), picture({ eager: true }, plain), picture({ eager: true }));
    expect(leadImagePreload(html)).toBe(
      '<link rel="preload" as="image" href="/static/h/960.jpg" imagesrcset="/static/h/480.jpg 480w,\n/static/h/960.jpg 960w,\n/static/h/1440.jpg 1440w" imagesizes="(min-width: 960px) 960px, 100vw" fetchpriority="high"/>',
    );
  });

  it("goes after the viewport's meta tag (its sizes are read against that viewport), once however often the page is finished", () => {
    const viewport = '<meta name="viewport" content="width=device-width, initial-scale=1"/>';
    const withViewport = (...pictures: string[]) => page(...pictures).replace("<title>", `${viewport}<title>`);
    const html = withLeadImagePreload(withViewport(picture({ eager: true })));
    expect(html.startsWith(`<!DOCTYPE html><html><head><meta charSet="utf-8"/>${viewport}<link rel="preload" as="image" href="/static/h/960.webp"`)).toBe(true);
    expect(withLeadImagePreload(html)).toBe(html);
    expect(withLeadImagePreload(withViewport(picture({})))).toBe(withViewport(picture({})));
    // A page an earlier build finished and Gatsby did not render again: its preload written afresh where it belongs.
    const stale = html.replace(viewport, "").replace("<title>", `${viewport}<title>`);
    expect(stale).not.toBe(html);
    expect(withLeadImagePreload(stale)).toBe(html);
    // A page without one (none of Gatsby's): after the character set.
    expect(withLeadImagePreload(page(picture({ eager: true }))).startsWith('<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="preload"')).toBe(true);
  });
});

describe("the fonts' loader", () => {
  const faces = [{ family: "Fraunces Variable", url: "/fonts/fraunces.1a2b3c4d5e.woff2", weight: "400 700", unicodeRange: "U+0020-007E" }];
  const style = '<style data-recipe-tokens="" data-gatsby-head="true">:root{--font-display:"Fraunces Variable", serif}</style>';
  const head = (inner: string) => `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${inner}<title>Home</title></head><body><h1>Hi</h1></body></html>`;
  const loaders = (html: string) => html.match(/<script data-font-loader="">[\s\S]*?<\/script>/g) ?? [];

  it("is written right after the recipe style that names the fonts", () => {
    const html = withFontLoader(head(style), faces);
    expect(html).toContain(`${style}<script data-font-loader="">`);
    expect(loaders(html)).toHaveLength(1);
    expect(loaders(html)[0]).toContain('"/fonts/fraunces.1a2b3c4d5e.woff2"');
  });

  it("is written afresh on a page an earlier build finished: this build's files, one loader", () => {
    const earlier = withFontLoader(head(style), [{ ...faces[0], url: "/fonts/fraunces.0000000000.woff2" }]);
    const html = withFontLoader(earlier, faces);
    expect(loaders(html)).toHaveLength(1);
    expect(html).not.toContain("0000000000");
    expect(html).toBe(withFontLoader(head(style), faces));
  });

  it("goes at the end of the head on a page without the recipe style, and nowhere without fonts", () => {
    expect(withFontLoader(head(""), faces)).toMatch(/<title>Home<\/title><script data-font-loader="">[\s\S]*<\/script><\/head>/);
    expect(withFontLoader(withFontLoader(head(style), faces), [])).toBe(head(style));
  });

  it("is on every page finishBuiltHtml writes", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "font-loader-"));
    fs.mkdirSync(path.join(dir, "about"));
    for (const file of ["index.html", "about/index.html"]) fs.writeFileSync(path.join(dir, file), head(style));
    finishBuiltHtml(dir, null, faces);
    for (const file of ["index.html", "about/index.html"]) expect(loaders(fs.readFileSync(path.join(dir, file), "utf8"))).toHaveLength(1);
    fs.rmSync(dir, { recursive: true });
  });
});
