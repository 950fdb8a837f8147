/**
 * The physical limit of a design (issue 18): the same built HTML and CSS with every script removed, so
 * the browser paints exactly what the server sent and runs nothing. Structured data (JSON-LD) is data,
 * not code, and stays; so do the styles, fonts and images the page references.
 */
import fs from "node:fs";
import path from "node:path";

const SCRIPT_ELEMENT = /<script\b(?![^>]*\btype="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/gi;
const SCRIPT_HINT = /<link\b[^>]*\bas="script"[^>]*\/?>|<link\b[^>]*\brel="(?:modulepreload|manifest)"[^>]*\/?>/gi;

/** The page without scripts, script preloads and the web-app manifest (which only serves the worker). */
export function withoutScripts(html: string): string {
  return html.replace(SCRIPT_ELEMENT, "").replace(SCRIPT_HINT, "");
}

/** Copies a built site, every HTML file without its scripts; no service worker. */
export function copyWithoutScripts(from: string, to: string): number {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
  fs.rmSync(path.join(to, "sw.js"), { force: true });
  let pages = 0;
  // Gatsby's page data for /404.html is a folder named 404.html: only files are pages.
  for (const entry of fs.readdirSync(to, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.join(entry.parentPath, entry.name);
    fs.writeFileSync(file, withoutScripts(fs.readFileSync(file, "utf8")));
    pages += 1;
  }
  return pages;
}
