import { z } from "zod";
import type { Queryable } from "../db/db";

/** All the SQL of the site's uploaded photos (migration 010). Rows read back are parsed with zod. */

const ImageMetaRowSchema = z.object({ path: z.string(), width: z.number().int(), height: z.number().int() });
export type ImageMetaRow = z.infer<typeof ImageMetaRowSchema>;

const ImageRowSchema = ImageMetaRowSchema.extend({ bytes: z.instanceof(Uint8Array), content_type: z.string() });
export type ImageRow = z.infer<typeof ImageRowSchema>;

export interface NewImage {
  businessId: string;
  path: string;
  bytes: Buffer;
  width: number;
  height: number;
  contentType: string;
  userId: string;
  email: string;
  at: Date;
}

/** Stores an upload; the same path again (the same picture) writes nothing and keeps the first row. */
export async function insertImage(q: Queryable, image: NewImage): Promise<void> {
  await q.query(
    `INSERT INTO site_images (business_id, path, bytes, width, height, content_type, user_id, user_email, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (business_id, path) DO NOTHING`,
    [image.businessId, image.path, image.bytes, image.width, image.height, image.contentType, image.userId, image.email, image.at],
  );
}

export async function imageOf(q: Queryable, businessId: string, path: string): Promise<ImageRow | undefined> {
  const { rows } = await q.query("SELECT path, width, height, bytes, content_type FROM site_images WHERE business_id = $1 AND path = $2", [businessId, path]);
  return rows[0] === undefined ? undefined : ImageRowSchema.parse(rows[0]);
}

/** The paths of every upload of a business, without their bytes. */
export async function imagePathsOf(q: Queryable, businessId: string): Promise<string[]> {
  const { rows } = await q.query("SELECT path FROM site_images WHERE business_id = $1 ORDER BY path", [businessId]);
  return rows.map((row) => z.object({ path: z.string() }).parse(row).path);
}

/** The uploads among `paths` (the images a revision names), with their bytes: what a build writes into its data folder. */
export async function imagesAt(q: Queryable, businessId: string, paths: readonly string[]): Promise<ImageRow[]> {
  const { rows } = await q.query("SELECT path, width, height, bytes, content_type FROM site_images WHERE business_id = $1 AND path = ANY($2::text[]) ORDER BY path", [
    businessId,
    paths,
  ]);
  return rows.map((row) => ImageRowSchema.parse(row));
}
