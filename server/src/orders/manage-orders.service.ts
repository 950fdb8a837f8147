import type { FastifyBaseLogger } from "fastify";
import { DateTime } from "luxon";
import type { Location } from "@mainstreet/rules/business/schema";
import { fulfillmentMoveProblem, fulfillmentStatusLabel } from "@mainstreet/rules/orders/fulfillment-status";
import type { FulfillmentStatus, OrderTicket, OrdersReply } from "@mainstreet/rules/api/manage-api";
import type { MerchantSession } from "../accounts/accounts.service";
import type { Catalog, CatalogEntry } from "../catalog/catalog";
import { checkoutsOfOrders, lockHeldPayment, markPaymentRefunded, markPaymentVoided, type CheckoutRow } from "../checkouts/checkouts.store";
import { moneyIn } from "../catalog/labels";
import type { Db, Queryable } from "../db/db";
import type { EventLog } from "../events/event-log";
import { ApiError, conflict, forbidden } from "../http/errors";
import { deliverMail, queueMail } from "../mail/outbox";
import type { Mailer } from "../mail/mailer";
import { PaymentNetworkError, type PaymentProvider, type PaymentResult } from "../payments/payment-provider";
import { findCustomer, findPlacedOrder, finishedOrders, lockOrder, moveFulfillment, partsOfOrders, queuedOrders, type CustomerRow, type LineRow, type OrderRow, type RecipientRow } from "./orders.store";
import { frozenTotals, orderNumber, totalsView } from "./order-view";
import { promiseView } from "./promises";
import { type StatusBody } from "@mainstreet/rules/api/manage-requests";

/**
 * The kitchen's side of placed orders: the live queue as tickets, and the status moves of
 * fulfillment-status.ts. Cancelling gives the money back through the payment provider (a void of an
 * authorisation, a refund of a capture) in the same transaction as the move; the customer is mailed when
 * the order is ready and when it is cancelled; every move is an event for the open order screens.
 */

export interface ManageOrdersDeps {
  db: Db;
  catalog: Catalog;
  payments: PaymentProvider;
  mailer: Mailer;
  mailFrom: string;
  log: FastifyBaseLogger;
  clock: () => Date;
  events: EventLog;
}

/** Completed and cancelled orders stay in the "recent" view this long. */
export const RECENT_MS = 48 * 60 * 60_000;
/** The most tickets one list answers (a queue longer than this is not a kitchen's). */
const MAX_TICKETS = 500;

const ACTIVE: readonly FulfillmentStatus[] = ["placed", "accepted", "ready"];
const DONE: readonly FulfillmentStatus[] = ["completed", "cancelled"];

interface Parts {
  lines: Map<string, LineRow[]>;
  customers: Map<string, CustomerRow>;
  recipients: Map<string, RecipientRow>;
  checkouts: Map<string, CheckoutRow>;
}

const byOrder = <R extends { order_id: string }>(rows: readonly R[]) => new Map(rows.map((row) => [row.order_id, row]));

/** Lines, customers, recipients and checkouts of many orders in four queries. */
async function loadParts(q: Queryable, orderIds: readonly string[]): Promise<Parts> {
  if (orderIds.length === 0) return { lines: new Map(), customers: new Map(), recipients: new Map(), checkouts: new Map() };
  const ids = [...orderIds];
  const [{ lines, customers, recipients }, checkouts] = await Promise.all([partsOfOrders(q, ids), checkoutsOfOrders(q, ids)]);
  const groupedLines = new Map<string, LineRow[]>();
  for (const line of lines) groupedLines.set(line.order_id, [...(groupedLines.get(line.order_id) ?? []), line]);
  return { lines: groupedLines, customers: byOrder(customers), recipients: byOrder(recipients), checkouts: byOrder(checkouts) };
}

const zoned = (value: Date, zone: string) => DateTime.fromJSDate(new Date(value), { zone }).toISO() as string;

