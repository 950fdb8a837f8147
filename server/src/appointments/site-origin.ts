import type { FastifyRequest } from "fastify";

/**
 * The site's origin for the links mailed to a visitor (the manage page): the browser's `Origin` when the
 * call came from a site this service allows (its own host, or one of CORS_ORIGINS when the site is deployed
 * apart), else this service's own origin, which serves the built site.
 */
export function siteOriginOf(request: FastifyRequest, allowed: readonly string[]): string {
  const own = `${request.protocol}://${request.host}`;
  const origin = request.headers.origin;
  if (typeof origin === "string" && (origin === own || allowed.includes(origin))) return origin;
  return own;
}
