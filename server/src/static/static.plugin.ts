import { existsSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { precompressedSource } from "@mainstreet/rules/site/precompressed";
import { isDirectory } from "../files";

/**
 * Serves the built site (PUBLIC_DIR) the way a CDN in front of a Gatsby site should: content that
 * changes between builds under a stable URL must be revalidated, content-hashed files are cached for a
 * year, and the service worker script is never cached (browsers already cap it, this makes updates
 * immediate). Text files go out as the build compressed them (brotli 11 and zopfli `.br` and `.gz` copies
 * beside them, the core theme's src/node/precompress.ts), smaller than compressing per request makes them.
 */

export const CACHE_REVALIDATE = "public, max-age=0, must-revalidate";
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
export const CACHE_NONE = "no-cache";

/** A content hash in a file name: `app-3f9c2a1b7d4e.js`, `styles.8a7b6c5d4e3f.css` (hex with letters and digits). */
const HASHED_NAME = /[-.](?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{8,}(?:\.[A-Za-z0-9]+)+$/;

/** Cache-Control for a file, given its URL path inside the site (`/page-data/index/page-data.json`). */
export function cacheControlFor(urlPath: string): string {
  const path = `/${urlPath.replace(/\\/g, "/").replace(/^\/+/, "")}`;
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (path === "/sw.js") return CACHE_NONE;
  if (path.startsWith("/page-data/") || name.endsWith(".html")) return CACHE_REVALIDATE;
  if (path.startsWith("/static/") || HASHED_NAME.test(name)) return CACHE_IMMUTABLE;
  return CACHE_REVALIDATE;
}

export interface StaticOptions {
  publicDir: string;
  /** Only for requests to this host name (a business's own domain when the service serves several). */
  host?: string;
  /** Whether this registration adds reply.sendFile (exactly one of the service's may). */
  decorateReply?: boolean;
  /** false: only reply.sendFile, with this handling, for routes that pick their folder per request. */
  serve?: boolean;
}

export function publicDirUsable(publicDir: string): boolean {
  return isDirectory(publicDir);
}

export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<void> {
  const root = resolve(options.publicDir);
  await app.register(fastifyStatic, {
    root,
    ...(options.host ? { constraints: { host: options.host } } : {}),
    decorateReply: options.decorateReply ?? true,
    serve: options.serve ?? true,
    wildcard: true,
    // `/about` → 301 `/about/`, the directory form Gatsby links to; `/about/` → `about/index.html`.
    redirect: true,
    index: ["index.html"],
    dotfiles: "ignore",
    cacheControl: false,
    etag: true,
    lastModified: true,
    // The copy the request's Accept-Encoding prefers (br, then gzip), when the build made one, with the
    // file's Content-Type, Content-Encoding, Vary: Accept-Encoding and the copy's own length and ETag (a
    // cache never takes one encoding's ETag for another's). @fastify/compress leaves a reply with a
    // Content-Encoding alone, and still compresses files without copies (under 1 KB, or built without).
    preCompressed: true,
    // A copy is an encoding of its file, not a file of the site: `/app.js.br` is a 404 like any unknown
    // path. Sent as it is, it would be an octet-stream that @fastify/compress compresses a second time.
    allowedPath: (pathname: string) => precompressedSource(pathname) === null,
    setHeaders(reply: FastifyReply, filePath: string) {
      const inside = relative(root, filePath).split(sep).join("/");
      // `filePath` is the copy when one is sent: it is cached as its file is (`sw.js.br` never, either).
      reply.header("cache-control", cacheControlFor(precompressedSource(inside) ?? inside));
    },
  });
}

/** Sends public/404.html with status 404 (or a short text when the site has none). */
export async function sendNotFoundPage(reply: FastifyReply, publicDir: string | null): Promise<FastifyReply> {
  reply.code(404).header("cache-control", CACHE_REVALIDATE);
  if (publicDir && existsSync(resolve(publicDir, "404.html"))) {
    return reply.type("text/html; charset=utf-8").sendFile("404.html", resolve(publicDir));
  }
  return reply.type("text/plain; charset=utf-8").send("Not found");
}
