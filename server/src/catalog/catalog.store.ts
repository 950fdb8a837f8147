import { z } from "zod";
import type { Queryable } from "../db/db";

/**
 * All the SQL of the order catalog: the live revision of each published business (site_live → site_revisions,
 * migrations 007 and 008), read when the service starts and when a business's live version changes, never per
 * request. Rows read back are parsed with zod, so a misread column fails here, by name.
 */

const LiveDocumentRowSchema = z.object({
  business_id: z.string(),
  version: z.number().int(),
  revision: z.number().int(),
  file_text: z.string(),
  image_dir: z.string().nullable(),
});
export type LiveDocumentRow = z.infer<typeof LiveDocumentRowSchema>;

const LIVE_DOCUMENTS = `SELECT l.business_id, l.version, l.revision, r.file_text, h.image_dir
  FROM site_live l
  JOIN site_revisions r ON r.business_id = l.business_id AND r.revision = l.revision
  LEFT JOIN site_heads h ON h.business_id = l.business_id`;

/** The live revision's document of one business; undefined while it has never published. */
export async function liveDocumentOf(q: Queryable, businessId: string): Promise<LiveDocumentRow | undefined> {
  const { rows } = await q.query(`${LIVE_DOCUMENTS} WHERE l.business_id = $1`, [businessId]);
  return rows[0] === undefined ? undefined : LiveDocumentRowSchema.parse(rows[0]);
}

/** The live revision's document of every business that has published, by business id. */
export async function liveDocuments(q: Queryable): Promise<LiveDocumentRow[]> {
  const { rows } = await q.query(`${LIVE_DOCUMENTS} ORDER BY l.business_id`);
  return rows.map((row) => LiveDocumentRowSchema.parse(row));
}
