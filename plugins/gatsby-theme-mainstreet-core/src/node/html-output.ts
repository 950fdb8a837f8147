import fs from "node:fs";
import path from "node:path";
import { globalCssOf, takeAppScripts } from "../gatsby-internals";
import { criticalCss, namesInHtml, prepareCss, type PreparedCss } from "./critical-css";
import { VIEWPORT_OBSERVER } from "@mainstreet/rules/business/constants";
import { CODE_AT_LOAD_ATTRIBUTE, START_APP_GLOBAL } from "../data/page-start";
import { CODE_WHEN_VISIBLE_ATTRIBUTE } from "../data/code-when-visible";
import type { WebFontFace } from "@mainstreet/rules/site/recipe-fonts";
import { fontLoaderScript } from "./font-loader";

/**
 * Removes the NUL bytes React 18's streaming renderer leaves in Gatsby's HTML.
 *
 * Gatsby 5 writes every page with renderToPipeableStream. React 18.3 (react-dom-server.node,
 * writeStringChunk) encodes into a 2,048-byte view; when a multi-byte character does not fit at its end,
 * it flushes the whole view instead of the bytes written, so the unused tail goes out as 1–3 zero bytes,
 * and encodes the character again at the start of the next view (react#31134, gatsby#38747). Every
 * U+0000 in the output is therefore padding, never text: deleting them gives exactly the page React
 * meant ("9:00am – 1:00pm", "星空"). NUL is also never valid in HTML, so none can be wanted.
 */
export function withoutNulPadding(html: Buffer): Buffer {
  if (html.indexOf(0) === -1) return html;
  const out = Buffer.allocUnsafe(html.length);
  let length = 0;
  for (const byte of html) if (byte !== 0) out[length++] = byte;
  return out.subarray(0, length);
}

export interface HtmlRepair {
  files: number;
  repaired: string[];
  nulBytes: number;
}

/** Every .html file under the build's output directory, NUL padding removed in place. */
export function repairBuiltHtml(publicDir: string): HtmlRepair {
  const result: HtmlRepair = { files: 0, repaired: [], nulBytes: 0 };
  const names = fs.readdirSync(publicDir, { recursive: true, encoding: "utf8" });
  for (const name of names.filter((entry) => entry.endsWith(".html"))) {
    const file = path.join(publicDir, name);
    // A page at /x.html/ is a directory of that name.
    if (!fs.statSync(file).isFile()) continue;
    result.files += 1;
    const html = fs.readFileSync(file);
    const clean = withoutNulPadding(html);
    if (clean === html) continue;
    fs.writeFileSync(file, clean);
    result.repaired.push(name);
    result.nulBytes += html.length - clean.length;
  }
  return result;
}

/**
 * Events that show a visitor is about to use the page, not only read it: the moment the app starts. A field's
 * `input` and `change` too: a browser's autofill changes a form with no touch or key.
 */
const INTENT_EVENTS = ["pointerdown", "touchstart", "keydown", "focusin", "input", "change"];

/**
 * The inline script that starts the app. Gatsby writes its scripts as `<script async>` at the end of the body, so
 * on a phone's link they download beside the hero image and the fonts and run before the first screen is
 * painted, and then start React and Gatsby's runtime (a second of a phone's processor) on every page, read or
 * not. Here nothing of the app runs until it is wanted: the page is the plain HTML it is built to be (links are
 * links, menus and popups are the browser's own, forms are forms whose input the deferred parts take over, and a
 * tap on a part whose code is not there is held by the early-taps script and done again once it is).
 *
 * - Once the page has loaded, `watch`, the page watcher (runtime/page-watch.ts), keeps the open statuses, today's
 *   hours and the announcement current; and when the browser is idle, the app's scripts and its whole stylesheet
 *   are prefetched: in the cache, not run.
 * - The app starts on the visitor's first touch, key or tab (one that came before `load` starts it then), or at
 *   once where the page needs it: an element marked CODE_AT_LOAD_ATTRIBUTE (checkout, an order, booking), or one
 *   whose content the app adds already near the screen (CODE_WHEN_VISIBLE_ATTRIBUTE: an embed), with no watcher
 *   then; or the watcher's call (the visitor's cart or chosen location, facts the owner changed since the build,
 *   an Add button near the screen when something sold out since the build).
 * - Without a watcher the app starts once the page has loaded, as every page did before there was one.
 *
 * Starting, `stylesheet` (the site's whole stylesheet: the page's head holds only the rules that match the page as
 * served, critical-css.ts) comes first, so what the code renders (a dialog, the cart) finds its rules. Each script
 * is added in a task of its own, after the frame that follows `load` (a frame, then a task: the load event can
 * come before the first screen's image is painted; a hidden tab paints no frames): starting a request costs the
 * main thread time, and three in one task make a long one. Not async: they download side by side and run in
 * order, each in its own task, so the framework's script is evaluated before the app's (framework-first.ts).
 */
