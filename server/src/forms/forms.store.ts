import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/db";

/** All the SQL of website form submissions and item likes. */

/** Stores a submission as received (every form is stored before any mail goes out); returns its id. */
export async function insertSubmission(
  q: Queryable,
  submission: { kind: string; businessId: string; locationId: string | null; status: string; payload: unknown },
): Promise<string> {
  const id = randomUUID();
  await q.query("INSERT INTO form_submissions (id, kind, business_id, location_id, status, payload) VALUES ($1, $2, $3, $4, $5, $6::jsonb)", [
    id,
    submission.kind,
    submission.businessId,
    submission.locationId,
    submission.status,
    JSON.stringify(submission.payload),
  ]);
  return id;
}

/** Records a visitor's like of an item; false when that visitor liked it already. */
export async function insertLike(q: Queryable, businessId: string, itemId: string, visitorId: string): Promise<boolean> {
  const inserted = await q.query("INSERT INTO menu_item_likes (business_id, menu_item_id, visitor_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [
    businessId,
    itemId,
    visitorId,
  ]);
  return inserted.rowCount === 1;
}

export async function likeCount(q: Queryable, businessId: string, itemId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM menu_item_likes WHERE business_id = $1 AND menu_item_id = $2", [businessId, itemId]);
  return rows[0].n;
}

/** Likes received here per item of the business. */
export async function likeCounts(q: Queryable, businessId: string): Promise<Map<string, number>> {
  const { rows } = await q.query<{ menu_item_id: string; n: number }>(
    "SELECT menu_item_id, count(*)::int AS n FROM menu_item_likes WHERE business_id = $1 GROUP BY menu_item_id",
    [businessId],
  );
  return new Map(rows.map((row) => [row.menu_item_id, row.n]));
}
