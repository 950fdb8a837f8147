import { randomUUID } from "node:crypto";
import { PaymentNetworkError, type AuthorizeRequest, type CaptureRequest, type PaymentProvider, type PaymentResult } from "./payment-provider";

/**
 * The `test` processor: no money moves, but it behaves like a processor's test mode. Tokens decide
 * the outcome, and results are remembered per idempotency key, so a retry never authorises twice.
 */
export const TEST_TOKENS = {
  tok_test_visa: "authorised and captured",
  tok_test_mastercard: "authorised and captured",
  tok_test_declined: "declined with code card_declined",
  tok_test_insufficient_funds: "declined with code insufficient_funds",
  tok_test_network_error: "fails with a network error (processor unreachable); nothing is charged",
} as const;

export type TestToken = keyof typeof TEST_TOKENS;

const isTestToken = (token: string): token is TestToken => Object.hasOwn(TEST_TOKENS, token);

interface Remembered {
  fingerprint: string;
  result: PaymentResult;
}

export class TestPaymentProvider implements PaymentProvider {
  readonly id = "test";
  /** Successful authorisations and captures actually performed (retries answered from memory excluded). */
  readonly ledger: { kind: "authorization" | "capture"; reference: string; amountCents: number; currency: string; orderId?: string }[] = [];
  private readonly byKey = new Map<string, Remembered>();

  tokenProblem(token: string): string | null {
    if (isTestToken(token)) return null;
    return `unknown test token "${token.slice(0, 40)}": the test provider accepts ${Object.keys(TEST_TOKENS).join(", ")}`;
  }

  async authorize(request: AuthorizeRequest): Promise<PaymentResult> {
    const fingerprint = `authorize:${request.token}:${request.amountCents}:${request.currency}`;
    const remembered = this.recall(request.idempotencyKey, fingerprint);
    if (remembered) return remembered;
    if (request.token === "tok_test_network_error") {
      throw new PaymentNetworkError("test provider: simulated network error (connection reset before a reply)");
    }
    let result: PaymentResult;
    if (request.token === "tok_test_declined") {
      result = { status: "declined", code: "card_declined", message: "The card was declined." };
    } else if (request.token === "tok_test_insufficient_funds") {
      result = { status: "declined", code: "insufficient_funds", message: "The card has insufficient funds." };
    } else if (isTestToken(request.token)) {
      result = { status: "authorized", reference: `test_auth_${randomUUID()}` };
      this.ledger.push({ kind: "authorization", reference: result.reference, amountCents: request.amountCents, currency: request.currency, orderId: request.orderId });
    } else {
      result = { status: "declined", code: "invalid_token", message: "The payment token is not valid for the test provider." };
    }
    this.byKey.set(request.idempotencyKey, { fingerprint, result });
    return result;
  }

  async capture(request: CaptureRequest): Promise<PaymentResult> {
    const fingerprint = `capture:${request.reference}:${request.amountCents}:${request.currency}`;
    const remembered = this.recall(request.idempotencyKey, fingerprint);
    if (remembered) return remembered;
    const authorization = this.ledger.find((entry) => entry.kind === "authorization" && entry.reference === request.reference);
    let result: PaymentResult;
    if (!authorization) {
      result = { status: "declined", code: "unknown_authorization", message: "No authorisation with this reference exists." };
    } else if (request.amountCents > authorization.amountCents) {
      result = { status: "declined", code: "amount_too_large", message: "The capture exceeds the authorised amount." };
    } else {
      result = { status: "captured", reference: request.reference };
      this.ledger.push({ kind: "capture", reference: request.reference, amountCents: request.amountCents, currency: request.currency });
    }
    this.byKey.set(request.idempotencyKey, { fingerprint, result });
    return result;
  }

  private recall(key: string, fingerprint: string): PaymentResult | undefined {
    const remembered = this.byKey.get(key);
    if (!remembered) return undefined;
    if (remembered.fingerprint !== fingerprint) {
      return { status: "declined", code: "idempotency_key_reused", message: "This idempotency key was used for a different request." };
    }
    return remembered.result;
  }
}
