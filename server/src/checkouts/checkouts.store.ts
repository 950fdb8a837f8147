import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/db";

/** All the SQL of checkouts and their payments; services call these inside their transactions. */

export interface CheckoutRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  status: "authorized" | "payment_failed" | "closed";
  currency: string;
  subtotal_cents: number;
  tax_cents: number;
  tip_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
  attempt: number;
  closed_at: Date | null;
}

export interface PaymentRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  checkout_id: string;
  attempt: number;
  provider: string;
  source_fingerprint: string;
  idempotency_key: string;
  amount_cents: number;
  currency: string;
  status: "authorized" | "captured" | "declined" | "failed" | "voided" | "refunded";
  provider_reference: string | null;
  failure_code: string | null;
  failure_message: string | null;
}

export async function findCheckoutByOrder(q: Queryable, orderId: string): Promise<CheckoutRow | undefined> {
  const { rows } = await q.query<CheckoutRow>("SELECT * FROM checkouts WHERE order_id = $1", [orderId]);
  return rows[0];
}

export async function checkoutsOfOrders(q: Queryable, orderIds: string[]): Promise<CheckoutRow[]> {
  const { rows } = await q.query<CheckoutRow>("SELECT * FROM checkouts WHERE order_id = ANY($1::uuid[])", [orderIds]);
  return rows;
}

export async function orderIdOfCheckout(q: Queryable, checkoutId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ order_id: string }>("SELECT order_id FROM checkouts WHERE id = $1", [checkoutId]);
  return rows[0]?.order_id;
}

export async function latestPayment(q: Queryable, checkoutId: string): Promise<PaymentRow | undefined> {
  const { rows } = await q.query<PaymentRow>("SELECT * FROM payments WHERE checkout_id = $1 ORDER BY attempt DESC LIMIT 1", [checkoutId]);
  return rows[0];
}

/** Frozen totals of an attempt; a new checkout starts as payment_failed until its authorisation is recorded. */
export async function upsertCheckout(
  q: Queryable,
  checkout: { id: string; orderId: string; currency: string; subtotalCents: number; taxCents: number; tipCents: number; deliveryFeeCents: number; totalCents: number; attempt: number },
): Promise<void> {
  await q.query(
    `INSERT INTO checkouts (id, order_id, status, currency, subtotal_cents, tax_cents, tip_cents, delivery_fee_cents, total_cents, attempt)
     VALUES ($1, $2, 'payment_failed', $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (order_id) DO UPDATE SET currency = excluded.currency, subtotal_cents = excluded.subtotal_cents,
       tax_cents = excluded.tax_cents, tip_cents = excluded.tip_cents, delivery_fee_cents = excluded.delivery_fee_cents,
       total_cents = excluded.total_cents, attempt = excluded.attempt, updated_at = now()`,
    [checkout.id, checkout.orderId, checkout.currency, checkout.subtotalCents, checkout.taxCents, checkout.tipCents, checkout.deliveryFeeCents, checkout.totalCents, checkout.attempt],
  );
}

/** An attempt's payment; the idempotency key makes a retried attempt update its row. */
export async function upsertPayment(
  q: Queryable,
  payment: {
    orderId: string;
    checkoutId: string;
    attempt: number;
    provider: string;
    sourceFingerprint: string;
    idempotencyKey: string;
    amountCents: number;
    currency: string;
    status: PaymentRow["status"];
    reference: string | null;
    failureCode: string | null;
    failureMessage: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO payments (id, order_id, checkout_id, attempt, provider, source_fingerprint, idempotency_key, amount_cents, currency, status,
                           provider_reference, failure_code, failure_message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (idempotency_key) DO UPDATE SET status = excluded.status, provider_reference = excluded.provider_reference,
       failure_code = excluded.failure_code, failure_message = excluded.failure_message, updated_at = now()`,
    [
      randomUUID(),
      payment.orderId,
      payment.checkoutId,
      payment.attempt,
      payment.provider,
      payment.sourceFingerprint,
      payment.idempotencyKey,
      payment.amountCents,
      payment.currency,
      payment.status,
      payment.reference,
      payment.failureCode,
      payment.failureMessage,
    ],
  );
}

export async function setCheckoutStatus(q: Queryable, checkoutId: string, status: "authorized" | "payment_failed"): Promise<void> {
  await q.query("UPDATE checkouts SET status = $2, updated_at = now() WHERE id = $1", [checkoutId, status]);
}

export async function closeCheckout(q: Queryable, checkoutId: string): Promise<void> {
  await q.query("UPDATE checkouts SET status = 'closed', closed_at = now(), updated_at = now() WHERE id = $1", [checkoutId]);
}

export async function markPaymentCaptured(q: Queryable, paymentId: string): Promise<void> {
  await q.query("UPDATE payments SET status = 'captured', updated_at = now() WHERE id = $1", [paymentId]);
}

/** A released authorisation, with why (the order view shows it to the visitor). */
export async function markPaymentVoided(q: Queryable, paymentId: string, code: string, message: string): Promise<void> {
  await q.query("UPDATE payments SET status = 'voided', failure_code = $2, failure_message = $3, updated_at = now() WHERE id = $1", [paymentId, code, message]);
}

export async function markPaymentRefunded(q: Queryable, paymentId: string): Promise<void> {
  await q.query("UPDATE payments SET status = 'refunded', refunded_cents = amount_cents, updated_at = now() WHERE id = $1", [paymentId]);
}

/** The order's payment that still holds or took money, locked: a cancellation gives it back once. */
export async function lockHeldPayment(q: Queryable, orderId: string): Promise<(PaymentRow & { refunded_cents: number }) | undefined> {
  const { rows } = await q.query<PaymentRow & { refunded_cents: number }>(
    "SELECT * FROM payments WHERE order_id = $1 AND status IN ('authorized', 'captured') ORDER BY attempt DESC LIMIT 1 FOR UPDATE",
    [orderId],
  );
  return rows[0];
}

/** Orders whose checkout has stayed authorised longer than `olderThanMs`, oldest first. */
export async function staleCheckoutOrders(q: Queryable, olderThanMs: number, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ order_id: string }>(
    `SELECT order_id FROM checkouts WHERE status = 'authorized' AND updated_at < now() - ($1::double precision * interval '1 millisecond')
      ORDER BY updated_at LIMIT $2`,
    [olderThanMs, limit],
  );
  return rows.map((row) => row.order_id);
}

export async function isCheckoutStale(q: Queryable, checkoutId: string, olderThanMs: number): Promise<boolean> {
  const { rows } = await q.query<{ stale: boolean }>("SELECT updated_at < now() - ($2::double precision * interval '1 millisecond') AS stale FROM checkouts WHERE id = $1", [
    checkoutId,
    olderThanMs,
  ]);
  return rows[0]?.stale === true;
}
