import type { FastifyBaseLogger } from "fastify";
import { primaryLocationOf, type Location } from "@mainstreet/rules/business/schema";
import { isPhoneNumber, phoneExpectation } from "@mainstreet/rules/business/phone";
import { businessTypePath, isValidEmail } from "@mainstreet/rules/forms/validation";
import type { Catalog, CatalogEntry } from "../catalog/catalog";
import { locationLabel } from "../catalog/labels";
import { addSubscriber } from "../subscribers/subscribers.store";
import { insertLike, insertSubmission, likeCount, likeCounts } from "./forms.store";
import type { Db } from "../db/db";
import { notFound, parseInput, unprocessable } from "../http/errors";
import { deliverMail, queueMail, type MailStatus } from "../mail/outbox";
import { reservationTimeLabel } from "@mainstreet/rules/booking/reservations";
import type { ContactReply, EventReply } from "@mainstreet/rules/api/api-views";
import type { Mailer } from "../mail/mailer";
import type { ReservationsService } from "../reservations/reservations.service";
import { ApplicationFields, LikeFields, ReservationFields, ReviewFields, SubscribeFields, type ContactBody, type EventBody, type EventType } from "@mainstreet/rules/api/api-requests";

/**
 * Contact messages and website form events. Every submission is stored first; mail for the merchant
 * is queued in the same transaction (outbox) and sent after the commit, so a visitor's message is
 * never lost to an SMTP hiccup and never sent for a submission that was rolled back.
 */

export interface FormsDeps {
  db: Db;
  catalog: Catalog;
  mailer: Mailer;
  mailFrom: string;
  reservations: ReservationsService;
  log: FastifyBaseLogger;
}

/** Where a location's mail may go: its contact emails and public email, else the primary location's. */
export function contactAddresses(entry: CatalogEntry, location: Location): string[] {
  const own = (candidate: Location) => [...candidate.contactEmails, ...(candidate.email ? [candidate.email] : [])].map((address) => address.toLowerCase());
  const mine = [...new Set(own(location))];
  if (mine.length > 0) return mine;
  const primary = entry.business.locations.find((candidate) => candidate.primaryLocation);
  return primary ? [...new Set(own(primary))] : [];
}

const FIELDS = "event_data.fieldValues";

/**
 * The fields, once a visitor's phone number (when given) reads as a number of the location's country, or
 * of the primary location's when the form names none; the site checks only its shape.
 */
function withPhoneOf<F extends { phone?: string }>(entry: CatalogEntry, location: Location | undefined, fields: F): F {
  if (fields.phone === undefined || fields.phone.trim() === "") return fields;
  const { country } = location ?? primaryLocationOf(entry.business);
  if (isPhoneNumber(fields.phone, country)) return fields;
  const problem = { path: `${FIELDS}.phone`, message: `expected ${phoneExpectation(country)}, got ${JSON.stringify(fields.phone)}` };
  throw unprocessable(`${problem.path}: ${problem.message}`, [problem]);
}

/** What is stored of an event: its field values and the page it came from. */
const eventPayload = (body: EventBody) => ({ ...body.event_data, website: body.website ?? null });

/** The reply to `POST events/website/`: its status code and a body of the shared contract. */
export interface EventResult {
  status: number;
  body: EventReply;
}

export class FormsService {
  constructor(private readonly deps: FormsDeps) {}

  private async deliver(ids: string[]): Promise<MailStatus> {
    return deliverMail(this.deps.db, this.deps.mailer, ids, this.deps.log).catch((error: unknown) => {
      this.deps.log.warn({ err: error }, "mail delivery failed; kept in the outbox");
      return "failed" as const;
    });
  }

  async contact(params: { businessType: string; businessId: string; locationId: string }, body: ContactBody): Promise<ContactReply> {
    const entry = this.deps.catalog.get(params.businessId);
    if (!entry) throw notFound(`Business ${params.businessId} does not exist`);
    const expectedType = businessTypePath(entry.business.type);
    if (params.businessType !== expectedType) throw notFound(`Business ${params.businessId} is listed under ${expectedType}, not ${params.businessType}`);
    const location = entry.locations.get(params.locationId);
    if (!location) throw notFound(`Location ${params.locationId} of ${entry.business.name} does not exist`);
    if (!isValidEmail(body.contact_email)) {
      throw unprocessable(`body.contact_email: expected an email address like name@example.com, got ${JSON.stringify(body.contact_email)}`);
    }
    const allowed = contactAddresses(entry, location);
    if (allowed.length === 0) throw unprocessable(`${locationLabel(location)} has no contact email configured, so messages cannot be delivered`);
    const requested = [
      ...(body.destination_email ? [{ path: "body.destination_email", address: body.destination_email }] : []),
      ...(body.destination_emails ?? []).map((address, index) => ({ path: `body.destination_emails[${index}]`, address })),
    ];
    const stranger = requested.find((candidate) => !allowed.includes(candidate.address.toLowerCase()));
    if (stranger) {
      // Never mail an address the visitor chose: that would turn the form into an open relay.
      throw unprocessable(`${stranger.path}: ${stranger.address} is not a contact address of ${locationLabel(location)}; messages only go to the business's configured contact emails`);
    }
    const to = requested.length > 0 ? [...new Set(requested.map((candidate) => candidate.address.toLowerCase()))] : allowed;
    const subject = body.email_subject?.trim() || `New message from ${body.contact_name} via the ${entry.business.name} website`;
    const text = [
      `From: ${body.contact_name} <${body.contact_email}>`,
      `Location: ${locationLabel(location)}`,
      `Agreed to receive emails: ${body.contact_opt_in ? "yes" : "no"}`,
      "",
      body.contact_message,
    ].join("\n");
    const { id, mailIds } = await this.deps.db.transaction(async (tx) => {
      const submissionId = await insertSubmission(tx, { kind: "contact", businessId: entry.business.id, locationId: location.id, status: "received", payload: { ...body, delivered_to: to } });
      const outboxId = await queueMail(tx, { from: this.deps.mailFrom, to, replyTo: body.contact_email, subject, text }, submissionId);
      return { id: submissionId, mailIds: [outboxId] };
    });
    const mail = await this.deliver(mailIds);
    return { id, status: "received", mail };
  }