export function ticketOf(entry: CatalogEntry | undefined, order: OrderRow, parts: Parts): OrderTicket {
  const location: Location | undefined = entry?.locations.get(order.location_id);
  const zone = location?.timezone ?? "UTC";
  const method = order.fulfillment_method ?? "pickup";
  const recipient = parts.recipients.get(order.id);
  const customer = parts.customers.get(order.id);
  const checkout = parts.checkouts.get(order.id);
  const lines = parts.lines.get(order.id) ?? [];
  const subtotal = lines.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);
  const ticket: OrderTicket = {
    id: order.id,
    number: orderNumber(order.id),
    status: order.fulfillment_status ?? "placed",
    placed_at: zoned(order.placed_at ?? order.updated_at, zone),
    ...promiseView(location, order.fulfillment_method, order.promised_at),
    scheduled_for: order.scheduled_for ? zoned(order.scheduled_for, zone) : null,
    location: { id: order.location_id, name: location?.name ?? null, time_zone: zone },
    fulfillment:
      method === "delivery" && recipient
        ? {
            method,
            address: {
              street_address: recipient.street_address,
              extended_address: recipient.extended_address,
              locality: recipient.locality,
              administrative_area_level_1: recipient.administrative_area_level_1,
              postal_code: recipient.postal_code,
              country: recipient.country,
            },
          }
        : { method },
    customer: customer
      ? { first_name: customer.first_name, last_name: customer.last_name, email: customer.email, phone: customer.phone }
      : { first_name: "", last_name: "", email: "", phone: "" },
    lines: lines.map((line) => ({
      id: line.id,
      item_name: line.item_name,
      variation_name: line.variation_name,
      quantity: line.quantity,
      modifiers: line.modifiers.map((modifier) => ({ name: modifier.name })),
      special_instructions: line.special_instructions,
      total_cents: line.unit_price_cents * line.quantity,
    })),
    instructions: order.attributes?.instructions ?? "",
    totals: checkout
      ? totalsView(frozenTotals(checkout))
      : { subtotal_cents: subtotal, tax_cents: 0, tip_cents: 0, delivery_fee_cents: 0, total_cents: subtotal },
    currency: order.currency,
    updated_at: new Date(order.updated_at).toISOString(),
  };
  if (order.fulfillment_status === "cancelled") ticket.cancel_reason = order.cancel_reason ?? "";
  return ticket;
}

/** What cancelling did with the money, for the customer's mail. */
type MoneyBack = { kind: "refunded" | "released"; cents: number } | null;

export class ManageOrdersService {
  constructor(private readonly deps: ManageOrdersDeps) {}

  private async tickets(q: Queryable, businessId: string, orders: OrderRow[]): Promise<OrderTicket[]> {
    const entry = this.deps.catalog.get(businessId);
    const parts = await loadParts(
      q,
      orders.map((order) => order.id),
    );
    return orders.map((order) => ticketOf(entry, order, parts));
  }

  /** The queue (`active`: placed, accepted, ready; oldest promise first) or the last 48 hours' finished orders (`recent`). */
  async list(session: MerchantSession, view: "active" | "recent"): Promise<OrdersReply> {
    const orders =
      view === "active"
        ? await queuedOrders(this.deps.db, session.businessId, ACTIVE, MAX_TICKETS)
        : await finishedOrders(this.deps.db, session.businessId, DONE, new Date(this.deps.clock().getTime() - RECENT_MS), MAX_TICKETS);
    return { orders: await this.tickets(this.deps.db, session.businessId, orders) };
  }

  /** One placed order's ticket (the order stream's data), or null when it is not a placed order of the business. */
  async ticket(businessId: string, orderId: string): Promise<OrderTicket | null> {
    const order = await findPlacedOrder(this.deps.db, businessId, orderId);
    if (!order) return null;
    return (await this.tickets(this.deps.db, businessId, [order]))[0];
  }

