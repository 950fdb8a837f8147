import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../db/db";
import type { MailMessage, Mailer } from "./mailer";
import { claimMail, insertMail, mailHeads, markFailed, markSent, type OutboxRow } from "./outbox.store";

import type { MailStatus } from "@mainstreet/rules/api/api-views";

export type { MailStatus };

/** Records a message in the outbox inside the caller's transaction, so it exists iff the submission does. */
export async function queueMail(tx: Tx, message: MailMessage, submissionId: string | null): Promise<string> {
  const id = randomUUID();
  await insertMail(tx, id, message, submissionId);
  return id;
}

async function sendClaimed(db: Db, mailer: Mailer, row: OutboxRow, log: FastifyBaseLogger): Promise<MailStatus> {
  try {
    const { messageId } = await mailer.send({
      from: row.mail_from,
      to: row.mail_to,
      replyTo: row.reply_to ?? undefined,
      subject: row.subject,
      text: row.body,
      ...(row.attachments.length > 0 ? { attachments: row.attachments } : {}),
    });
    await markSent(db, row.id, messageId);
    log.info({ outboxId: row.id, to: row.mail_to, messageId }, "mail sent");
    return "sent";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await markFailed(db, row.id, reason);
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
    for (const row of await mailHeads(db, ids)) log.info({ outboxId: row.id, to: row.mail_to, subject: row.subject }, "mail kept in the outbox table (no SMTP_URL set)");
    return "queued";
  }
  const statuses: MailStatus[] = [];
  for (const id of ids) {
    const row = await claimMail(db, { id });
    if (row[0]) statuses.push(await sendClaimed(db, mailer, row[0], log));
  }
  // Nothing claimed: the background flush took the rows first and is sending them.
  if (statuses.length === 0) return "queued";
  return statuses.every((status) => status === "sent") ? "sent" : "failed";
}

/** Retries queued and failed mail (at start and periodically) when SMTP is configured. */
export async function flushOutbox(db: Db, mailer: Mailer, log: FastifyBaseLogger, batch = 20): Promise<number> {
  if (mailer.kind === "outbox") return 0;
  const rows = await claimMail(db, { limit: batch });
  let sent = 0;
  for (const row of rows) if ((await sendClaimed(db, mailer, row, log)) === "sent") sent += 1;
  return sent;
}
