import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { MANAGE_API_BASE_PLACEHOLDER, MANAGE_ASSETS_DIR, MANAGE_PATH } from "@mainstreet/rules/workspace/workspace";
import { CACHE_IMMUTABLE, CACHE_NONE } from "./static.plugin";

/**
 * The merchant workspace: one document at MANAGE_PATH and its hashed script and style sheet,
 * built by apps/manage (`npm run build:manage`). Served apart from the visitors' site, with a policy of its
 * own: nothing but this origin (and the previews it frames), no inline script or style, never framed, never indexed. The document is
 * revalidated on every load (a new build is picked up at once); the assets are immutable.
 */
const manageContentSecurityPolicy = (previewDomain: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'none'",
    "object-src 'none'",
    // The Publish section shows the draft's preview, served on its own host (docs/publishing.md "Preview").
    `frame-src *.${previewDomain}:*`,
    "worker-src 'none'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

/** The policy with the default PREVIEW_DOMAIN. */
export const MANAGE_CONTENT_SECURITY_POLICY = manageContentSecurityPolicy("preview.localhost");

export interface ManageAppOptions {
  /** The build folder (index.html and assets/). */
  dir: string;
  /** The API's path prefix, written into the document for the app (`/api/`). */
  apiBase: string;
  /** Where previews are served (`<token>.<previewDomain>`): the workspace frames them. */
  previewDomain?: string;
}

function attribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/**
 * Registers the workspace; when it was not built before the service started, its address says how to build
 * it (503) instead of a 404.
 */
export async function registerManageApp(app: FastifyInstance, options: ManageAppOptions): Promise<{ built: boolean }> {
  const dir = resolve(options.dir);
  const indexFile = join(dir, "index.html");
  const built = existsSync(indexFile);
  const base = MANAGE_PATH.replace(/\/$/, "");

  app.get(base, async (_request, reply) => reply.redirect(MANAGE_PATH, 301));

  app.get(MANAGE_PATH, async (_request, reply: FastifyReply) => {
    reply.header("cache-control", CACHE_NONE).header("x-robots-tag", "noindex, nofollow").header("referrer-policy", "same-origin").header("x-frame-options", "DENY");
    const html = built ? await readFile(indexFile, "utf8").catch(() => null) : null;
    if (html === null) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send("The merchant workspace is not built on this server: run `npm run build:manage` (npm start and npm test build it), then restart the service.");
    }
    return reply
      .header("content-security-policy", options.previewDomain ? manageContentSecurityPolicy(options.previewDomain) : MANAGE_CONTENT_SECURITY_POLICY)
      .type("text/html; charset=utf-8")
      .send(html.replace(MANAGE_API_BASE_PLACEHOLDER, attribute(options.apiBase)));
  });

  if (built && existsSync(join(dir, MANAGE_ASSETS_DIR))) {
    await app.register(fastifyStatic, {
      root: join(dir, MANAGE_ASSETS_DIR),
      prefix: `${MANAGE_PATH}${MANAGE_ASSETS_DIR}/`,
      // The site's static handler owns reply.sendFile.
      decorateReply: false,
      wildcard: true,
      index: false,
      dotfiles: "ignore",
      cacheControl: false,
      etag: true,
      lastModified: true,
      // Every file here has its content hash in its name (apps/manage/build.ts).
      setHeaders: (reply: FastifyReply) => {
        reply.header("cache-control", CACHE_IMMUTABLE);
      },
    });
  } else {
    app.log.warn({ dir }, "the merchant workspace is not built (npm run build:manage): /manage/ answers 503");
  }
  return { built };
}
