import type { FastifyBaseLogger } from "fastify";
import type { Catalog } from "../catalog/catalog";
import type { Db } from "../db/db";
import type { Mailer } from "../mail/mailer";
import { deliverMail, queueMail } from "../mail/outbox";
import { reminderMail } from "./appointment-mail";
import { staffName, storedServiceName } from "./appointment-terms";
import { claimDueReminders } from "./appointments.store";

/**
 * The reminder a day before an appointment, run at start and every minute (main.ts). Each due row is
 * claimed and its mail queued in one transaction (appointments.store claimDueReminders: an atomic update
 * over `FOR UPDATE SKIP LOCKED`), so replicas running this at the same moment never remind twice and a
 * crash between the two leaves neither. The outbox then sends the mail as it sends every other.
 */
export async function sendDueReminders(deps: { db: Db; catalog: Catalog; mailer: Mailer; mailFrom: string; log: FastifyBaseLogger; clock: () => Date }, limit = 50): Promise<number> {
  const now = deps.clock();
  const mailIds = await deps.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const row of await claimDueReminders(tx, now, limit)) {
      const entry = deps.catalog.get(row.business_id);
      const location = entry?.locations.get(row.location_id);
      // The business or location left the data since the booking: nothing to say where to come.
      if (!entry || !location) continue;
      const context = { entry, location, row, staffName: staffName(entry, row.staff_id), serviceName: storedServiceName(entry, row), mailFrom: deps.mailFrom, now };
      ids.push(await queueMail(tx, reminderMail(context), null));
    }
    return ids;
  });
  if (mailIds.length > 0) await deliverMail(deps.db, deps.mailer, mailIds, deps.log).catch((error: unknown) => deps.log.warn({ err: error }, "reminder mail kept in the outbox"));
  return mailIds.length;
}
