import { randomUUID } from "node:crypto";
import type { Db, Queryable } from "../db/db";
import {
  PaymentNetworkError,
  type AuthorizeRequest,
  type CaptureRequest,
  type PaymentProvider,
  type PaymentResult,
  type RefundRequest,
  type VoidRequest,
} from "./payment-provider";
import * as store from "./test-provider.store";
import type { LedgerKind } from "./test-provider.store";

/**
 * The `test` processor: no money moves, but it behaves like a processor's test mode. Tokens decide
 * the outcome; authorisations, captures, voids and refunds are kept in its own tables (`test_processor_*`,
 * migration 002) the way a real processor keeps them on its side, so a checkout authorised before a
 * restart can be captured after it; and every answer is kept per idempotency key, so a retry never
 * authorises or captures twice.
 *
 * Its tables live in the service's database and its writes join the caller's transaction (PGlite has one
 * connection): when the checkout that called it rolls back, so does the processor's record of the call,
 * which a real processor's would not; every call carries an idempotency key for exactly that difference.
 */
export const TEST_TOKENS = {
  tok_test_visa: "authorised and captured",
  tok_test_mastercard: "authorised and captured",
  tok_test_capture_declined: "authorised, then the capture is declined (code authorization_expired): the checkout voids the hold and reopens the order",
  tok_test_declined: "declined with code card_declined",
  tok_test_insufficient_funds: "declined with code insufficient_funds",
  tok_test_network_error: "fails with a network error (processor unreachable); nothing is charged",
} as const;

export type TestToken = keyof typeof TEST_TOKENS;

const isTestToken = (token: string): token is TestToken => Object.hasOwn(TEST_TOKENS, token);

export interface LedgerEntry {
  kind: LedgerKind;
  reference: string;
  amountCents: number;
  currency: string;
  orderId: string;
}

const declined = (code: string, message: string): PaymentResult => ({ status: "declined", code, message });

export class TestPaymentProvider implements PaymentProvider {
  readonly id = "test";

  constructor(private readonly db: Db) {}

  tokenProblem(token: string): string | null {
    if (isTestToken(token)) return null;
    return `unknown test token "${token.slice(0, 40)}": the test provider accepts ${Object.keys(TEST_TOKENS).join(", ")}`;
  }

  authorize(request: AuthorizeRequest): Promise<PaymentResult> {
    return this.once(request.idempotencyKey, `authorize:${request.token}:${request.amountCents}:${request.currency}`, async (tx) => {
      if (request.token === "tok_test_network_error") {
        throw new PaymentNetworkError("test provider: simulated network error (connection reset before a reply)");
      }
      if (request.token === "tok_test_declined") return declined("card_declined", "The card was declined.");
      if (request.token === "tok_test_insufficient_funds") return declined("insufficient_funds", "The card has insufficient funds.");
      if (!isTestToken(request.token)) return declined("invalid_token", "The payment token is not valid for the test provider.");
      const reference = `test_auth_${randomUUID()}`;
      await store.insertAuthorization(tx, {
        reference,
        orderId: request.orderId,
        amountCents: request.amountCents,
        currency: request.currency,
        declinesCapture: request.token === "tok_test_capture_declined",
      });
      await this.record(tx, "authorization", reference, request.amountCents, request.currency);
      return { status: "authorized", reference };
    });
  }

  capture(request: CaptureRequest): Promise<PaymentResult> {
    return this.once(request.idempotencyKey, `capture:${request.reference}:${request.amountCents}:${request.currency}`, async (tx) => {
      const payment = await this.payment(tx, request.reference);
      if (!payment) return declined("unknown_authorization", "No authorisation with this reference exists.");
      if (payment.status === "voided") return declined("authorization_voided", "The authorisation was released; nothing can be captured.");
      if (payment.status === "captured") return declined("already_captured", "The authorisation was already captured.");
      if (payment.declines_capture) return declined("authorization_expired", "The hold on the card expired before it was collected.");
      if (request.amountCents > payment.amount_cents) return declined("amount_too_large", "The capture exceeds the authorised amount.");
      await store.markCaptured(tx, request.reference, request.amountCents);
      await this.record(tx, "capture", request.reference, request.amountCents, request.currency);
      return { status: "captured", reference: request.reference };
    });
  }

  void(request: VoidRequest): Promise<PaymentResult> {
    return this.once(request.idempotencyKey, `void:${request.reference}`, async (tx) => {
      const payment = await this.payment(tx, request.reference);
      if (!payment) return declined("unknown_authorization", "No authorisation with this reference exists.");
      if (payment.status === "captured") return declined("already_captured", "The payment was captured: refund it instead.");
      if (payment.status === "authorized") {
        await store.markVoided(tx, request.reference);
        await this.record(tx, "void", request.reference, payment.amount_cents, payment.currency);
      }
      return { status: "voided", reference: request.reference };
    });
  }

  refund(request: RefundRequest): Promise<PaymentResult> {
    return this.once(request.idempotencyKey, `refund:${request.reference}:${request.amountCents}:${request.currency}`, async (tx) => {
      const payment = await this.payment(tx, request.reference);
      if (!payment) return declined("unknown_payment", "No payment with this reference exists.");
      if (payment.status !== "captured") return declined("not_captured", "Only a captured payment can be refunded: void an authorisation instead.");
      if (request.currency !== payment.currency) return declined("currency_mismatch", `The payment was made in ${payment.currency}.`);
      const refundable = payment.captured_cents - payment.refunded_cents;
      if (request.amountCents < 1 || request.amountCents > refundable) {
        return declined("amount_too_large", `At most ${refundable} cents of this payment can still be refunded.`);
      }
      await store.addRefund(tx, request.reference, request.amountCents);
      await this.record(tx, "refund", request.reference, request.amountCents, request.currency);
      return { status: "refunded", reference: request.reference };
    });
  }

  /** Every money movement, oldest first: what was authorised, captured, released and refunded. */
  async ledger(): Promise<LedgerEntry[]> {
    const rows = await store.ledgerRows(this.db);
    return rows.map((row) => ({ kind: row.kind, reference: row.reference, amountCents: row.amount_cents, currency: row.currency, orderId: row.order_id }));
  }

  private payment(tx: Queryable, reference: string): Promise<store.ProcessorPayment | undefined> {
    return store.lockPayment(tx, reference);
  }

  private record(tx: Queryable, kind: LedgerKind, reference: string, amountCents: number, currency: string): Promise<void> {
    return store.insertLedgerEntry(tx, { reference, kind, amountCents, currency });
  }

  /**
   * Answers a request once per idempotency key: a repeat gets the first answer, the same key with another
   * request is refused. A network error is not an answer (nothing is kept), as with a real processor.
   */
  private once(key: string, fingerprint: string, perform: (tx: Queryable) => Promise<PaymentResult>): Promise<PaymentResult> {
    return this.db.transaction(async (tx) => {
      const earlier = await store.answerOf(tx, key);
      if (earlier) {
        return earlier.fingerprint === fingerprint ? earlier.result : declined("idempotency_key_reused", "This idempotency key was used for a different request.");
      }
      const result = await perform(tx);
      await store.keepAnswer(tx, key, fingerprint, result);
      return result;
    });
  }
}
