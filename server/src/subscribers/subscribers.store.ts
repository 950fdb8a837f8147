import type { Queryable } from "../db/db";

/** All the SQL of newsletter subscribers. */

/** Adds an address that agreed to receive mail; false when it was subscribed already. */
export async function addSubscriber(q: Queryable, businessId: string, email: string, submissionId: string): Promise<boolean> {
  const inserted = await q.query(
    "INSERT INTO subscribers (business_id, email, opt_in, submission_id) VALUES ($1, $2, true, $3) ON CONFLICT (business_id, email) DO NOTHING",
    [businessId, email, submissionId],
  );
  return inserted.rowCount === 1;
}

/** Newest first: the list on the screen and the CSV file read in the same order. */
export async function subscribersOf(q: Queryable, businessId: string): Promise<{ email: string; opt_in: boolean; created_at: Date }[]> {
  const { rows } = await q.query<{ email: string; opt_in: boolean; created_at: Date }>(
    "SELECT email, opt_in, created_at FROM subscribers WHERE business_id = $1 ORDER BY created_at DESC, email",
    [businessId],
  );
  return rows;
}
