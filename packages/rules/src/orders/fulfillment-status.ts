/**
 * What happens to an order after it is placed: the kitchen accepts it, marks it ready, and hands
 * it over (completed); or cancels it (the payment is voided or refunded). The workspace's buttons, the
 * service's refusals (409 naming the current status) and the visitor's order page all read these rules.
 *
 *   placed → accepted → ready → completed
 *      └──────┴───────────┴──→ cancelled
 */
import type { FulfillmentStatus } from "../api/order-api";

export type { FulfillmentStatus };

const NEXT: Readonly<Record<FulfillmentStatus, readonly FulfillmentStatus[]>> = {
  placed: ["accepted", "cancelled"],
  accepted: ["ready", "cancelled"],
  ready: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
};

/** The statuses an order may move to from `from`, in the order the kitchen would usually choose them. */
export function nextFulfillmentStatuses(from: FulfillmentStatus): readonly FulfillmentStatus[] {
  return NEXT[from];
}

export function canMoveFulfillment(from: FulfillmentStatus, to: FulfillmentStatus): boolean {
  return NEXT[from].includes(to);
}

/** Still in the kitchen's queue (placed, accepted or ready); completed and cancelled orders are done. */
export function isActiveFulfillment(status: FulfillmentStatus): boolean {
  return status === "placed" || status === "accepted" || status === "ready";
}

/** Why the move is refused, naming the current status; null when it is allowed. */
export function fulfillmentMoveProblem(from: FulfillmentStatus, to: FulfillmentStatus): string | null {
  if (canMoveFulfillment(from, to)) return null;
  if (from === to) return `The order is already ${from}.`;
  const allowed = NEXT[from];
  if (allowed.length === 0) return `The order is ${from}: it cannot be marked ${to} any more.`;
  return `The order is ${from}: it can be marked ${allowed.join(" or ")}, not ${to}.`;
}

/** The status as the customer reads it: "Ready for pickup", "Out for delivery", "Cancelled". */
export function fulfillmentStatusLabel(status: FulfillmentStatus, method: "pickup" | "delivery"): string {
  switch (status) {
    case "placed":
      return "Received";
    case "accepted":
      return "Being prepared";
    case "ready":
      return method === "delivery" ? "Out for delivery" : "Ready for pickup";
    case "completed":
      return method === "delivery" ? "Delivered" : "Picked up";
    case "cancelled":
      return "Cancelled";
  }
}

/** How often the visitor's order page reads an active order again while it is shown (docs/merchant.md). */
export const ORDER_STATUS_REFRESH_MS = 20_000;

/** What the order page says about the kitchen: the status in the customer's words, and what became of the money when cancelled. */
export interface FulfillmentProgress {
  status: FulfillmentStatus;
  label: string;
  /** For a cancelled order: that the payment was refunded or the hold released, when the view says so. */
  note: string | null;
}

/**
 * The order page's status line from the order view (`fulfillment_status`, the fulfillment's method and,
 * once cancelled, the payment's status: `refunded` after a capture, `voided` for a released hold). Null
 * before the order is placed (no kitchen status yet).
 */
export function fulfillmentProgress(order: {
  fulfillment_status: FulfillmentStatus | null;
  fulfillment: { method: "pickup" | "delivery" } | null;
  checkout: { payment_status: string | null } | null;
}): FulfillmentProgress | null {
  const status = order.fulfillment_status;
  if (!status) return null;
  const label = fulfillmentStatusLabel(status, order.fulfillment?.method ?? "pickup");
  let note: string | null = null;
  if (status === "cancelled") {
    const payment = order.checkout?.payment_status;
    if (payment === "refunded") note = "Your payment was refunded; banks take a few days to show it.";
    else if (payment === "voided") note = "The hold on your card was released: you were not charged.";
  }
  return { status, label, note };
}
