import type { Queryable } from "../db/db";
import type { PaymentResult } from "./payment-provider";

/** All the SQL of the test processor's own tables (`test_processor_*`, migration 002). */

export interface ProcessorPayment extends Record<string, unknown> {
  reference: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  status: "authorized" | "captured" | "voided";
  captured_cents: number;
  refunded_cents: number;
  declines_capture: boolean;
}

export type LedgerKind = "authorization" | "capture" | "void" | "refund";

export async function insertAuthorization(q: Queryable, hold: { reference: string; orderId: string; amountCents: number; currency: string; declinesCapture: boolean }): Promise<void> {
  await q.query(
    `INSERT INTO test_processor_payments (reference, order_id, amount_cents, currency, status, declines_capture)
     VALUES ($1, $2, $3, $4, 'authorized', $5)`,
    [hold.reference, hold.orderId, hold.amountCents, hold.currency, hold.declinesCapture],
  );
}

export async function markCaptured(q: Queryable, reference: string, amountCents: number): Promise<void> {
  await q.query("UPDATE test_processor_payments SET status = 'captured', captured_cents = $2, updated_at = now() WHERE reference = $1", [reference, amountCents]);
}

export async function markVoided(q: Queryable, reference: string): Promise<void> {
  await q.query("UPDATE test_processor_payments SET status = 'voided', updated_at = now() WHERE reference = $1", [reference]);
}

export async function addRefund(q: Queryable, reference: string, amountCents: number): Promise<void> {
  await q.query("UPDATE test_processor_payments SET refunded_cents = refunded_cents + $2, updated_at = now() WHERE reference = $1", [reference, amountCents]);
}

export async function ledgerRows(q: Queryable): Promise<{ kind: LedgerKind; reference: string; amount_cents: number; currency: string; order_id: string }[]> {
  const { rows } = await q.query<{ kind: LedgerKind; reference: string; amount_cents: number; currency: string; order_id: string }>(
    `SELECT l.kind, l.reference, l.amount_cents, l.currency, p.order_id
       FROM test_processor_ledger l JOIN test_processor_payments p ON p.reference = l.reference ORDER BY l.id`,
  );
  return rows;
}

export async function lockPayment(q: Queryable, reference: string): Promise<ProcessorPayment | undefined> {
  const { rows } = await q.query<ProcessorPayment>("SELECT * FROM test_processor_payments WHERE reference = $1 FOR UPDATE", [reference]);
  return rows[0];
}

export async function insertLedgerEntry(q: Queryable, entry: { reference: string; kind: LedgerKind; amountCents: number; currency: string }): Promise<void> {
  await q.query("INSERT INTO test_processor_ledger (reference, kind, amount_cents, currency) VALUES ($1, $2, $3, $4)", [entry.reference, entry.kind, entry.amountCents, entry.currency]);
}

/** The first answer given under an idempotency key, with what was asked then. */
export async function answerOf(q: Queryable, key: string): Promise<{ fingerprint: string; result: PaymentResult } | undefined> {
  const { rows } = await q.query<{ fingerprint: string; result: PaymentResult }>("SELECT fingerprint, result FROM test_processor_requests WHERE idempotency_key = $1", [key]);
  return rows[0];
}

export async function keepAnswer(q: Queryable, key: string, fingerprint: string, result: PaymentResult): Promise<void> {
  await q.query("INSERT INTO test_processor_requests (idempotency_key, fingerprint, result) VALUES ($1, $2, $3::jsonb)", [key, fingerprint, JSON.stringify(result)]);
}
