/**
 * Reads the mail outbox straight from a PGlite data directory, for e2e/appointments.e2e.ts: the API
 * service of the e2e has no SMTP server, so every mail it writes stays queued in the outbox table, and
 * PGlite is one process's database, so the spec stops its service first and runs this with
 * `node --import tsx e2e/appointments-outbox.ts <dataDir>`. It prints one JSON line: each message with its
 * calendar files read by a real RFC 5545 parser (ical.js), their zone registered as a calendar would.
 */
import ICAL from "ical.js";
import { openDb } from "@mainstreet/server/db/db";

interface Attachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutboxMail {
  to: string[];
  subject: string;
  body: string;
  calendars: {
    filename: string;
    contentType: string;
    method: string | null;
    uid: string;
    status: string | null;
    summary: string;
    url: string | null;
    /** The zone DTSTART names (TZID), and the start as a wall-clock time there. */
    zone: string;
    localStart: string;
    start: string;
    end: string;
  }[];
}

function readCalendar(file: Attachment): OutboxMail["calendars"][number] {
  const calendar = new ICAL.Component(ICAL.parse(file.content));
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error(`${file.filename}: no VEVENT`);
  const event = new ICAL.Event(vevent);
  return {
    filename: file.filename,
    contentType: file.contentType,
    method: (calendar.getFirstPropertyValue("method") as string | null) ?? null,
    uid: event.uid,
    status: (vevent.getFirstPropertyValue("status") as string | null) ?? null,
    summary: event.summary,
    url: (vevent.getFirstPropertyValue("url") as string | null) ?? null,
    zone: event.startDate.zone?.tzid ?? "",
    localStart: event.startDate.toString(),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
  };
}

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error("usage: node --import tsx e2e/appointments-outbox.ts <PGlite data directory>");
  const db = await openDb({ dataDir });
  try {
    const { rows } = await db.query<{ mail_to: string[]; subject: string; body: string; attachments: Attachment[] }>("SELECT mail_to, subject, body, attachments FROM outbox ORDER BY created_at, id");
    const mails: OutboxMail[] = rows.map((row) => ({ to: row.mail_to, subject: row.subject, body: row.body, calendars: row.attachments.filter((file) => file.filename.endsWith(".ics")).map(readCalendar) }));
    process.stdout.write(`${JSON.stringify(mails)}\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
