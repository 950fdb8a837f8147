import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../db/db";
import type { MailMessage, Mailer } from "./mailer";

import type { MailStatus } from "@mainstreet/rules/api-views";

export type { MailStatus };

const MAX_ATTEMPTS = 5;

/** Records a message in the outbox inside the caller's transaction, so it exists iff the submission does. */
export async function queueMail(tx: Tx, message: MailMessage, submissionId: string | null): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO outbox (id, submission_id, mail_from, mail_to, reply_to, subject, body)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
    [id, submissionId, message.from, JSON.stringify(message.to), message.replyTo ?? null, message.subject, message.text],
  );
  return id;
}

interface OutboxRow extends Record<string, unknown> {
  id: string;
  mail_from: string;
  mail_to: string[];
  reply_to: string | null;
  subject: string;
  body: string;
}

async function sendClaimed(db: Db, mailer: Mailer, row: OutboxRow, log: FastifyBaseLogger): Promise<MailStatus> {
  try {
    const { messageId } = await mailer.send({
      from: row.mail_from,
      to: row.mail_to,
      replyTo: row.reply_to ?? undefined,
      subject: row.subject,
      text: row.body,
    });
    await db.query(
      "UPDATE outbox SET status = 'sent', sent_at = now(), message_id = $2, last_error = NULL, claimed_until = NULL WHERE id = $1",
      [row.id, messageId],
    );
    log.info({ outboxId: row.id, to: row.mail_to, messageId }, "mail sent");
    return "sent";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.query("UPDATE outbox SET status = 'failed', last_error = $2, claimed_until = NULL WHERE id = $1", [row.id, reason.slice(0, 1000)]);
    log.warn({ outboxId: row.id, to: row.mail_to, reason }, "mail not sent; kept in the outbox for a retry");
    return "failed";
  }
}

/**
 * Sends the given outbox messages now (after the transaction that queued them committed). Without
 * SMTP they stay queued and are logged, so nothing a visitor sends is lost.
 */
export async function deliverMail(db: Db, mailer: Mailer, ids: string[], log: FastifyBaseLogger): Promise<MailStatus> {
  if (ids.length === 0) return "queued";
  if (mailer.kind === "outbox") {
    const { rows } = await db.query<{ id: string; mail_to: string[]; subject: string }>(
      "SELECT id, mail_to, subject FROM outbox WHERE id = ANY($1::uuid[])",
      [ids],
    );
    for (const row of rows) log.info({ outboxId: row.id, to: row.mail_to, subject: row.subject }, "mail kept in the outbox table (no SMTP_URL set)");
    return "queued";
  }
  const statuses: MailStatus[] = [];
  for (const id of ids) {
    const row = await claim(db, `id = $1`, [id]);
    if (row[0]) statuses.push(await sendClaimed(db, mailer, row[0], log));
  }
  // Nothing claimed: the background flush took the rows first and is sending them.
  if (statuses.length === 0) return "queued";
  return statuses.every((status) => status === "sent") ? "sent" : "failed";
}

async function claim(db: Db, where: string, params: unknown[], limit = 1): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `UPDATE outbox SET claimed_until = now() + interval '2 minutes', attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM outbox
         WHERE ${where} AND status IN ('queued', 'failed') AND attempts < ${MAX_ATTEMPTS}
           AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY created_at
         LIMIT ${limit}
         FOR UPDATE SKIP LOCKED)
      RETURNING id, mail_from, mail_to, reply_to, subject, body`,
    params,
  );
  return rows;
}

/** Retries queued and failed mail (at start and periodically) when SMTP is configured. */
export async function flushOutbox(db: Db, mailer: Mailer, log: FastifyBaseLogger, batch = 20): Promise<number> {
  if (mailer.kind === "outbox") return 0;
  const rows = await claim(db, "true", [], batch);
  let sent = 0;
  for (const row of rows) if ((await sendClaimed(db, mailer, row, log)) === "sent") sent += 1;
  return sent;
}
