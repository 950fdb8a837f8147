import {
  FULFILLMENT_STATUSES,
  canMoveFulfillment,
  fulfillmentMoveProblem,
  fulfillmentStatusLabel,
  isActiveFulfillment,
  nextFulfillmentStatuses,
  type FulfillmentStatus,
} from "../fulfillment-status";

const ALLOWED = new Set(["placed→accepted", "placed→cancelled", "accepted→ready", "accepted→cancelled", "ready→completed", "ready→cancelled"]);

describe("fulfillment status moves (issue 17)", () => {
  const pairs = FULFILLMENT_STATUSES.flatMap((from) => FULFILLMENT_STATUSES.map((to) => [from, to] as [FulfillmentStatus, FulfillmentStatus]));

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
