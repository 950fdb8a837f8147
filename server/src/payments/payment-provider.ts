/**
 * What the checkout needs from a card processor. A real processor (Stripe, Adyen, Square…) plugs in
 * behind this interface; every call carries an idempotency key so a retried request is answered with
 * the first result instead of charging twice, which is how those processors' APIs work too.
 *
 * The calls a Stripe-like provider maps them to (docs/api.md, "Payments"):
 * - authorize → create a PaymentIntent with `capture_method=manual` and confirm it with the payment
 *   method from the card form (`requires_capture` = authorised);
 * - capture → capture the PaymentIntent (`amount_to_capture` at most the authorised amount);
 * - void → cancel the PaymentIntent (releases the hold on the card);
 * - refund → create a refund of the captured PaymentIntent (full or partial);
 * each with the `Idempotency-Key` header set to `idempotencyKey`.
 */

export interface AuthorizeRequest {
  /** Single-use payment token produced by the processor's card form in the browser. */
  token: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  orderId: string;
}

export interface CaptureRequest {
  reference: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
}

export interface VoidRequest {
  /** The authorisation to release. */
  reference: string;
  idempotencyKey: string;
}

export interface RefundRequest {
  /** The captured payment to refund. */
  reference: string;
  /** At most what was captured and not yet refunded. */
  amountCents: number;
  currency: string;
  idempotencyKey: string;
}

export type PaymentResult =
  | { status: "authorized" | "captured" | "voided" | "refunded"; reference: string }
  | { status: "declined"; code: string; message: string };

/** The processor could not be reached or did not answer; nothing is known to have been charged. */
export class PaymentNetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentNetworkError";
  }
}

export interface PaymentProvider {
  /** The `provider_id` visitors send with their payment source. */
  readonly id: string;
  /** A problem with a token's shape (checked when the payment source is set), or null when it looks usable. */
  tokenProblem(token: string): string | null;
  /** Reserves the amount on the card. Throws PaymentNetworkError on transport failure. */
  authorize(request: AuthorizeRequest): Promise<PaymentResult>;
  /** Collects a previously authorised amount. Throws PaymentNetworkError on transport failure. */
  capture(request: CaptureRequest): Promise<PaymentResult>;
  /** Releases an authorisation that will not be captured (a checkout abandoned or refused). */
  void(request: VoidRequest): Promise<PaymentResult>;
  /** Pays back (part of) a captured amount, e.g. for a cancelled order. */
  refund(request: RefundRequest): Promise<PaymentResult>;
}
