import type { Queryable } from "../db/db";

/** All the SQL of reviews: form submissions of kind review, with the merchant's decision. */

export interface ReviewRow extends Record<string, unknown> {
  id: string;
  status: string;
  location_id: string | null;
  payload: unknown;
  created_at: Date;
  decided_at: Date | null;
}

export async function reviewsWithStatus(q: Queryable, businessId: string, storedStatus: string, limit: number): Promise<ReviewRow[]> {
  const { rows } = await q.query<ReviewRow>(
    "SELECT id, status, location_id, payload, created_at, decided_at FROM form_submissions WHERE business_id = $1 AND kind = 'review' AND status = $2 ORDER BY created_at DESC, id LIMIT $3",
    [businessId, storedStatus, limit],
  );
  return rows;
}

/** Records the merchant's decision; no row when the id is not a review of the business. */
export async function decideReview(q: Queryable, decision: { businessId: string; reviewId: string; status: "approved" | "rejected"; at: Date; userId: string }): Promise<ReviewRow[]> {
  const { rows } = await q.query<ReviewRow>(
    `UPDATE form_submissions SET status = $3, decided_at = $4, decided_by = $5 WHERE id = $1 AND business_id = $2 AND kind = 'review'
      RETURNING id, status, location_id, payload, created_at, decided_at`,
    [decision.reviewId, decision.businessId, decision.status, decision.at, decision.userId],
  );
  return rows;
}

/** Approved reviews of the business, of one item and/or one location when given, newest first. */
export async function approvedReviews(q: Queryable, businessId: string, itemId: string | null, locationId: string | null): Promise<ReviewRow[]> {
  const { rows } = await q.query<ReviewRow>(
    `SELECT id, status, location_id, payload, created_at, decided_at FROM form_submissions
      WHERE business_id = $1 AND kind = 'review' AND status = 'approved'
        AND ($2::text IS NULL OR payload->'fieldValues'->>'menuItemId' = $2) AND ($3::text IS NULL OR location_id = $3)
      ORDER BY created_at DESC, id`,
    [businessId, itemId, locationId],
  );
  return rows;
}
