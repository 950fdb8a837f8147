import { createHash, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Location } from "@mainstreet/rules/business/schema";
import { computeOrderTotals, type OrderTotals } from "@mainstreet/rules/orders/pricing";
import type { CheckoutView } from "@mainstreet/rules/api/order-api";
import { promiseText, readyTimeLabel } from "@mainstreet/rules/orders/ready-times";
import type { Catalog, CatalogEntry } from "../catalog/catalog";
import type { Db, Queryable } from "../db/db";
import { assertTokenMatches } from "../http/bearer";
import { ApiError, conflict, notFound, unprocessable, type IssueDetail } from "../http/errors";
import { deliverMail, queueMail } from "../mail/outbox";
import type { Mailer } from "../mail/mailer";
import { deliveryProblems, type OrdersService } from "../orders/orders.service";
import { findCustomer, findOrder, findRecipient, listLines, lockOrder, markInCheckout, markPlaced, reopen, setPromise, type LineRow, type OrderRow } from "../orders/orders.store";
import { moneyIn } from "../catalog/labels";
import {
  closeCheckout,
  findCheckoutByOrder,
  isCheckoutStale,
  latestPayment,
  markPaymentCaptured,
  markPaymentVoided,
  orderIdOfCheckout,
  setCheckoutStatus,
  staleCheckoutOrders,
  upsertCheckout,
  upsertPayment,
  type CheckoutRow,
  type PaymentRow,
} from "./checkouts.store";
import { adjustmentView, frozenTotals, orderNumber, totalsView } from "../orders/order-view";
import { checkPromise, isTimed, promiseView } from "../orders/promises";
import { PaymentNetworkError, type PaymentProvider, type PaymentResult } from "../payments/payment-provider";
import type { EventLog } from "../events/event-log";
import { liveEntry } from "../availability/sold-out";

/**
 * Checkout: start freezes the totals and authorises the payment; close captures it and places the
 * order. Both run with the order row locked (SELECT … FOR UPDATE), so concurrent retries queue behind
 * each other and find the work already done; the processor is called with idempotency keys derived
 * from the checkout, so even a retry after a crash cannot charge twice.
 */

export interface CheckoutsDeps {
  db: Db;
  catalog: Catalog;
  payments: PaymentProvider;
  orders: OrdersService;
  mailer: Mailer;
  mailFrom: string;
  log: FastifyBaseLogger;
  /** The service clock: promised times are checked against it. */
  clock: () => Date;
  /** The workspace's event log: a placed order appears on the open order screens. */
  events: EventLog;
}

export function checkoutView(checkout: CheckoutRow, order: OrderRow, payment: PaymentRow | undefined, location: Location | undefined): CheckoutView {
  return {
    id: checkout.id,
    order_uuid: order.id,
    order_number: orderNumber(order.id),
    status: checkout.status,
    order_status: order.status,
    currency: checkout.currency,
    totals: totalsView(frozenTotals(checkout)),
    payment: payment
      ? {
          status: payment.status,
          provider: payment.provider,
          amount_cents: payment.amount_cents,
          failure_code: payment.failure_code,
          failure_message: payment.failure_message,
        }
      : null,
    location_time_zone: location?.timezone ?? null,
    ...promiseView(location, order.fulfillment_method, order.promised_at),
    placed_at: order.placed_at ? new Date(order.placed_at).toISOString() : null,
  };
}

/** Why an authorisation is released and the order reopened: a code kept on the payment and words for the visitor. */
interface ReleaseReason {
  code: string;
  message: string;
}

const fingerprint = (token: string) => createHash("sha256").update(token).digest("hex");

type Outcome =
  | { kind: "done"; view: CheckoutView; mail?: string[] }
  | { kind: "payment_failed"; error: ApiError };

