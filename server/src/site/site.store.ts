import { z } from "zod";
import type { Queryable } from "../db/db";

/**
 * All the SQL of the business data's revisions (migration 007). Every row read back is parsed with zod,
 * so a column the code misreads fails here, by name, instead of somewhere downstream.
 */

const RevisionMetaRowSchema = z.object({
  revision: z.number().int().min(1),
  source: z.enum(["workspace", "import"]),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  summary: z.string(),
  created_at: z.date(),
});
export type RevisionMetaRow = z.infer<typeof RevisionMetaRowSchema>;

const RevisionRowSchema = RevisionMetaRowSchema.extend({
  data: z.record(z.string(), z.unknown()),
  file_text: z.string(),
});
export type RevisionRow = z.infer<typeof RevisionRowSchema>;

const HeadRowSchema = z.object({ draft_revision: z.number().int().min(1), image_dir: z.string().nullable() });
export type HeadRow = z.infer<typeof HeadRowSchema>;

const META_COLUMNS = "revision, source, user_id, user_email, summary, created_at";

/** Who wrote a revision: an account (its id and address), or an import. */
export type RevisionSource = { source: "workspace"; userId: string; email: string } | { source: "import" };

export interface NewRevision {
  businessId: string;
  revision: number;
  fileText: string;
  by: RevisionSource;
  summary: string;
  at: Date;
}

/** The business's head; with `lock`, held until the transaction ends, so saves over one draft take turns. */
export async function headOf(q: Queryable, businessId: string, lock = false): Promise<HeadRow | undefined> {
  const { rows } = await q.query(`SELECT draft_revision, image_dir FROM site_heads WHERE business_id = $1${lock ? " FOR UPDATE" : ""}`, [businessId]);
  return rows[0] === undefined ? undefined : HeadRowSchema.parse(rows[0]);
}

/** Creates the head of a business with its first revision; false when the business already has one (nothing written). */
export async function insertFirstRevision(q: Queryable, revision: NewRevision, imageDir: string | null): Promise<boolean> {
  const head = await q.query("INSERT INTO site_heads (business_id, draft_revision, image_dir, updated_at) VALUES ($1, 1, $2, $3) ON CONFLICT (business_id) DO NOTHING", [
    revision.businessId,
    imageDir,
    revision.at,
  ]);
  if (head.rowCount !== 1) return false;
  await insertRevision(q, { ...revision, revision: 1 });
  return true;
}

/**
 * Writes a revision. The text is sent once and the database derives `data` from it, so the two are the same
 * document by construction (and by the table's CHECK); (business, revision) is the primary key.
 */
export async function insertRevision(q: Queryable, revision: NewRevision): Promise<void> {
  const by = revision.by;
  await q.query(
    `INSERT INTO site_revisions (business_id, revision, data, file_text, source, user_id, user_email, summary, created_at)
     VALUES ($1, $2, $3::text::jsonb, $3::text, $4, $5, $6, $7, $8)`,
    [
      revision.businessId,
      revision.revision,
      revision.fileText,
      by.source,
      by.source === "workspace" ? by.userId : null,
      by.source === "workspace" ? by.email : null,
      revision.summary,
      revision.at,
    ],
  );
}

/** Moves the draft to `revision`, only from `from`: the count of heads moved (0 when another save got there first). */
export async function moveDraft(q: Queryable, businessId: string, from: number, revision: number, at: Date, imageDir?: string): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE site_heads SET draft_revision = $3, updated_at = $4, image_dir = COALESCE($5, image_dir) WHERE business_id = $1 AND draft_revision = $2`,
    [businessId, from, revision, at, imageDir ?? null],
  );
  return rowCount;
}

export async function revisionOf(q: Queryable, businessId: string, revision: number): Promise<RevisionRow | undefined> {
  const { rows } = await q.query(`SELECT ${META_COLUMNS}, data, file_text FROM site_revisions WHERE business_id = $1 AND revision = $2`, [businessId, revision]);
  return rows[0] === undefined ? undefined : RevisionRowSchema.parse(rows[0]);
}

/** Who saved a revision, when and what changed, without its data. */
export async function revisionMetaOf(q: Queryable, businessId: string, revision: number): Promise<RevisionMetaRow | undefined> {
  const { rows } = await q.query(`SELECT ${META_COLUMNS} FROM site_revisions WHERE business_id = $1 AND revision = $2`, [businessId, revision]);
  return rows[0] === undefined ? undefined : RevisionMetaRowSchema.parse(rows[0]);
}

/** Newest first, below `before` when given; `limit` rows at most. */
export async function revisionsOf(q: Queryable, businessId: string, options: { before?: number; limit: number }): Promise<RevisionMetaRow[]> {
  const { rows } = await q.query(
    `SELECT ${META_COLUMNS} FROM site_revisions WHERE business_id = $1 AND ($2::integer IS NULL OR revision < $2::integer) ORDER BY revision DESC LIMIT $3`,
    [businessId, options.before ?? null, options.limit],
  );
  return rows.map((row) => RevisionMetaRowSchema.parse(row));
}

/** The businesses that have revisions, of those asked about. */
export async function businessesWithRevisions(q: Queryable, businessIds: readonly string[]): Promise<string[]> {
  const { rows } = await q.query("SELECT business_id FROM site_heads WHERE business_id = ANY($1::text[]) ORDER BY business_id", [businessIds]);
  return rows.map((row) => z.object({ business_id: z.string() }).parse(row).business_id);
}
