/** Checkout and the order confirmation, only for a business that takes orders online. */
import { ORDERING_PATHS } from "../../orders/order-paths";
import type { PlanBuilder } from "./plan-builder";
import { DEFAULT_NAVIGATION_ORDER, type PlanInput } from "./types";

const ORDERING_PAGES = [
  { template: "checkout", title: "Checkout", owner: "the checkout page (ordering.enabled)" },
  { template: "order", title: "Your order", owner: "the order confirmation page (ordering.enabled)" },
] as const;

export function planOrderingPages(plan: PlanBuilder, business: PlanInput): void {
  if (!business.ordering?.enabled) return;
  for (const { template, title, owner } of ORDERING_PAGES) {
    const path = ORDERING_PATHS[template];
    plan.add(
      { path, template, context: { id: template, title, navigationOrder: DEFAULT_NAVIGATION_ORDER, navigationGroupOrder: DEFAULT_NAVIGATION_ORDER, canonicalPath: path } },
      owner,
    );
  }
}