  async event(body: EventBody, type: EventType): Promise<EventResult> {
    const entry = this.deps.catalog.get(body.business_info.id);
    if (!entry) throw unprocessable(`business_info.id: no business "${body.business_info.id}" here`);
    const locationId = body.location?.id;
    const location = locationId ? entry.locations.get(locationId) : undefined;
    if (locationId && !location) throw unprocessable(`location.id: "${locationId}" is not a location of ${entry.business.name}`);
    const values = body.event_data.fieldValues;
    switch (type) {
      case "review":
        return this.review(entry, location, parseInput(ReviewFields, values, FIELDS), body);
      case "reservation":
        return this.reservation(entry, locationId, withPhoneOf(entry, location, parseInput(ReservationFields, values, FIELDS)), body);
      case "subscribe":
        return this.subscribe(entry, location, parseInput(SubscribeFields, values, FIELDS), body);
      case "application":
        return this.application(entry, location, withPhoneOf(entry, location, parseInput(ApplicationFields, values, FIELDS)), body);
      case "like":
        return this.like(entry, parseInput(LikeFields, values, FIELDS), body);
    }
  }

  private notifyTo(entry: CatalogEntry, location: Location | undefined): string[] {
    const target = location ?? entry.business.locations.find((candidate) => candidate.primaryLocation);
    return target ? contactAddresses(entry, target) : [];
  }

  /** Stores an event's submission and, in the same transaction, queues the business's notice (when it has an address); then tries to send it. */
  private async storeAndNotify(
    entry: CatalogEntry,
    location: Location | undefined,
    body: EventBody,
    kind: "review" | "application",
    status: string,
    notice: { replyTo?: string; subject: string; text: string },
  ): Promise<{ id: string; mail: MailStatus }> {
    const to = this.notifyTo(entry, location);
    const { id, mailIds } = await this.deps.db.transaction(async (tx) => {
      const submissionId = await insertSubmission(tx, { kind, businessId: entry.business.id, locationId: location?.id ?? null, status, payload: eventPayload(body) });
      const mail = to.length > 0 ? [await queueMail(tx, { from: this.deps.mailFrom, to, ...notice }, submissionId)] : [];
      return { id: submissionId, mailIds: mail };
    });
    return { id, mail: await this.deliver(mailIds) };
  }

  private async review(entry: CatalogEntry, location: Location | undefined, fields: { rating: number; text: string; name?: string; email?: string; menuItemId?: string }, body: EventBody): Promise<EventResult> {
    if (fields.email !== undefined && !isValidEmail(fields.email)) throw unprocessable(`event_data.fieldValues.email: expected an email address, got ${JSON.stringify(fields.email)}`);
    if (fields.menuItemId !== undefined && !entry.items.has(fields.menuItemId)) {
      throw unprocessable(`event_data.fieldValues.menuItemId: "${fields.menuItemId}" is not an item of ${entry.business.name}`);
    }
    // Reviews wait for the merchant's approval before anything shows them.
    const { id, mail } = await this.storeAndNotify(entry, location, body, "review", "pending_approval", {
      replyTo: fields.email,
      subject: `New ${fields.rating}-star review for ${entry.business.name} (awaiting approval)`,
      text: `${"★".repeat(fields.rating)}${"☆".repeat(5 - fields.rating)} from ${fields.name ?? "a visitor"}\n\n${fields.text}\n\nThe review is stored with status pending_approval and is not shown anywhere until approved.`,
    });
    return { status: 201, body: { id, kind: "review", status: "pending_approval", mail } };
  }

