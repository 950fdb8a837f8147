/**
 * The delivery minimum as the visitor reads it before pressing anything: in the cart, as soon as
 * delivery is chosen, and as the reason Place order cannot act yet. Amounts are minor units.
 */
import { formatCents, type MoneyFormat } from "./money";

/** How much more the goods must come to before delivery is possible; 0 when the minimum is met. */
export function deliveryShortfallCents(subtotalCents: number, minimumCents: number): number {
  return Math.max(0, minimumCents - subtotalCents);
}

/** "Add $6.15 more for delivery (minimum $25.00).", or null when the minimum is met or there is none. */
// Positional parameters: the checkout form's chunk carries every call, and object keys are not minified.
export function deliveryMinimumNote(subtotalCents: number, minimumCents: number, money: Pick<MoneyFormat, "currency" | "locale"> = {}, shipping = false): string | null {
  const short = deliveryShortfallCents(subtotalCents, minimumCents);
  if (short === 0) return null;
  const format = { ...money, alwaysShowCents: true };
  return `Add ${formatCents(short, format)} more for ${shipping ? "shipping" : "delivery"} (minimum ${formatCents(minimumCents, format)}).`;
}
