import { createHash, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { formatCents } from "@mainstreet/rules/money";
import { computeOrderTotals, type OrderTotals } from "@mainstreet/rules/pricing";
import type { CheckoutView } from "@mainstreet/rules/order-api";
import type { Catalog, CatalogEntry } from "../catalog/catalog";
import type { Db, Queryable } from "../db/db";
import { assertTokenMatches } from "../http/bearer";
import { ApiError, conflict, notFound, unprocessable, type IssueDetail } from "../http/errors";
import { deliverMail, queueMail } from "../mail/outbox";
import type { Mailer } from "../mail/mailer";
import { deliveryProblems, type OrdersService } from "../orders/orders.service";
import {
  findCheckoutByOrder,
  findCustomer,
  findRecipient,
  latestPayment,
  listLines,
  lockOrder,
  type CheckoutRow,
  type LineRow,
  type OrderRow,
  type PaymentRow,
} from "../orders/order-store";
import { adjustmentView, frozenTotals, orderNumber, totalsView } from "../orders/order-view";
import { PaymentNetworkError, type PaymentProvider, type PaymentResult } from "../payments/payment-provider";

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
}

export function checkoutView(checkout: CheckoutRow, order: OrderRow, payment: PaymentRow | undefined): CheckoutView {
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
    placed_at: order.placed_at ? new Date(order.placed_at).toISOString() : null,
  };
}

const fingerprint = (token: string) => createHash("sha256").update(token).digest("hex");

type Outcome =
  | { kind: "done"; view: CheckoutView; mail?: string[] }
  | { kind: "payment_failed"; error: ApiError };

/** Amounts as the business's site writes them: its locale, the currency's minor digits. */
function moneyIn(locale: string | undefined): (cents: number, currency: string) => string {
  return (cents, currency) => formatCents(cents, { currency, locale, alwaysShowCents: true });
}

