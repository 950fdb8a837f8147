import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { PageWatchConfig } from "../data/page-start";

const ENTRY = path.join(__dirname, "..", "runtime", "page-watch-entry.ts");
/** Its files, and their precompressed copies (precompress.ts writes the new one's). */
const FILE_PATTERN = /^(page-watch-[0-9a-f]+\.js)(?:\.br|\.gz)?$/;
/** As many hex digits as the app's own chunk names carry (shared-chunks.ts). */
const HASH_DIGITS = 12;

export interface WrittenPageWatch {
  /** Its URL, for the pages' loader. */
  href: string;
  bytes: number;
}

/**
 * Bundles the page watcher (runtime/page-watch.ts) with the site's facts it needs (its id, the facts' revision,
 * the locale, the API's base, the open schedules the layout's query also has and the menu's built availability)
 * into one content-hashed file in public/, and removes the one an earlier build wrote. With a tag manager
 * (`tagManager`) it tracks link clicks too; without one that code is left out. One small script of its own rather than an entry of
 * Gatsby's webpack build: a page that only reads loads it and nothing of the app's.
 */
export async function writePageWatch(publicDir: string, config: PageWatchConfig, tagManager = false): Promise<WrittenPageWatch> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    write: false,
    logLevel: "silent",
    legalComments: "none",
    define: {
      "process.env.NODE_ENV": JSON.stringify("production"),
      __MAINSTREET_PAGE_WATCH__: JSON.stringify(config),
      __MAINSTREET_TAG_MANAGER__: JSON.stringify(tagManager),
    },
  });
  const code = result.outputFiles[0].contents;
  const name = `page-watch-${createHash("sha256").update(code).digest("hex").slice(0, HASH_DIGITS)}.js`;
  for (const entry of fs.readdirSync(publicDir)) {
    const file = FILE_PATTERN.exec(entry)?.[1];
    if (file !== undefined && file !== name) fs.rmSync(path.join(publicDir, entry));
  }
  fs.writeFileSync(path.join(publicDir, name), code);
  return { href: `/${name}`, bytes: code.length };
}
