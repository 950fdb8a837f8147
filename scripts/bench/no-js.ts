/**
 * The physical limit of a design: the same built HTML and CSS with every script removed, so
 * the browser paints exactly what the server sent and runs nothing of the app. Structured data (JSON-LD) is data,
 * not code, and stays; so do the styles, fonts and images the page references, and the few lines that load the
 * fonts after the first paint (node/font-loader.ts): the fonts are the design, and without them this copy
 * would be measured without the work of applying them, which the salon's pages do.
 */
import fs from "node:fs";
import path from "node:path";
import { PRECOMPRESSED_SUFFIXES } from "@mainstreet/rules/site/precompressed";

const SCRIPT_ELEMENT = /<script\b(?![^>]*(?:\btype="application\/ld\+json"|\sdata-font-loader[=\s>]))[^>]*>[\s\S]*?<\/script>/gi;
const SCRIPT_HINT = /<link\b[^>]*\bas="script"[^>]*\/?>|<link\b[^>]*\brel="(?:modulepreload|manifest)"[^>]*\/?>/gi;

/** The page without scripts, script preloads and the web-app manifest (which only serves the worker). */
export function withoutScripts(html: string): string {
  return html.replace(SCRIPT_ELEMENT, "").replace(SCRIPT_HINT, "");
}

/** A file and its precompressed copies, which the server would otherwise send in its place. */
function removeWithCopies(file: string): void {
  for (const suffix of ["", ...Object.values(PRECOMPRESSED_SUFFIXES)]) fs.rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Copies a built site, every HTML file without its scripts; no service worker. The salon's `.html.gz` and
 * `.html.br` hold its pages with their scripts: they go too (precompressDir makes the copy's own).
 */
export function copyWithoutScripts(from: string, to: string): number {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
  removeWithCopies(path.join(to, "sw.js"));
  let pages = 0;
  // Gatsby's page data for /404.html is a folder named 404.html: only files are pages.
  for (const entry of fs.readdirSync(to, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = withoutScripts(fs.readFileSync(file, "utf8"));
    removeWithCopies(file);
    fs.writeFileSync(file, html);
    pages += 1;
  }
  return pages;
}
