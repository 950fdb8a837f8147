import type { Queryable } from "../db/db";

/** All the SQL of the workspace's messages: form submissions of kind contact and application. */

export interface MessageRow extends Record<string, unknown> {
  id: string;
  kind: "contact" | "application";
  location_id: string | null;
  payload: unknown;
  created_at: Date;
  read_at: Date | null;
}

export async function messagesOf(q: Queryable, businessId: string, kinds: MessageRow["kind"][], limit: number): Promise<MessageRow[]> {
  const { rows } = await q.query<MessageRow>(
    `SELECT id, kind, location_id, payload, created_at, read_at FROM form_submissions
      WHERE business_id = $1 AND kind = ANY($2::text[]) ORDER BY created_at DESC, id LIMIT $3`,
    [businessId, kinds, limit],
  );
  return rows;
}

/** Marks a message read the first time; false when the id is not a message of the business. */
export async function markRead(q: Queryable, businessId: string, messageId: string, at: Date): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>(
    "UPDATE form_submissions SET read_at = COALESCE(read_at, $3) WHERE id = $1 AND business_id = $2 AND kind IN ('contact', 'application') RETURNING id",
    [messageId, businessId, at],
  );
  return rows.length > 0;
}