  private async reservation(entry: CatalogEntry, locationId: string | undefined, fields: ReservationFields, body: EventBody): Promise<EventResult> {
    if (!isValidEmail(fields.email)) throw unprocessable(`event_data.fieldValues.email: expected an email address, got ${JSON.stringify(fields.email)}`);
    const { id, booked, mailIds } = await this.deps.db.transaction(async (tx) => {
      const submissionId = await insertSubmission(tx, { kind: "reservation", businessId: entry.business.id, locationId: locationId ?? null, status: "confirmed", payload: eventPayload(body) });
      const result = await this.deps.reservations.reserve(tx, entry, locationId, fields, submissionId);
      const to = contactAddresses(entry, result.location);
      // "Tuesday 4 June 2030 at 6:00pm" on the location's clock, written as the site writes dates and times; a
      // late-night time as the evening the form listed it under ("Friday night, …, 12:30am").
      const when = reservationTimeLabel(result.reservation.start, result.location.timezone, entry.business.locale, result.location);
      const mail = [
        await queueMail(
          tx,
          {
            from: this.deps.mailFrom,
            to: [fields.email.toLowerCase()],
            subject: `Reservation ${result.reservation.reference} at ${entry.business.name}`,
            text: `Your reservation for ${fields.partySize} at ${locationLabel(result.location)} on ${when} is confirmed.\nReference: ${result.reservation.reference}\nTo cancel, use the cancel link on the confirmation page (cancel token ${result.cancelToken}).`,
          },
          submissionId,
        ),
        ...(to.length > 0
          ? [
              await queueMail(
                tx,
                {
                  from: this.deps.mailFrom,
                  to,
                  replyTo: fields.email,
                  subject: `New reservation ${result.reservation.reference}: ${fields.partySize} on ${when}`,
                  text: `${fields.name} <${fields.email}>${fields.phone ? `, ${fields.phone}` : ""} booked ${fields.partySize} at ${locationLabel(result.location)} on ${when}.${fields.notes ? `\nNotes: ${fields.notes}` : ""}`,
                },
                submissionId,
              ),
            ]
          : []),
      ];
      return { id: submissionId, booked: result, mailIds: mail };
    });
    const mail = await this.deliver(mailIds);
    return {
      status: 201,
      body: { id, kind: "reservation", status: "confirmed", reservation: booked.reservation, cancel_token: booked.cancelToken, mail },
    };
  }

  private async subscribe(entry: CatalogEntry, location: Location | undefined, fields: { email: string; name?: string }, body: EventBody): Promise<EventResult> {
    if (!isValidEmail(fields.email)) throw unprocessable(`event_data.fieldValues.email: expected an email address, got ${JSON.stringify(fields.email)}`);
    const email = fields.email.toLowerCase();
    const already = await this.deps.db.transaction(async (tx) => {
      const submissionId = await insertSubmission(tx, { kind: "subscribe", businessId: entry.business.id, locationId: location?.id ?? null, status: "received", payload: eventPayload(body) });
      return !(await addSubscriber(tx, entry.business.id, email, submissionId));
    });
    // A repeated sign-up is harmless: same answer, no second subscriber row.
    return { status: 200, body: { kind: "subscribe", status: "subscribed", already_subscribed: already } };
  }

  private async application(entry: CatalogEntry, location: Location | undefined, fields: { name: string; email: string; phone?: string; role: string; message: string }, body: EventBody): Promise<EventResult> {
    if (!isValidEmail(fields.email)) throw unprocessable(`event_data.fieldValues.email: expected an email address, got ${JSON.stringify(fields.email)}`);
    const { id, mail } = await this.storeAndNotify(entry, location, body, "application", "received", {
      replyTo: fields.email,
      subject: `Job application from ${fields.name}: ${fields.role}`,
      text: `${fields.name} <${fields.email}>${fields.phone ? `, ${fields.phone}` : ""} applied for ${fields.role}.\n\n${fields.message}`,
    });
    return { status: 201, body: { id, kind: "application", status: "received", mail } };
  }

  private async like(entry: CatalogEntry, fields: { menuItemId: string; visitorId: string }, body: EventBody): Promise<EventResult> {
    const item = entry.items.get(fields.menuItemId);
    if (!item || !item.visible) throw unprocessable(`event_data.fieldValues.menuItemId: "${fields.menuItemId}" is not an item of ${entry.business.name}`);
    const { already, stored } = await this.deps.db.transaction(async (tx) => {
      const liked = await insertLike(tx, entry.business.id, item.id, fields.visitorId);
      if (liked) await insertSubmission(tx, { kind: "like", businessId: entry.business.id, locationId: body.location?.id ?? null, status: "received", payload: { menuItemId: item.id } });
      return { already: !liked, stored: await likeCount(tx, entry.business.id, item.id) };
    });
    return { status: 200, body: { kind: "like", menu_item: item.id, liked: true, already_liked: already, like_count: item.likeCount + stored } };
  }

  /** Like counts of a business's visible items: the data file's count plus likes received here. */
  async likeCounts(businessId: string): Promise<Record<string, number>> {
    const entry = this.deps.catalog.get(businessId);
    if (!entry) throw notFound(`Business ${businessId} does not exist`);
    const stored = await likeCounts(this.deps.db, businessId);
    return Object.fromEntries(entry.business.menu.items.filter((item) => item.visible).map((item) => [item.id, item.likeCount + (stored.get(item.id) ?? 0)]));
  }
}
