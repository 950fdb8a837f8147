import type { FastifyError, FastifyInstance } from "fastify";
import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_TYPES } from "@mainstreet/rules/api/site-images-api";
import { merchantOf } from "../accounts/access";
import { NoQuery } from "../http/common.schema";
import { ApiError, parseInput } from "../http/errors";
import type { SiteImagesService } from "./site-images.service";

/**
 * `manage/site/images/` (docs/publishing.md "Photos"): an owner uploads a photo as the request's raw body
 * (Content-Type image/jpeg, image/png, image/webp, image/avif or application/octet-stream: the service reads
 * the bytes to decide what they are); any user reads the business's images for the workspace's thumbnails.
 */

const MAX_MB = SITE_IMAGE_MAX_BYTES / 1024 / 1024;

export function siteImageRoutes(service: SiteImagesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    // Only this area's routes take a raw body; the rest of the API stays JSON.
    app.addContentTypeParser([...SITE_IMAGE_TYPES, "application/octet-stream"], { parseAs: "buffer", bodyLimit: SITE_IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
    // The service's generic refusals name JSON and 64 KB; an upload's say what this route takes.
    app.setErrorHandler((error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new ApiError(413, `body: expected a photo of at most ${MAX_MB} MB`, [{ path: "body", message: `expected a photo of at most ${MAX_MB} MB` }]);
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
        throw new ApiError(415, `Unsupported Content-Type: send the photo's bytes as the body, with Content-Type ${SITE_IMAGE_TYPES.join(", ")} or application/octet-stream`);
      }
      throw error;
    });

    app.post("/manage/site/images/", { config: { manageAccess: "owner" }, bodyLimit: SITE_IMAGE_MAX_BYTES }, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(400, "body: expected the photo's bytes, got nothing", [{ path: "body", message: "expected the photo's bytes, got nothing" }]);
      const merchant = merchantOf(request);
      return reply.code(201).send(await service.upload(merchant.businessId, { userId: merchant.userId, email: merchant.email }, body));
    });

    app.get("/manage/site/images/*", async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const path = (request.params as { "*": string })["*"];
      const image = await service.read(merchantOf(request).businessId, path);
      // An SVG is a document that can run script: opened on its own it downloads instead of running on the
      // workspace's origin (an <img> ignores the header).
      if (image.contentType === "image/svg+xml") reply.header("content-disposition", "attachment");
      return reply
        .header("content-type", image.contentType)
        .header("cache-control", image.immutable ? "private, max-age=31536000, immutable" : "private, no-cache")
        .send(image.bytes);
    });
  };
}