export class CheckoutsService {
  constructor(private readonly deps: CheckoutsDeps) {}

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
        return { kind: "done", view: checkoutView(existing, order, await latestPayment(tx, existing.id)) };
      }
      const entry = this.deps.catalog.get(order.business_id);
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
      const location = entry?.locations.get(order.location_id);
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

      await tx.query(
        `INSERT INTO checkouts (id, order_id, status, currency, subtotal_cents, tax_cents, tip_cents, delivery_fee_cents, total_cents, attempt)
         VALUES ($1, $2, 'payment_failed', $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (order_id) DO UPDATE SET currency = excluded.currency, subtotal_cents = excluded.subtotal_cents,
           tax_cents = excluded.tax_cents, tip_cents = excluded.tip_cents, delivery_fee_cents = excluded.delivery_fee_cents,
           total_cents = excluded.total_cents, attempt = excluded.attempt, updated_at = now()`,
        [checkoutId, orderId, order.currency, totals.subtotalCents, totals.taxCents, totals.tipCents, totals.deliveryFeeCents, totals.totalCents, attempt],
      );

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
      await tx.query(
        `INSERT INTO payments (id, order_id, checkout_id, attempt, provider, source_fingerprint, idempotency_key, amount_cents, currency, status,
                               provider_reference, failure_code, failure_message)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (idempotency_key) DO UPDATE SET status = excluded.status, provider_reference = excluded.provider_reference,
           failure_code = excluded.failure_code, failure_message = excluded.failure_message, updated_at = now()`,
        [
          randomUUID(),
          orderId,
          checkoutId,
          attempt,
          this.deps.payments.id,
          source,
          idempotencyKey,
          totals.totalCents,
          order.currency,
          paymentStatus,
          "reference" in result ? result.reference : null,
          "code" in result ? result.code : null,
          "message" in result ? result.message : null,
        ],
      );
      if (paymentStatus === "authorized") {
        await tx.query("UPDATE checkouts SET status = 'authorized', updated_at = now() WHERE id = $1", [checkoutId]);
        await tx.query("UPDATE orders SET status = 'checkout', updated_at = now() WHERE id = $1", [orderId]);
        const fresh = (await lockOrder(tx, orderId)) as OrderRow;
        const checkout = (await findCheckoutByOrder(tx, orderId)) as CheckoutRow;
        return { kind: "done", view: checkoutView(checkout, fresh, await latestPayment(tx, checkoutId)) };
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
    const { rows } = await this.deps.db.query<{ order_id: string }>("SELECT order_id FROM checkouts WHERE id = $1", [checkoutId]);
    if (!rows[0]) throw notFound(`Checkout ${checkoutId} does not exist`);
    const orderId = rows[0].order_id;
    const outcome = await this.deps.db.transaction<Outcome>(async (tx) => {
      const order = await this.lockedOrder(tx, orderId, token);
      const checkout = (await findCheckoutByOrder(tx, orderId)) as CheckoutRow;
      const payment = await latestPayment(tx, checkout.id);
      if (checkout.status === "closed") return { kind: "done", view: checkoutView(checkout, order, payment) };
      if (checkout.status === "payment_failed" || !payment || payment.status !== "authorized") {
        throw conflict(`Checkout ${checkoutId} has no authorised payment: start the checkout again (POST checkouts/) after setting a payment source`);
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
        return {
          kind: "payment_failed",
          error: new ApiError(424, "The payment processor could not be reached; the order is not placed yet and nothing was charged twice. Please try again.", { code: "network_error" }),
        };
      }
      if (result.status !== "captured") {
        const failure = result as { code: string; message: string };
        return { kind: "payment_failed", error: new ApiError(402, `Payment could not be collected: ${failure.message}`, { code: failure.code }) };
      }
      await tx.query("UPDATE payments SET status = 'captured', updated_at = now() WHERE id = $1", [payment.id]);
      await tx.query("UPDATE checkouts SET status = 'closed', closed_at = now(), updated_at = now() WHERE id = $1", [checkout.id]);
      const placed = await tx.query("UPDATE orders SET status = 'placed', placed_at = now(), updated_at = now() WHERE id = $1 AND status = 'checkout'", [orderId]);
      if (placed.rowCount !== 1) throw conflict(`Order ${orderId} is not in checkout`);
      const mail = await this.queueOrderMail(tx, orderId, checkout);
      const fresh = (await lockOrder(tx, orderId)) as OrderRow;
      const closed = (await findCheckoutByOrder(tx, orderId)) as CheckoutRow;
      return { kind: "done", view: checkoutView(closed, fresh, await latestPayment(tx, checkout.id)), mail };
    });
    if (outcome.kind === "payment_failed") throw outcome.error;
    if (outcome.mail && outcome.mail.length > 0) {
      // The order is placed and committed; mail is best effort and stays in the outbox on failure.
      await deliverMail(this.deps.db, this.deps.mailer, outcome.mail, this.deps.log).catch((error: unknown) =>
        this.deps.log.warn({ err: error, orderId }, "order mail delivery failed"),
      );
    }
    return outcome.view;
  }

  /** The merchant's order ticket and the customer's receipt, queued in the placing transaction. */
  private async queueOrderMail(tx: Queryable, orderId: string, checkout: CheckoutRow): Promise<string[]> {
    const { rows } = await tx.query<OrderRow>("SELECT * FROM orders WHERE id = $1", [orderId]);
    const order = rows[0];
    const entry = this.deps.catalog.get(order.business_id);
    const location = entry?.locations.get(order.location_id);
    const money = moneyIn(entry?.business.locale);
    const [lines, customer, recipient] = await Promise.all([listLines(tx, orderId), findCustomer(tx, orderId), findRecipient(tx, orderId)]);
    const currency = checkout.currency;
    const number = orderNumber(orderId);
    const body = [
      `Order ${number} (${order.fulfillment_method ?? "pickup"}) at ${location?.name ?? location?.street ?? order.location_id}`,
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