export function scriptsAfterLoad(sources: readonly string[], stylesheet: string | null = null, watch: string | null = null): string {
  const due = `[${CODE_WHEN_VISIBLE_ATTRIBUTE}]`;
  const args = [sources, stylesheet, watch, START_APP_GLOBAL, CODE_AT_LOAD_ATTRIBUTE, INTENT_EVENTS, due, VIEWPORT_OBSERVER.marginPx].map((value) => JSON.stringify(value)).join(",");
  return `<script id="scripts-after-load">(function(s,c,w,g,m,E,v,M){var d=document,loaded=false,wanted=false,started=false;function go(){if(started)return;if(!loaded){wanted=true;return}started=true;E.forEach(function(n){removeEventListener(n,go,true)});if(c){var l=d.createElement("link");l.rel="stylesheet";l.href=c;d.head.appendChild(l)}s.forEach(function(u){setTimeout(function(){var e=d.createElement("script");e.src=u;e.async=false;d.body.appendChild(e)})})}function prefetch(){if(started)return;(c?[c]:[]).concat(s).forEach(function(u){var l=d.createElement("link");if(l.relList&&l.relList.supports&&l.relList.supports("prefetch")){l.rel="prefetch";l.href=u;d.head.appendChild(l)}else if(window.fetch)window.fetch(u).catch(function(){})})}function near(){var h=innerHeight+M;return[].some.call(d.querySelectorAll(v),function(e){var r=(e.firstElementChild||e).getBoundingClientRect();return r.width+r.height>0&&r.bottom>=-M&&r.top<=h})}function ready(){loaded=true;if(wanted||!w||d.querySelector("["+m+"]")||near())return go();var e=d.createElement("script");e.src=w;d.body.appendChild(e);if(window.requestIdleCallback)window.requestIdleCallback(prefetch,{timeout:3000});else setTimeout(prefetch,200)}function later(){if(d.visibilityState==="hidden")setTimeout(ready);else requestAnimationFrame(function(){setTimeout(ready)})}window[g]=go;E.forEach(function(n){addEventListener(n,go,{capture:true,passive:true})});if(d.readyState==="complete")ready();else addEventListener("load",later,{once:true})})(${args})</script>`;
}

const WRITTEN_LOADER = /<script id="scripts-after-load">[\s\S]*?\}\)\(([^<]*)\)<\/script>/;

/**
 * The page with Gatsby's script tags replaced by `scriptsAfterLoad` in the same place. A page an earlier build
 * finished and Gatsby did not render again has the loader already: it is written again, with the same scripts and
 * this build's watcher (the earlier one's file is gone). A page with neither is left as it was.
 */
export function withScriptsAfterLoad(html: string, stylesheet: string | null = null, watch: string | null = null): string {
  const { sources, rest, at } = takeAppScripts(html);
  if (sources.length > 0) return `${rest.slice(0, at)}${scriptsAfterLoad(sources, stylesheet, watch)}${rest.slice(at)}`;
  const written = WRITTEN_LOADER.exec(html);
  if (!written) return html;
  const [writtenSources, writtenStylesheet] = JSON.parse(`[${written[1]}]`) as [string[], string | null];
  return html.slice(0, written.index) + scriptsAfterLoad(writtenSources, stylesheet ?? writtenStylesheet, watch) + html.slice(written.index + written[0].length);
}

/**
 * The page's inlined stylesheet cut to the rules that can match it (critical-css.ts), and the whole file's URL,
 * for the loader to fetch with the code. `stylesheet` gives the whole file parsed, by URL: cut from the file, not
 * from the page's own copy, which is already cut on a page an earlier build wrote and Gatsby did not render again.
 */
export function withCriticalCss(html: string, stylesheet: (href: string) => PreparedCss | null): { html: string; stylesheet: string | null } {
  const global = globalCssOf(html);
  const whole = global && stylesheet(global.href);
  if (!global || !whole) return { html, stylesheet: null };
  return { html: global.replace(criticalCss(whole, namesInHtml(html))), stylesheet: global.href };
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];

/**
 * A preload for the page's lead image: the first picture whose image asks for high priority (ResponsiveImage marks
 * the one a page declares its largest paint: the home's hero, a listing's first photo). Named by its first source
 * (WebP, with its type: a browser without it skips the preload as it skips the source) and the same sizes, so the
 * browser fetches the very file the picture will use, as soon as it reads the head rather than once the parser
 * reaches the picture past the inlined stylesheet. `href` is the candidate of the image's own width, for a browser
 * that reads no `imagesrcset`. Written here, at build, so no page carries code for it. Null: no such picture.
 */