/** `15 minutes`, `1 hour`, `30 seconds`: a timeout as the visitor reads it. */
function durationText(ms: number): string {
  const [amount, unit] = ms >= 3_600_000 && ms % 3_600_000 === 0 ? [ms / 3_600_000, "hour"] : ms >= 60_000 ? [Math.round(ms / 60_000), "minute"] : [Math.round(ms / 1000), "second"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

const unreachable = () =>
  new ApiError(424, "The payment processor could not be reached; the order is not placed yet and nothing was charged twice. Please try again.", { code: "network_error" });

export class CheckoutsService {
  constructor(private readonly deps: CheckoutsDeps) {}

  private locationOf(order: OrderRow): Location | undefined {
    return this.deps.catalog.get(order.business_id)?.locations.get(order.location_id);
  }

  private async view(tx: Queryable, orderId: string): Promise<CheckoutView> {
    const order = (await lockOrder(tx, orderId)) as OrderRow;
    const checkout = (await findCheckoutByOrder(tx, orderId)) as CheckoutRow;
    return checkoutView(checkout, order, await latestPayment(tx, checkout.id), this.locationOf(order));
  }

  private async lockedOrder(tx: Queryable, orderId: string, token: string): Promise<OrderRow> {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound(`Order ${orderId} does not exist`);
    assertTokenMatches(order.session_token_hash, token, `order ${orderId}`);
    return order;
  }

  /** What an open order still lacks before it can be paid for, one line per problem. */
  private readiness(entry: CatalogEntry | undefined, order: OrderRow, lines: LineRow[], customer: unknown, recipient: { postal_code: string; country: string } | undefined): IssueDetail[] {
    const problems: IssueDetail[] = [];
    const location = entry?.locations.get(order.location_id);
    const money = moneyIn(entry?.business.locale);
    if (!entry || !entry.business.ordering.enabled || !location || !location.orderingEnabled) {
      return [{ path: "order", message: "this location no longer takes online orders" }];
    }
    if (lines.length === 0) problems.push({ path: "order.line_items", message: "the order has no items" });
    if (!customer) problems.push({ path: "order.customer", message: "set the customer first (PUT orders/{id}/customers/)" });
    if (!order.fulfillment_method) problems.push({ path: "order.fulfillment", message: "choose pickup or delivery first (PUT orders/{id}/fulfillments/)" });
    if (order.fulfillment_method === "pickup" && !location.pickupEnabled) problems.push({ path: "order.fulfillment", message: "this location no longer offers pickup" });
    if (order.fulfillment_method === "delivery") {
      if (!recipient) problems.push({ path: "order.recipient", message: "delivery needs the recipient's address (PUT orders/{id}/recipient/)" });
      else problems.push(...deliveryProblems(location, recipient, "order.recipient"));
      const subtotal = lines.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);
      if (location.delivery.enabled && subtotal < location.delivery.minimumCents) {
        problems.push({
          path: "order.line_items",
          message: `delivery needs a subtotal of at least ${money(location.delivery.minimumCents, order.currency)}, got ${money(subtotal, order.currency)}`,
        });
      }
    }
    if (!order.payment_token) problems.push({ path: "order.payment_source", message: "set a payment source first (PUT orders/{id}/payment-source/)" });
    return problems;
  }

  async start(orderId: string, token: string): Promise<CheckoutView> {
    const outcome = await this.deps.db.transaction<Outcome>(async (tx) => {
      const order = await this.lockedOrder(tx, orderId, token);
      const existing = await findCheckoutByOrder(tx, orderId);
      if (order.status !== "open") {
        // A retry of a start that already succeeded (or an order already placed): same answer.
        if (!existing) throw conflict(`Order ${orderId} is ${order.status} but has no checkout`);
        return { kind: "done", view: checkoutView(existing, order, await latestPayment(tx, existing.id), this.locationOf(order)) };
      }
      const entry = await liveEntry(tx, this.deps.catalog.get(order.business_id), this.deps.clock());
      const adjustments = await this.deps.orders.syncAdjustments(tx, entry, order);
      if (adjustments.length > 0) {
        throw conflict(
          `The catalog changed since these items were added: accept ${adjustments.length === 1 ? "the adjustment" : `${adjustments.length} adjustments`} (POST orders/{id}/adjustments/) before checkout: ${adjustments.map((a) => a.reason).join("; ")}`,
          { adjustments: adjustments.map(adjustmentView) },
        );
      }
      const [lines, customer, recipient] = await Promise.all([listLines(tx, orderId), findCustomer(tx, orderId), findRecipient(tx, orderId)]);
      const problems = this.readiness(entry, order, lines, customer, recipient);
      if (problems.length > 0) throw unprocessable(`Checkout cannot start: ${problems[0].path}: ${problems[0].message}`, problems);
      const location = entry?.locations.get(order.location_id) as Location;
      // The promise is checked again now, and its kitchen slot held: the time chosen may have passed, or
      // the slot filled, since it was chosen.
      const promise = await checkPromise(tx, {
        location,
        businessId: order.business_id,
        orderId,
        method: order.fulfillment_method as "pickup" | "delivery",
        scheduledFor: order.scheduled_for ? new Date(order.scheduled_for).toISOString() : null,
        now: this.deps.clock(),
        holdSlot: true,
      });
      if (!promise.ok) {
        throw conflict(`The time chosen for this order is no longer available: ${promise.message} Choose a time again (PUT orders/{id}/fulfillments/), then place the order.`, {
          code: promise.problem,
          path: "order.scheduled_for",
        });
      }
      await setPromise(tx, orderId, promise.promise ? new Date(promise.promise.readyAt) : null, promise.promise ? new Date(promise.promise.slotStart) : null);
      const totals: OrderTotals = computeOrderTotals({
        lines: lines.map((line) => ({ unitCents: line.unit_price_cents, quantity: line.quantity })),
        tip: order.attributes,
        taxRateBps: location?.taxRateBps ?? 0,
        deliveryFeeCents: order.fulfillment_method === "delivery" ? (location?.delivery.feeCents ?? 0) : 0,
      });

      const checkoutId = existing?.id ?? randomUUID();
      const source = fingerprint(order.payment_token as string);
      const previous = existing ? await latestPayment(tx, existing.id) : undefined;
      // A network failure leaves the outcome unknown at the processor: retrying the same card and
      // amount reuses the attempt (and its idempotency key) so the processor can deduplicate.
      const reuse = previous && previous.status === "failed" && previous.source_fingerprint === source && previous.amount_cents === totals.totalCents;
      const attempt = previous ? (reuse ? previous.attempt : previous.attempt + 1) : 1;
      const idempotencyKey = `checkout:${checkoutId}:authorize:${attempt}`;

      await upsertCheckout(tx, {
        id: checkoutId,
        orderId,
        currency: order.currency,
        subtotalCents: totals.subtotalCents,
        taxCents: totals.taxCents,
        tipCents: totals.tipCents,
        deliveryFeeCents: totals.deliveryFeeCents,
        totalCents: totals.totalCents,
        attempt,
      });

      let result: PaymentResult | { status: "failed"; code: string; message: string };
      try {
        result = await this.deps.payments.authorize({
          token: order.payment_token as string,
          amountCents: totals.totalCents,
          currency: order.currency,
          idempotencyKey,
          orderId,
        });
      } catch (error) {
        if (!(error instanceof PaymentNetworkError)) throw error;
        this.deps.log.warn({ orderId, checkoutId, reason: error.message }, "payment processor unreachable");
        result = { status: "failed", code: "network_error", message: "The payment processor could not be reached; nothing was charged." };
      }
      const paymentStatus = result.status === "authorized" || result.status === "captured" ? "authorized" : result.status;
      await upsertPayment(tx, {
        orderId,
        checkoutId,
        attempt,
        provider: this.deps.payments.id,
        sourceFingerprint: source,
        idempotencyKey,
        amountCents: totals.totalCents,
        currency: order.currency,
        status: paymentStatus,
        reference: "reference" in result ? result.reference : null,
        failureCode: "code" in result ? result.code : null,
        failureMessage: "message" in result ? result.message : null,
      });
      if (paymentStatus === "authorized") {
        await setCheckoutStatus(tx, checkoutId, "authorized");
        await markInCheckout(tx, orderId);
        return { kind: "done", view: await this.view(tx, orderId) };
      }
      // The failed attempt is recorded (committed) and the order stays open for a new payment source.
      const failure = result as { code: string; message: string };
      const error =
        paymentStatus === "declined"
          ? new ApiError(402, `Payment declined: ${failure.message} Use another card and try again.`, { code: failure.code, checkout_id: checkoutId })
          : new ApiError(424, `${failure.message} Please try again in a moment.`, { code: failure.code, checkout_id: checkoutId });
      return { kind: "payment_failed", error };
    });
    if (outcome.kind === "payment_failed") throw outcome.error;
    return outcome.view;
  }

  async close(checkoutId: string, token: string): Promise<CheckoutView> {
    const orderId = await orderIdOfCheckout(this.deps.db, checkoutId);
    if (!orderId) throw notFound(`Checkout ${checkoutId} does not exist`);
    const outcome = await this.deps.db.transaction<Outcome>(async (tx) => {
      const order = await this.lockedOrder(tx, orderId, token);
      const checkout = (await findCheckoutByOrder(tx, orderId)) as CheckoutRow;
      const payment = await latestPayment(tx, checkout.id);
      if (checkout.status === "closed") return { kind: "done", view: checkoutView(checkout, order, payment, this.locationOf(order)) };
      if (checkout.status === "payment_failed" || !payment || payment.status !== "authorized") {
        const why = payment?.status === "voided" && payment.failure_message ? `${payment.failure_message} ` : "";
        throw conflict(`${why}Checkout ${checkoutId} has no authorised payment: start the checkout again (POST checkouts/) after setting a payment source`);
      }
      const expired = await this.promiseAtClose(tx, order);
      if (expired) {
        const released = await this.releaseAuthorization(tx, order, checkout, payment, expired);
        if (!released) return { kind: "payment_failed", error: unreachable() };
        return { kind: "payment_failed", error: conflict(expired.message, { code: expired.code, path: "order.scheduled_for" }) };
      }
      let result: PaymentResult;
      try {
        result = await this.deps.payments.capture({
          reference: payment.provider_reference as string,
          amountCents: payment.amount_cents,
          currency: payment.currency,
          idempotencyKey: `checkout:${checkout.id}:capture:${payment.attempt}`,
        });
      } catch (error) {
        if (!(error instanceof PaymentNetworkError)) throw error;
        return { kind: "payment_failed", error: unreachable() };
      }
      if (result.status !== "captured") {
        // The authorisation cannot be collected: release it and give the order back to the visitor.
        const failure = result as { code: string; message: string };
        const reason = {
          code: failure.code,
          message: `Payment could not be collected: ${failure.message} The hold on your card was released and your order is open again: check the payment details and place it again.`,
        };
        const released = await this.releaseAuthorization(tx, order, checkout, payment, reason);
        if (!released) return { kind: "payment_failed", error: unreachable() };
        return { kind: "payment_failed", error: new ApiError(402, reason.message, { code: failure.code }) };
      }
      const mail = await this.place(tx, order, checkout, payment);
      return { kind: "done", view: await this.view(tx, orderId), mail };
    });
    if (outcome.kind === "payment_failed") throw outcome.error;
    if (outcome.mail && outcome.mail.length > 0) {
      const ids = outcome.mail;
      // The order is placed (committed, or committing with the request's unit of work); mail is best
      // effort after that and stays in the outbox on failure.
      await this.deps.db.afterCommit(async () => {
        await deliverMail(this.deps.db, this.deps.mailer, ids, this.deps.log).catch((error: unknown) => this.deps.log.warn({ err: error, orderId }, "order mail delivery failed"));
      });
    }
    return outcome.view;
  }

  /**
   * The promise, checked again when the payment is collected: a scheduled time must still be ahead; as
   * soon as possible is worked out again from now (the kitchen starts when the order is placed), its slot
   * held. Returns why it no longer holds, or null (the new promise is then stored).
   */
  private async promiseAtClose(tx: Queryable, order: OrderRow): Promise<ReleaseReason | null> {
    const location = this.locationOf(order);
    const method = order.fulfillment_method;
    if (!location || !method || !isTimed(location, method)) return null;
    const now = this.deps.clock();
    const again = (message: string) => ({
      code: "promise_expired",
      message: `${message} The hold on your card was released and your order is open again: choose another time and place it again.`,
    });
    if (order.scheduled_for) {
      if (order.promised_at && new Date(order.promised_at).getTime() > now.getTime()) return null;
      const label = readyTimeLabel(new Date(order.scheduled_for).getTime(), location.timezone, now);
      return again(`The time chosen, ${label}, has passed before the payment could be completed.`);
    }
    const check = await checkPromise(tx, { location, businessId: order.business_id, orderId: order.id, method, scheduledFor: null, now, holdSlot: true });
    if (!check.ok) return again(check.message);
    if (check.promise) {
      await setPromise(tx, order.id, new Date(check.promise.readyAt), new Date(check.promise.slotStart));
    }
    return null;
  }

  /** Captured: the checkout is closed and the order placed, its mail queued in the same transaction. */
  private async place(tx: Queryable, order: OrderRow, checkout: CheckoutRow, payment: PaymentRow): Promise<string[]> {
    await markPaymentCaptured(tx, payment.id);
    await closeCheckout(tx, checkout.id);
    if (!(await markPlaced(tx, order.id))) throw conflict(`Order ${order.id} is not in checkout`);
    await this.deps.events.record(tx, order.business_id, "order", order.id);
    return this.queueOrderMail(tx, order.id, checkout);
  }

  /**
   * Releases the authorisation (void at the processor) and reopens the order with `reason` on its payment,
   * which the order view shows the visitor. False when the processor could not be reached: nothing changed,
   * and the checkout stays authorised for a retry or the sweeper.
   */
  private async releaseAuthorization(tx: Queryable, order: OrderRow, checkout: CheckoutRow, payment: PaymentRow, reason: ReleaseReason): Promise<boolean> {
    try {
      const result = await this.deps.payments.void({ reference: payment.provider_reference as string, idempotencyKey: `checkout:${checkout.id}:void:${payment.attempt}` });
      if (result.status === "declined") {
        // Nothing held any more (unknown or already released at the processor): the order is reopened all the same.
        this.deps.log.warn({ orderId: order.id, checkoutId: checkout.id, code: result.code }, "void refused by the processor; reopening the order");
      }
    } catch (error) {
      if (!(error instanceof PaymentNetworkError)) throw error;
      this.deps.log.warn({ orderId: order.id, checkoutId: checkout.id, reason: error.message }, "payment processor unreachable: authorisation not released yet");
      return false;
    }
    await markPaymentVoided(tx, payment.id, reason.code, reason.message);
    await setCheckoutStatus(tx, checkout.id, "payment_failed");
    await reopen(tx, order.id);
    return true;
  }

  /**
   * Checkouts left authorised longer than `olderThanMs` (the visitor's close never came: a crash, a
   * closed tab) get their authorisation released and their order reopened, at most `limit` per call, oldest
   * first. Run at start and periodically (main.ts); replicas may run it together, the order lock decides.
   */
  async sweepStale(olderThanMs: number, limit = 100): Promise<{ released: number; skipped: number }> {
    const orderIds = await staleCheckoutOrders(this.deps.db, olderThanMs, limit);
    let released = 0;
    let skipped = 0;
    const within = durationText(olderThanMs);
    for (const orderId of orderIds) {
      const done = await this.deps.db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        const checkout = await findCheckoutByOrder(tx, orderId);
        if (!order || !checkout || checkout.status !== "authorized" || order.status !== "checkout") return false;
        const payment = await latestPayment(tx, checkout.id);
        if (!payment || payment.status !== "authorized") return false;
        if (!(await isCheckoutStale(tx, checkout.id, olderThanMs))) return false;
        return this.releaseAuthorization(tx, order, checkout, payment, {
          code: "checkout_expired",
          message: `This checkout was not completed within ${within}, so the hold on your card was released. Your order is open again: review it and place it again.`,
        });
      });
      if (done) released += 1;
      else skipped += 1;
    }
    if (released > 0 || skipped > 0) this.deps.log.info({ released, skipped }, "stale checkouts swept");
    return { released, skipped };
  }

  /** The merchant's order ticket and the customer's receipt, queued in the placing transaction. */
  private async queueOrderMail(tx: Queryable, orderId: string, checkout: CheckoutRow): Promise<string[]> {
    const order = (await findOrder(tx, orderId)) as OrderRow;
    const entry = this.deps.catalog.get(order.business_id);
    const location = entry?.locations.get(order.location_id);
    const money = moneyIn(entry?.business.locale);
    const [lines, customer, recipient] = await Promise.all([listLines(tx, orderId), findCustomer(tx, orderId), findRecipient(tx, orderId)]);
    const currency = checkout.currency;
    const number = orderNumber(orderId);
    const promised = promiseView(location, order.fulfillment_method, order.promised_at);
    const when = promised.promised_at
      ? `${promiseText({ method: order.fulfillment_method ?? "pickup", readyAt: promised.promised_at, until: promised.promised_until, timeZone: location?.timezone ?? "UTC" })}${order.scheduled_for ? " (scheduled)" : " (as soon as possible)"}`
      : "";
    const body = [
      `Order ${number} (${order.fulfillment_method ?? "pickup"}) at ${location?.name ?? location?.street ?? order.location_id}`,
      when,
      "",
      ...lines.map((line) => {
        const modifiers = line.modifiers.map((modifier) => modifier.name).join(", ");
        const note = line.special_instructions ? ` — "${line.special_instructions}"` : "";
        return `${line.quantity} × ${line.item_name} (${line.variation_name}${modifiers ? `; ${modifiers}` : ""})${note}: ${money(line.unit_price_cents * line.quantity, currency)}`;
      }),
      "",
      `Subtotal ${money(checkout.subtotal_cents, currency)}`,
      `Tax ${money(checkout.tax_cents, currency)}`,
      `Tip ${money(checkout.tip_cents, currency)}`,
      ...(checkout.delivery_fee_cents > 0 ? [`Delivery ${money(checkout.delivery_fee_cents, currency)}`] : []),
      `Total ${money(checkout.total_cents, currency)}`,
      "",
      customer ? `Customer: ${customer.first_name} ${customer.last_name}, ${customer.email}, ${customer.phone}` : "",
      recipient
        ? `Deliver to: ${recipient.first_name} ${recipient.last_name}, ${recipient.street_address}${recipient.extended_address ? `, ${recipient.extended_address}` : ""}, ${recipient.locality} ${recipient.administrative_area_level_1} ${recipient.postal_code} ${recipient.country}`
        : "",
      order.attributes?.instructions ? `Instructions: ${order.attributes.instructions}` : "",
    ]
      .filter((line, index, all) => line !== "" || (index > 0 && all[index - 1] !== ""))
      .join("\n");
    const ids: string[] = [];
    const merchantTo = location ? [...new Set([...location.contactEmails, ...(location.email ? [location.email] : [])])] : [];
    if (merchantTo.length > 0) {
      ids.push(
        await queueMail(tx, { from: this.deps.mailFrom, to: merchantTo, replyTo: customer?.email, subject: `New order ${number}: ${money(checkout.total_cents, currency)}`, text: body }, null),
      );
    }
    if (customer) {
      ids.push(
        await queueMail(
          tx,
          { from: this.deps.mailFrom, to: [customer.email], subject: `Your order ${number} at ${entry?.business.name ?? "the shop"}`, text: `Thank you for your order.\n\n${body}` },
          null,
        ),
      );
    }
    return ids;
  }
}
