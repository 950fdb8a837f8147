import type { Queryable } from "../db/db";
import type { MailAttachment, MailMessage } from "./mailer";

/** All the SQL of the mail outbox: queued messages, their claims by a sender, and the outcome. */

const MAX_ATTEMPTS = 5;

export interface OutboxRow extends Record<string, unknown> {
  id: string;
  mail_from: string;
  mail_to: string[];
  reply_to: string | null;
  subject: string;
  body: string;
  attachments: MailAttachment[];
}

export async function insertMail(q: Queryable, id: string, message: MailMessage, submissionId: string | null): Promise<void> {
  await q.query(
    `INSERT INTO outbox (id, submission_id, mail_from, mail_to, reply_to, subject, body, attachments)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8::jsonb)`,
    [id, submissionId, message.from, JSON.stringify(message.to), message.replyTo ?? null, message.subject, message.text, JSON.stringify(message.attachments ?? [])],
  );
}

export async function markSent(q: Queryable, id: string, messageId: string | undefined): Promise<void> {
  await q.query("UPDATE outbox SET status = 'sent', sent_at = now(), message_id = $2, last_error = NULL, claimed_until = NULL WHERE id = $1", [id, messageId]);
}

export async function markFailed(q: Queryable, id: string, reason: string): Promise<void> {
  await q.query("UPDATE outbox SET status = 'failed', last_error = $2, claimed_until = NULL WHERE id = $1", [id, reason.slice(0, 1000)]);
}

export async function mailHeads(q: Queryable, ids: string[]): Promise<{ id: string; mail_to: string[]; subject: string }[]> {
  const { rows } = await q.query<{ id: string; mail_to: string[]; subject: string }>("SELECT id, mail_to, subject FROM outbox WHERE id = ANY($1::uuid[])", [ids]);
  return rows;
}

/**
 * Claims unsent mail for two minutes (one message by id, or the oldest `limit` of all), skipping rows
 * another sender holds and messages that failed MAX_ATTEMPTS times.
 */
export async function claimMail(q: Queryable, which: { id: string } | { limit: number }): Promise<OutboxRow[]> {
  const [where, params, limit] = "id" in which ? ["id = $1", [which.id], 1] : ["true", [], which.limit];
  const { rows } = await q.query<OutboxRow>(
    `UPDATE outbox SET claimed_until = now() + interval '2 minutes', attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM outbox
         WHERE ${where} AND status IN ('queued', 'failed') AND attempts < ${MAX_ATTEMPTS}
           AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY created_at
         LIMIT ${limit}
         FOR UPDATE SKIP LOCKED)
      RETURNING id, mail_from, mail_to, reply_to, subject, body, attachments`,
    params,
  );
  return rows;
}
