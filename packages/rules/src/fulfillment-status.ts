/**
 * What happens to an order after it is placed (issue 17): the kitchen accepts it, marks it ready, and hands
 * it over (completed); or cancels it (the payment is voided or refunded). The workspace's buttons, the
 * service's refusals (409 naming the current status) and the visitor's order page all read these rules.
 *
 *   placed → accepted → ready → completed
 *      └──────┴───────────┴──→ cancelled
 */
import type { FulfillmentStatus } from "./order-api";

export type { FulfillmentStatus };

export const FULFILLMENT_STATUSES: readonly FulfillmentStatus[] = ["placed", "accepted", "ready", "completed", "cancelled"];

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
