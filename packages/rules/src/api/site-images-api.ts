import { z } from "zod";

/**
 * Photos of the site (`{API_BASE}manage/site/images/`; docs/publishing.md "Photos"): the upload's limits and
 * reply, declared once. The service refuses by them and answers with the reply schema; the workspace checks
 * a chosen file by the same limits before it sends it, and reads the reply's type.
 */

/** The largest upload the service reads: a phone's full-size photo fits with room to spare. */
export const SITE_IMAGE_MAX_BYTES = 15 * 1024 * 1024;

/** The longest side a stored photo keeps: the site's image pipeline makes every smaller size from it. */
export const SITE_IMAGE_MAX_SIDE = 2400;

/** The content types an upload may be sent as (the service reads the bytes themselves to decide). */
export const SITE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;

/** Where uploads live in the business data's image paths: `uploads/<16 hex digits>.webp`. */
export const SITE_UPLOAD_PATH = /^uploads\/[0-9a-f]{16}\.webp$/;

/** `POST manage/site/images/`: where the stored photo is (the path the data names) and its size. */
export const SiteImageReplySchema = z.object({ path: z.string().regex(SITE_UPLOAD_PATH), width: z.number().int().min(1), height: z.number().int().min(1) }).strict();
export type SiteImageReply = z.infer<typeof SiteImageReplySchema>;