export function leadImagePreload(html: string): string | null {
  for (const [, picture] of html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)) {
    const image = /<img\b[^>]*>/.exec(picture)?.[0];
    if (!image || attribute(image, "fetchpriority") !== "high") continue;
    const source = /<source\b[^>]*>/.exec(picture)?.[0];
    const chosen = source ?? image;
    const srcset = attribute(chosen, "srcset");
    const candidates = (srcset ?? "").split(",").map((candidate) => candidate.trim().split(/\s+/));
    const href = candidates.find(([, width]) => width === `${attribute(image, "width")}w`)?.[0] ?? candidates[candidates.length - 1]?.[0] ?? attribute(image, "src");
    if (!href) return null;
    const type = source ? attribute(source, "type") : undefined;
    const sizes = attribute(chosen, "sizes");
    return `<link rel="preload" as="image" href="${href}"${srcset ? ` imagesrcset="${srcset}"` : ""}${sizes ? ` imagesizes="${sizes}"` : ""}${type ? ` type="${type}"` : ""} fetchpriority="high"/>`;
  }
  return null;
}

const LEAD_IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/;

/**
 * The page with its lead image's preload early in the head, right after the viewport's meta tag; as it was without
 * one. Not before it: the browser picks the preload's candidate as it reads the tag, by `imagesizes` in viewport
 * widths, and before the viewport's tag a phone's viewport is 980 px wide, so it fetched a file twice the picture's
 * (the home's 1440w hero beside the 960w the picture then took: two downloads of the largest paint's image).
 */
export function withLeadImagePreload(written: string): string {
  // A page Gatsby did not render again still holds the preload an earlier build wrote: written afresh, in its place.
  const html = written.replace(LEAD_IMAGE_PRELOAD, "");
  const preload = leadImagePreload(html);
  if (!preload) return html;
  const head = html.indexOf("<head>");
  if (head < 0) return html;
  const before = /<meta name="viewport"[^>]*>/i.exec(html) ?? /<meta charSet="utf-8"\/>/i.exec(html);
  const at = before && before.index > head ? before.index + before[0].length : head + "<head>".length;
  return html.slice(0, at) + preload + html.slice(at);
}

const WRITTEN_FONT_LOADER = /<script data-font-loader="">[\s\S]*?<\/script>/;
const RECIPE_STYLE_END = /<style data-recipe-tokens=""[^>]*>[\s\S]*?<\/style>/;

/**
 * The page with the font loader (font-loader.ts) for the recipe's published web fonts in its head, right after the
 * recipe style whose font stacks name them; written at build, so no page carries code for it. A page an earlier
 * build finished and Gatsby did not render again holds the loader it wrote, with that build's font files: written
 * afresh in its place. No fonts: no loader.
 */
export function withFontLoader(written: string, faces: readonly WebFontFace[]): string {
  const html = written.replace(WRITTEN_FONT_LOADER, "");
  if (faces.length === 0) return html;
  const style = RECIPE_STYLE_END.exec(html);
  const at = style ? style.index + style[0].length : html.indexOf("</head>");
  if (at < 0) return html;
  return html.slice(0, at) + fontLoaderScript(faces) + html.slice(at);
}

export interface FinishedHtml {
  /** Pages whose scripts now load after `load`. */
  deferred: number;
  /** Pages whose inlined stylesheet was cut, and the whole stylesheet's bytes and the cut's, summed over them. */
  cut: number;
  cssBefore: number;
  cssAfter: number;
}

/**
 * Every page under the build's output directory with its lead image preloaded, its fonts' loader, its critical CSS
 * only and its scripts fetched after load.
 */
export function finishBuiltHtml(publicDir: string, watch: string | null = null, fonts: readonly WebFontFace[] = []): FinishedHtml {
  const result: FinishedHtml = { deferred: 0, cut: 0, cssBefore: 0, cssAfter: 0 };
  const prepared = new Map<string, PreparedCss | null>();
  // Each stylesheet parsed once for the whole build; one the page names but public/ lacks leaves the page whole.
  const stylesheet = (href: string) => {
    if (!prepared.has(href)) {
      const file = path.join(publicDir, href);
      prepared.set(href, fs.existsSync(file) ? prepareCss(fs.readFileSync(file, "utf8")) : null);
    }
    return prepared.get(href) ?? null;
  };
  for (const entry of fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = fs.readFileSync(file, "utf8");
    const critical = withCriticalCss(withFontLoader(withLeadImagePreload(html), fonts), stylesheet);
    if (critical.stylesheet) {
      result.cut += 1;
      result.cssBefore += prepared.get(critical.stylesheet)?.bytes ?? 0;
      result.cssAfter += globalCssOf(critical.html)?.css.length ?? 0;
    }
    const next = withScriptsAfterLoad(critical.html, critical.stylesheet, watch);
    if (next !== critical.html) result.deferred += 1;
    if (next !== html) fs.writeFileSync(file, next);
  }
  return result;
}