  /**
   * Moves an order on (placed → accepted → ready → completed, or cancelled): 409 naming the current status
   * otherwise. The order row is locked, so two screens pressing at once get one move and one 409.
   */
  async changeStatus(session: MerchantSession, orderId: string, body: StatusBody): Promise<OrderTicket> {
    const now = this.deps.clock();
    const { ticket, mailIds } = await this.deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order || order.business_id !== session.businessId || !order.fulfillment_status) {
        throw forbidden(`No placed order ${orderId} in this business's workspace`);
      }
      const from = order.fulfillment_status;
      const problem = fulfillmentMoveProblem(from, body.status);
      if (problem) throw conflict(problem, { status: from });
      const moneyBack = body.status === "cancelled" ? await this.giveMoneyBack(tx, order) : null;
      const reason = body.status === "cancelled" ? (body.reason ?? "") : null;
      const updated = await moveFulfillment(tx, {
        orderId,
        from,
        to: body.status,
        at: now,
        cancelReason: reason,
        reason: body.reason ?? null,
        userId: session.userId,
        userEmail: session.email,
      });
      const mail = await this.queueCustomerMail(tx, updated, moneyBack);
      await this.deps.events.record(tx, session.businessId, "order", orderId);
      return { ticket: (await this.tickets(tx, session.businessId, [updated]))[0], mailIds: mail };
    });
    if (mailIds.length > 0) {
      await this.deps.db.afterCommit(async () => {
        await deliverMail(this.deps.db, this.deps.mailer, mailIds, this.deps.log).catch((error: unknown) => this.deps.log.warn({ err: error, orderId }, "order status mail kept in the outbox"));
      });
    }
    return ticket;
  }

  /**
   * A cancelled order's money goes back: a captured payment is refunded (what is left of it), an
   * authorisation released. The processor is called with a key derived from the order, so a retry never
   * refunds twice; unreachable, nothing changes (424); refused, the order is not cancelled (422).
   */
  private async giveMoneyBack(tx: Queryable, order: OrderRow): Promise<MoneyBack> {
    const payment = await lockHeldPayment(tx, order.id);
    if (!payment || !payment.provider_reference) return null;
    const refundable = payment.amount_cents - payment.refunded_cents;
    let result: PaymentResult;
    try {
      result =
        payment.status === "captured"
          ? refundable > 0
            ? await this.deps.payments.refund({ reference: payment.provider_reference, amountCents: refundable, currency: payment.currency, idempotencyKey: `order:${order.id}:cancel:refund` })
            : { status: "refunded", reference: payment.provider_reference }
          : await this.deps.payments.void({ reference: payment.provider_reference, idempotencyKey: `order:${order.id}:cancel:void` });
    } catch (error) {
      if (!(error instanceof PaymentNetworkError)) throw error;
      throw new ApiError(424, "The payment processor could not be reached, so the order was not cancelled and nothing was refunded: try again in a moment.", { code: "network_error" });
    }
    if (result.status === "declined") {
      throw new ApiError(422, `The payment processor refused to ${payment.status === "captured" ? "refund" : "release"} the payment (${result.message}), so the order was not cancelled.`, {
        code: result.code,
      });
    }
    if (payment.status === "captured") {
      await markPaymentRefunded(tx, payment.id);
      return { kind: "refunded", cents: refundable };
    }
    await markPaymentVoided(tx, payment.id, "order_cancelled", "The order was cancelled by the business; the hold on the card was released.");
    return { kind: "released", cents: payment.amount_cents };
  }

  /** The customer hears when the order is ready and when it is cancelled (in the move's transaction: the outbox). */
  private async queueCustomerMail(tx: Queryable, order: OrderRow, moneyBack: MoneyBack): Promise<string[]> {
    if (order.fulfillment_status !== "ready" && order.fulfillment_status !== "cancelled") return [];
    const customer = await findCustomer(tx, order.id);
    if (!customer) return [];
    const entry = this.deps.catalog.get(order.business_id);
    const location = entry?.locations.get(order.location_id);
    const business = entry?.business.name ?? "the shop";
    const where = location ? `${location.name ?? location.street}, ${location.street}, ${location.city}` : "";
    const number = orderNumber(order.id);
    const method = order.fulfillment_method ?? "pickup";
    const money = moneyIn(entry?.business.locale);
    let subject: string;
    let text: string;
    if (order.fulfillment_status === "ready") {
      subject = `Your order ${number} at ${business}: ${fulfillmentStatusLabel("ready", method)}`;
      text =
        method === "delivery"
          ? `Hello ${customer.first_name},\n\nyour order ${number} from ${business} is on its way.`
          : `Hello ${customer.first_name},\n\nyour order ${number} is ready for pickup${where ? ` at ${where}` : ""}.`;
    } else {
      subject = `Your order ${number} at ${business} was cancelled`;
      const why = order.cancel_reason?.trim() ? `\n\nThe business wrote: ${order.cancel_reason.trim()}` : "";
      const refund =
        moneyBack?.kind === "refunded"
          ? `\n\n${money(moneyBack.cents, order.currency)} was refunded to your card; banks take a few days to show it.`
          : moneyBack?.kind === "released"
            ? `\n\nThe hold of ${money(moneyBack.cents, order.currency)} on your card was released; you were not charged.`
            : "";
      text = `Hello ${customer.first_name},\n\nwe are sorry: ${business} cancelled your order ${number}.${why}${refund}`;
    }
    return [await queueMail(tx, { from: this.deps.mailFrom, to: [customer.email], subject, text }, null)];
  }
}
