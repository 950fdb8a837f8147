import type { WebFontFace } from "@mainstreet/rules/site/recipe-fonts";

/**
 * The recipe's web fonts, loaded after the page's first paint. Preloaded, the two fonts (about 40 KB) shared the
 * first round trips with the page's largest image: on a phone on a slow connection every page's largest paint
 * came some 300 ms later, for a change of letter shapes the visitor may not notice, since the fallback faces are
 * metric-matched (recipe-fonts.ts) and the swap moves next to nothing. So the first paint uses the fallback; once
 * the page has loaded and its first paint is on the screen, the fonts are fetched, and applied together when both
 * have arrived (one restyle, not one per font). A browser that has fetched them before (remembered in localStorage
 * with their URLs, which carry a content hash) declares them at once, in the head, where they load from its cache
 * before the first paint.
 * A browser that runs no scripts gets them from the recipe style, inside `@media (scripting: none)`.
 */

/** What the loader remembers: the URLs of the fonts it has seen arrive, space-separated. */
export const FONTS_SEEN_KEY = "mainstreet-fonts";

/**
 * Marks the loader's script: written into every page's head at build (html-output.ts), so no page carries code to
 * write it; the benchmark's copy without scripts keeps it (scripts/bench/no-js.ts).
 */
const FONT_LOADER_ATTRIBUTE = "data-font-loader";

/** The global that keeps the loader from running twice on one page. */
const GLOBAL = "___mainstreetFonts";

/** The loader's script element for the published faces. */
export function fontLoaderScript(faces: readonly WebFontFace[]): string {
  // Each face as [family, url, weight, unicode-range]; "<" escaped so no value can close the script element.
  const list = JSON.stringify(faces.map((face) => [face.family, face.url, face.weight, face.unicodeRange])).replace(/</g, "\\u003c");
  return (
    `<script ${FONT_LOADER_ATTRIBUTE}="">(function(F,k){var w=window,d=document;if(w.${GLOBAL}||!w.FontFace||!d.fonts)return;w.${GLOBAL}=1;` +
    `var v=F.map(function(f){return f[1]}).join(" "),seen=false;try{seen=localStorage.getItem(k)===v}catch(e){}` +
    `function face(f,display){return new FontFace(f[0],'url("'+f[1]+'") format("woff2")',{weight:f[2],unicodeRange:f[3],display:display})}` +
    // Seen: from the cache; a brief block period rather than a swap in the first frames.
    `if(seen){F.forEach(function(f){var x=face(f,"fallback");d.fonts.add(x);x.load().catch(function(){})});return}` +
    `function load(){var L=F.map(function(f){return face(f,"swap")});Promise.all(L.map(function(x){return x.load()})).then(function(){L.forEach(function(x){d.fonts.add(x)});try{localStorage.setItem(k,v)}catch(e){}},function(){})}` +
    // After the load event and the first contentful paint, as the browser reports it (once the frame is on the
    // screen: a task after the frame's rendering can come before that); where it cannot say, after the frame
    // that follows the load event.
    `function later(){var P=w.PerformanceObserver;if(!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return requestAnimationFrame(function(){setTimeout(load)});` +
    `var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(load)}});o.observe({type:"paint",buffered:true})}` +
    `if(d.readyState==="complete")later();else w.addEventListener("load",later,{once:true})` +
    `})(${list},${JSON.stringify(FONTS_SEEN_KEY)})</script>`
  );
}
