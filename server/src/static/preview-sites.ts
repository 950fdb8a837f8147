import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PREVIEW_REFUSAL } from "@mainstreet/rules/api/publish-api";
import type { Db } from "../db/db";
import { forbidden, notFound } from "../http/errors";
import { previewByToken } from "../publish/publish.store";
import { previewDir } from "../publish/site-folders";
import { cacheControlFor } from "./static.plugin";

/**
 * Previews served on hosts of their own (docs/publishing.md "Preview"): `<token>.<PREVIEW_DOMAIN>`, where the
 * token is the preview job's unguessable id. Its own origin means the build needs no path prefix (it is the
 * same build as the live site's, so Gatsby's cache stays warm) and its pages cannot read the workspace's
 * cookies. A preview is never indexed nor cached, and it takes no orders or bookings: the API refuses a
 * state-changing call from a preview host.
 */

/** Host names are case-insensitive, so tokens are lowercase; 128 bits as hex. */
const TOKEN = "[a-z0-9]{26,64}";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Matches `<token>.<domain>` with an optional port, for the router's host constraint. */
function previewHostPattern(domain: string): RegExp {
  return new RegExp(`^(${TOKEN})\\.${escapeRegExp(domain.toLowerCase())}(?::\\d{1,5})?$`, "i");
}

/** The token of a preview host (`Host` header, or an origin's host), or null for any other host. */
export function previewTokenOf(host: string | undefined, domain: string): string | null {
  if (!host) return null;
  const match = previewHostPattern(domain).exec(host.trim());
  return match ? match[1].toLowerCase() : null;
}

/** The host part of an `Origin` header (`null` and malformed origins have none). */
function originHost(origin: string | undefined): string | undefined {
  if (!origin) return undefined;
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * A preview's address, on the scheme and port the workspace was reached on: on a developer machine
 * `http://<token>.preview.localhost:8000/` (browsers resolve every `*.localhost` name to loopback); in
 * production, behind a proxy on 443, `https://<token>.preview.example.com/`.
 */
export function previewUrl(token: string, domain: string, request: { protocol: string; host: string }): string {
  const port = /:(\d{1,5})$/.exec(request.host)?.[1];
  return `${request.protocol}://${token}.${domain}${port ? `:${port}` : ""}/`;
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The facts the live site reads over its build (docs/publishing.md "Facts read live"). */
const LIVE_FACTS_PATH = /\/businesses\/[^/?]+\/site-facts\/(?:\?|$)/;

/**
 * Refuses state-changing API calls made from a preview (its host, or a page of it calling across origins), and
 * the live facts: a preview shows the draft as it was built, so its pages must not take the live site's hours
 * and announcement over it (they keep what they were built with when the facts do not come).
 */
export function installPreviewGuard(api: FastifyInstance, domain: string): void {
  api.addHook("onRequest", async (request) => {
    const mutating = MUTATING.has(request.method);
    if (!mutating && !LIVE_FACTS_PATH.test(request.url)) return;
    if (!previewTokenOf(request.headers.host, domain) && !previewTokenOf(originHost(request.headers.origin), domain)) return;
    throw mutating ? forbidden(PREVIEW_REFUSAL) : notFound("A preview shows the draft as it was built: the live site's facts are not read here.");
  });
}

interface PreviewSitesOptions {
  db: Db;
  sitesDir: string;
  domain: string;
  /** Origins allowed to frame a preview (the workspace shows it in an iframe). */
  frameAncestors: readonly string[];
}

/**
 * Who may frame a preview: the workspace's origin when WORKSPACE_URL names it, else the service's own hosts on
 * a developer machine (the workspace at http://localhost:<port>/manage/).
 */
export function previewFrameAncestors(workspaceUrl: string | undefined): string[] {
  return workspaceUrl ? [new URL(workspaceUrl).origin] : ["http://localhost:*", "http://127.0.0.1:*", "https://localhost:*"];
}

/**
 * `reply.sendFile` for a service that serves no site of its own (no PUBLIC_DIR, nothing published yet): the
 * previews are sent with the same static handling as a site.
 */
export async function registerSendFile(app: FastifyInstance, sitesDir: string): Promise<void> {
  mkdirSync(sitesDir, { recursive: true });
  await app.register(fastifyStatic, { root: sitesDir, serve: false, index: ["index.html"], redirect: true, dotfiles: "ignore", cacheControl: false, preCompressed: true });
}

const PLAIN_NOT_FOUND = "This preview does not exist or has expired. Open a new preview from the workspace.";

/** The folder a preview host is served from, or null for an unknown, unfinished or expired preview. */
async function previewRoot(options: PreviewSitesOptions, host: string | undefined): Promise<string | null> {
  const token = previewTokenOf(host, options.domain);
  const job = token ? await previewByToken(options.db, token) : undefined;
  if (!job || job.status !== "live") return null;
  const dir = previewDir(options.sitesDir, job.business_id, job.id);
  return existsSync(join(dir, "index.html")) ? dir : null;
}

/** Whether a request is for a preview host. */
export const isPreviewRequest = (request: FastifyRequest, domain: string) => previewTokenOf(request.headers.host, domain) !== null;

/** The 404 of a preview host: the preview's own 404 page, or a plain sentence when the preview is gone. */
export async function sendPreviewNotFound(options: PreviewSitesOptions, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const root = await previewRoot(options, request.headers.host);
  reply.code(404).header("cache-control", "no-store").header("x-robots-tag", "noindex");
  if (root && existsSync(join(root, "404.html"))) return reply.type("text/html; charset=utf-8").sendFile("404.html", root);
  return reply.type("text/plain; charset=utf-8").send(PLAIN_NOT_FOUND);
}

/**
 * Serves preview hosts: every path of a `<token>.<PREVIEW_DOMAIN>` host from that preview's folder, with the
 * site's own static handling (index files, `/about` → `/about/`, precompressed copies). Needs `reply.sendFile`
 * (the site's static registration, or one made for previews alone).
 */
export async function registerPreviewSites(app: FastifyInstance, options: PreviewSitesOptions): Promise<void> {
  const ancestors = options.frameAncestors.join(" ");
  await app.register(async (scope) => {
    scope.addHook("onSend", async (request, reply, payload) => {
      const html = /^\s*text\/html\b/i.test(String(reply.getHeader("content-type") ?? ""));
      reply.header("x-robots-tag", "noindex");
      // A draft changes with every build: a preview's pages are never kept; its hashed files may be.
      reply.header("cache-control", html || reply.statusCode >= 400 ? "no-store" : cacheControlFor(request.url.split("?")[0]));
      const policy = reply.getHeader("content-security-policy");
      if (typeof policy === "string") reply.header("content-security-policy", policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`));
      reply.removeHeader("x-frame-options");
      return payload;
    });
    scope.get("/*", { constraints: { host: previewHostPattern(options.domain) } }, async (request, reply) => {
      const root = await previewRoot(options, request.headers.host);
      if (!root) return sendPreviewNotFound(options, request, reply);
      const path = (request.params as { "*"?: string })["*"] ?? "";
      return reply.sendFile(`/${path}`, root);
    });
  });
}
