import {
  canMoveFulfillment,
  fulfillmentMoveProblem,
  fulfillmentProgress,
  fulfillmentStatusLabel,
  isActiveFulfillment,
  nextFulfillmentStatuses,
  type FulfillmentStatus,
} from "../fulfillment-status";
import { FulfillmentStatusSchema } from "../../api/order-api";

const STATUSES = FulfillmentStatusSchema.options;

const ALLOWED = new Set(["placed→accepted", "placed→cancelled", "accepted→ready", "accepted→cancelled", "ready→completed", "ready→cancelled"]);

describe("fulfillment status moves", () => {
  const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as [FulfillmentStatus, FulfillmentStatus]));

  it.each(pairs)("%s → %s", (from, to) => {
    const allowed = ALLOWED.has(`${from}→${to}`);
    expect(canMoveFulfillment(from, to)).toBe(allowed);
    expect(nextFulfillmentStatuses(from).includes(to)).toBe(allowed);
    const problem = fulfillmentMoveProblem(from, to);
    if (allowed) expect(problem).toBeNull();
    else expect(problem).toContain(`The order is ${from === to ? "already " : ""}${from}`);
  });

  it.each<[FulfillmentStatus, FulfillmentStatus, string]>([
    ["placed", "ready", "The order is placed: it can be marked accepted or cancelled, not ready."],
    ["completed", "cancelled", "The order is completed: it cannot be marked cancelled any more."],
    ["ready", "ready", "The order is already ready."],
  ])("%s → %s says %p", (from, to, message) => {
    expect(fulfillmentMoveProblem(from, to)).toBe(message);
  });

  it.each<[FulfillmentStatus, boolean]>([
    ["placed", true],
    ["accepted", true],
    ["ready", true],
    ["completed", false],
    ["cancelled", false],
  ])("%s is active: %p", (status, active) => {
    expect(isActiveFulfillment(status)).toBe(active);
  });

  it.each<[FulfillmentStatus, "pickup" | "delivery", string]>([
    ["placed", "pickup", "Received"],
    ["accepted", "delivery", "Being prepared"],
    ["ready", "pickup", "Ready for pickup"],
    ["ready", "delivery", "Out for delivery"],
    ["completed", "pickup", "Picked up"],
    ["completed", "delivery", "Delivered"],
    ["cancelled", "pickup", "Cancelled"],
  ])("%s (%s) reads %p", (status, method, label) => {
    expect(fulfillmentStatusLabel(status, method)).toBe(label);
  });
});

describe("fulfillmentProgress: the visitor's order page", () => {
  type Case = [string, FulfillmentStatus | null, "pickup" | "delivery" | null, string | null, { label: string; note: string | null } | null];
  it.each<Case>([
    ["not placed yet", null, "pickup", null, null],
    ["received", "placed", "pickup", "authorized", { label: "Received", note: null }],
    ["being prepared", "accepted", "pickup", "captured", { label: "Being prepared", note: null }],
    ["ready for pickup", "ready", "pickup", "captured", { label: "Ready for pickup", note: null }],
    ["out for delivery", "ready", "delivery", "captured", { label: "Out for delivery", note: null }],
    ["delivered", "completed", "delivery", "captured", { label: "Delivered", note: null }],
    ["no fulfillment chosen reads as pickup", "completed", null, null, { label: "Picked up", note: null }],
    ["cancelled after capture: refunded", "cancelled", "pickup", "refunded", { label: "Cancelled", note: "Your payment was refunded; banks take a few days to show it." }],
    ["cancelled before capture: hold released", "cancelled", "delivery", "voided", { label: "Cancelled", note: "The hold on your card was released: you were not charged." }],
    ["cancelled, the view saying nothing of the payment", "cancelled", "pickup", null, { label: "Cancelled", note: null }],
  ])("%s", (_name, status, method, payment, expected) => {
    const progress = fulfillmentProgress({
      fulfillment_status: status,
      fulfillment: method ? { method } : null,
      checkout: payment === null ? null : { payment_status: payment },
    });
    expect(progress === null ? null : { label: progress.label, note: progress.note }).toEqual(expected);
  });
});
