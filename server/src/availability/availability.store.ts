import type { Queryable } from "../db/db";

/**
 * All the SQL of the workspace's sold-out marks (`availability_overrides`). A row names an item
 * (variation_id ''), one variation, or a modifier: item ids are never empty, so item_id '' with the
 * modifier's id in variation_id is a modifier's mark, which keeps one table, one key and one expiry rule
 * for all three.
 */

interface MarkRow extends Record<string, unknown> {
  /** '' for a modifier's mark. */
  item_id: string;
  /** '' for the whole item; the modifier's id in a modifier's mark. */
  variation_id: string;
  sold_out_until: Date | null;
}

/** What a row marks: an item or a variation, or a modifier. */
export function markSubject(row: { item_id: string; variation_id: string }): { itemId: string; variationId: string; modifierId: string | null } {
  return row.item_id === "" ? { itemId: "", variationId: "", modifierId: row.variation_id } : { itemId: row.item_id, variationId: row.variation_id, modifierId: null };
}

/** The key columns of a modifier's mark. */
export const modifierKey = (modifierId: string) => ({ itemId: "", variationId: modifierId });

/** The marks of a business that hold at `now`. */
export async function liveMarks(q: Queryable, businessId: string, now: Date): Promise<MarkRow[]> {
  const { rows } = await q.query<MarkRow>(
    "SELECT item_id, variation_id, sold_out_until FROM availability_overrides WHERE business_id = $1 AND (sold_out_until IS NULL OR sold_out_until > $2)",
    [businessId, now],
  );
  return rows;
}

/** An item or variation available again. */
export async function clearMark(q: Queryable, businessId: string, itemId: string, variationId: string): Promise<void> {
  await q.query("DELETE FROM availability_overrides WHERE business_id = $1 AND item_id = $2 AND variation_id = $3", [businessId, itemId, variationId]);
}

/** Sold out until `until` (null: until further notice), replacing any earlier mark. */
export async function setMark(q: Queryable, mark: { businessId: string; itemId: string; variationId: string; until: Date | null; at: Date; by: string }): Promise<void> {
  await q.query(
    `INSERT INTO availability_overrides (business_id, item_id, variation_id, sold_out_until, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (business_id, item_id, variation_id) DO UPDATE SET sold_out_until = EXCLUDED.sold_out_until, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [mark.businessId, mark.itemId, mark.variationId, mark.until, mark.at, mark.by],
  );
}
