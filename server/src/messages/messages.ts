import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { z } from "zod";
import { type ManageMessage, type MessagesReply } from "@mainstreet/rules/api/manage-api";
import { merchantOf } from "../accounts/access";
import type { Db } from "../db/db";
import { uuid } from "@mainstreet/rules/api/api-requests";
import { EmptyBody, NoQuery } from "../http/common.schema";
import { forbidden, parseInput } from "../http/errors";
import { markRead, messagesOf, type MessageRow } from "./messages.store";

/**
 * Contact messages and job applications in the workspace: what visitors sent through the site's
 * forms (form_submissions), newest first, and marking one read. Stored payloads are read back through zod;
 * a row that no longer reads is left out and logged, never shown half.
 */

const MessagesQuery = z.strictObject({
  kind: z.enum(["contact", "application"], { message: 'expected "contact" or "application"' }).optional(),
});
const MessageParams = z.strictObject({ id: uuid });

const StoredContact = z.object({ contact_name: z.string(), contact_email: z.string(), contact_message: z.string(), email_subject: z.string().optional() });
const StoredApplication = z.object({
  fieldValues: z.object({ name: z.string(), email: z.string(), phone: z.string().optional(), role: z.string(), message: z.string() }),
});

/** The most messages one list answers (newest first). */
const MAX_MESSAGES = 500;

type Row = MessageRow;

function messageOf(row: Row): ManageMessage | null {
  const common = { id: row.id, kind: row.kind, created_at: new Date(row.created_at).toISOString(), location_id: row.location_id, read_at: row.read_at ? new Date(row.read_at).toISOString() : null };
  if (row.kind === "contact") {
    const parsed = StoredContact.safeParse(row.payload);
    if (!parsed.success) return null;
    const { contact_name, contact_email, contact_message, email_subject } = parsed.data;
    return { ...common, name: contact_name, email: contact_email, message: contact_message, ...(email_subject ? { subject: email_subject } : {}) };
  }
  const parsed = StoredApplication.safeParse(row.payload);
  if (!parsed.success) return null;
  const { name, email, phone, role, message } = parsed.data.fieldValues;
  return { ...common, name, email, message, role, ...(phone ? { phone } : {}) };
}

export class MessagesService {
  constructor(private readonly deps: { db: Db; log: FastifyBaseLogger; clock: () => Date }) {}

  async list(businessId: string, kind: "contact" | "application" | undefined): Promise<MessagesReply> {
    const rows = await messagesOf(this.deps.db, businessId, kind ? [kind] : ["contact", "application"], MAX_MESSAGES);
    const messages: ManageMessage[] = [];
    for (const row of rows) {
      const message = messageOf(row);
      if (message) messages.push(message);
      else this.deps.log.warn({ submissionId: row.id }, "a stored message no longer reads; left out of the workspace's list");
    }
    return { messages };
  }

  /** Marks a message read (the first time only); 403 for any id that is not a message of the business. */
  async markRead(businessId: string, id: string): Promise<void> {
    if (!(await markRead(this.deps.db, businessId, id, this.deps.clock()))) throw forbidden(`No message ${id} in this business's workspace`);
  }
}

export function messageRoutes(service: MessagesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/manage/messages/", async (request) => {
      const { kind } = parseInput(MessagesQuery, request.query, "query");
      return service.list(merchantOf(request).businessId, kind);
    });

    app.post("/manage/messages/:id/read/", async (request, reply) => {
      const { id } = parseInput(MessageParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      parseInput(EmptyBody, request.body, "body");
      await service.markRead(merchantOf(request).businessId, id);
      return reply.code(204).send();
    });
  };
}
