import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { OFFLINE_PAGE_PATH } from "@mainstreet/rules/site/service-worker";
import { CHUNK_MAP_FILE } from "../gatsby-internals";

const SOURCE = path.join(__dirname, "sw.ts");

function digest(...parts: (string | Buffer)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex").slice(0, 16);
}

/**
 * Bundles the service worker (sw.ts, Workbox and the caching rules) into public/sw.js. The offline page is
 * precached under its content's revision, and the build id (the chunk map and the offline page) changes
 * sw.js whenever the site changes, which is how browsers learn there is a new build. Returns the bytes.
 */
export async function writeServiceWorker(publicDir: string, apiBase: string): Promise<number> {
  const offlineFile = path.join(publicDir, ...OFFLINE_PAGE_PATH.split("/").filter(Boolean), "index.html");
  if (!fs.existsSync(offlineFile)) throw new Error(`service worker: the offline page ${offlineFile} was not built`);
  const offline = fs.readFileSync(offlineFile);
  const chunkMapFile = path.join(publicDir, CHUNK_MAP_FILE);
  const chunkMap = fs.existsSync(chunkMapFile) ? fs.readFileSync(chunkMapFile) : Buffer.from("");
  const outfile = path.join(publicDir, "sw.js");
  await build({
    entryPoints: [SOURCE],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    outfile,
    logLevel: "silent",
    legalComments: "none",
    define: {
      "process.env.NODE_ENV": JSON.stringify("production"),
      __MAINSTREET_PRECACHE__: JSON.stringify([{ url: OFFLINE_PAGE_PATH, revision: digest(offline) }]),
      __MAINSTREET_API_BASE__: JSON.stringify(apiBase),
      __MAINSTREET_BUILD__: JSON.stringify(digest(chunkMap, offline)),
    },
  });
  return fs.statSync(outfile).size;
}
