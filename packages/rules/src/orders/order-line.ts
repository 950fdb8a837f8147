/** How an order's line is described, in the cart drawer, at checkout and on the order page. */
import type { OrderLineView } from "../api/order-api";

/** "12-inch · 'Nduja, Olives" for a line; the variation is left out when it has no name. */
export function lineDescription(line: Pick<OrderLineView, "selected_variation" | "selected_modifiers">): string {
  return [line.selected_variation.name, line.selected_modifiers.map((modifier) => modifier.name).join(", ")].filter((part) => part.trim() !== "").join(" · ");
}
