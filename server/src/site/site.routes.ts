import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RevisionsQuery, SitePutBody } from "@mainstreet/rules/api/site-api";
import { merchantOf } from "../accounts/access";
import { EmptyBody, NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import type { SiteService } from "./site.service";

/**
 * `manage/site/…` (docs/api.md, docs/publishing.md): the business data's draft, history, restores and the
 * data file export. Owners edit; staff read the draft and the history.
 */

/** A whole business document in one body: a 2,000-item menu is about a megabyte. */
export const SITE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** `?format=zip`: the data file with every photo it names, as one zip; else the data file alone. */
const ExportQuery = z.strictObject({
  format: z.enum(["json", "zip"], { message: 'expected "json" or "zip"' }).default("json"),
});

/** What the export needs besides the draft: the zip of a data file and its photos (site-images.service). */
export interface SiteRouteOptions {
  archive(businessId: string, fileText: string): Promise<Uint8Array>;
}

const RevisionParams = z.strictObject({
  n: z.coerce.number({ message: "expected a revision number" }).int("expected a whole revision number").min(1, "expected a revision number of at least 1"),
});

export function siteRoutes(service: SiteService, options: SiteRouteOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/manage/site/", async (request) => {
      parseInput(NoQuery, request.query, "query");
      return service.draft(merchantOf(request).businessId);
    });

    app.put("/manage/site/", { config: { manageAccess: "owner" }, bodyLimit: SITE_BODY_LIMIT_BYTES }, async (request) => {
      const body = parseInput(SitePutBody, request.body, "body");
      const merchant = merchantOf(request);
      return service.save(merchant.businessId, { userId: merchant.userId, email: merchant.email }, body);
    });

    app.get("/manage/site/revisions/", async (request) => {
      const query = parseInput(RevisionsQuery, request.query, "query");
      return service.history(merchantOf(request).businessId, query);
    });

    app.post("/manage/site/revisions/:n/restore/", { config: { manageAccess: "owner" } }, async (request, reply) => {
      const { n } = parseInput(RevisionParams, request.params, "params");
      parseInput(EmptyBody, request.body, "body");
      const merchant = merchantOf(request);
      return reply.code(201).send(await service.restore(merchant.businessId, { userId: merchant.userId, email: merchant.email }, n));
    });

    app.get("/manage/site/export/", { config: { manageAccess: "owner" } }, async (request, reply) => {
      const { format } = parseInput(ExportQuery, request.query ?? {}, "query");
      const merchant = merchantOf(request);
      const file = await service.exportFile(merchant.businessId);
      // Business ids are slugs (letters, digits, hyphens), so the name needs no escaping in the header.
      reply.header("cache-control", "no-store").header("x-site-revision", String(file.revision));
      if (format === "zip") {
        const archive = await options.archive(merchant.businessId, file.text);
        return reply
          .header("content-type", "application/zip")
          .header("content-disposition", `attachment; filename="${merchant.businessId}-site.zip"`)
          .send(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
      }
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="${merchant.businessId}-business.json"`)
        .send(file.text);
    });
  };
}
