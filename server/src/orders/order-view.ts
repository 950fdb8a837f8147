import { DateTime } from "luxon";
import { computeOrderTotals, type OrderTotals } from "@mainstreet/rules/orders/pricing";
import type { AdjustmentView, OrderLineView, OrderView, TotalsView } from "@mainstreet/rules/api/order-api";
import type { CatalogEntry } from "../catalog/catalog";
import { confirmationPromise } from "@mainstreet/rules/orders/ready-times";
import { promiseView } from "./promises";
import type { Queryable } from "../db/db";
import { findCheckoutByOrder, latestPayment, type CheckoutRow, type PaymentRow } from "../checkouts/checkouts.store";
import {
  findCustomer,
  findRecipient,
  listLines,
  listProposedAdjustments,
  type AdjustmentRow,
  type CustomerRow,
  type LineRow,
  type OrderRow,
  type RecipientRow,
} from "./orders.store";

/** The order as the site reads it (the "data body" of SPEC §7 order calls), never a storage row: the
 * shapes are the shared contract in @mainstreet/rules/api/order-api. */

export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, "").slice(0, 8).toUpperCase();
}

export function lineView(line: LineRow): OrderLineView {
  return {
    id: line.id,
    menu_item: line.menu_item_id,
    name: line.item_name,
    selected_variation: { id: line.variation_id, menu_item: line.menu_item_id, name: line.variation_name, price_cents: line.variation_price_cents },
    selected_modifiers: line.modifiers.map((modifier) => ({
      id: modifier.id,
      name: modifier.name,
      price_cents: modifier.price_cents,
      modifier_set_id: modifier.modifier_set_id,
    })),
    special_instructions: line.special_instructions,
    quantity: line.quantity,
    unit_price_cents: line.unit_price_cents,
    total_price_cents: line.unit_price_cents * line.quantity,
  };
}

export function adjustmentView(adjustment: AdjustmentRow): AdjustmentView {
  return {
    id: adjustment.id,
    line_item: adjustment.line_item_id,
    kind: adjustment.kind,
    reason: adjustment.reason,
    previous_unit_price_cents: adjustment.previous_unit_price_cents,
    unit_price_cents: adjustment.unit_price_cents,
  };
}

export function totalsView(totals: OrderTotals): TotalsView {
  return {
    subtotal_cents: totals.subtotalCents,
    tax_cents: totals.taxCents,
    tip_cents: totals.tipCents,
    delivery_fee_cents: totals.deliveryFeeCents,
    total_cents: totals.totalCents,
  };
}

/** Live totals of an open order from the prices the visitor agreed to (the catalog's, via adjustments). */
export function liveTotals(entry: CatalogEntry | undefined, order: OrderRow, lines: readonly LineRow[]): OrderTotals {
  const location = entry?.locations.get(order.location_id);
  return computeOrderTotals({
    lines: lines.map((line) => ({ unitCents: line.unit_price_cents, quantity: line.quantity })),
    tip: order.attributes,
    taxRateBps: location?.taxRateBps ?? 0,
    deliveryFeeCents: order.fulfillment_method === "delivery" ? (location?.delivery.feeCents ?? 0) : 0,
  });
}

export function frozenTotals(checkout: CheckoutRow): OrderTotals {
  return {
    subtotalCents: checkout.subtotal_cents,
    taxCents: checkout.tax_cents,
    tipCents: checkout.tip_cents,
    deliveryFeeCents: checkout.delivery_fee_cents,
    totalCents: checkout.total_cents,
  };
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
/** An instant as ISO with the location's offset, as the visitor chose it. */
const zoned = (value: Date, zone = "UTC") => DateTime.fromJSDate(new Date(value), { zone }).toISO() as string;

export interface OrderParts {
  order: OrderRow;
  lines: LineRow[];
  customer?: CustomerRow;
  recipient?: RecipientRow;
  adjustments: AdjustmentRow[];
  checkout?: CheckoutRow;
  payment?: PaymentRow;
}

export async function loadOrderParts(q: Queryable, order: OrderRow): Promise<OrderParts> {
  const [lines, customer, recipient, adjustments, checkout] = await Promise.all([
    listLines(q, order.id),
    findCustomer(q, order.id),
    findRecipient(q, order.id),
    listProposedAdjustments(q, order.id),
    findCheckoutByOrder(q, order.id),
  ]);
  const payment = checkout ? await latestPayment(q, checkout.id) : undefined;
  return { order, lines, customer, recipient, adjustments, checkout, payment };
}

export function composeOrderView(entry: CatalogEntry | undefined, parts: OrderParts): OrderView {
  const { order, lines, customer, recipient, adjustments, checkout, payment } = parts;
  const frozen = checkout && checkout.status !== "payment_failed" && order.status !== "open";
  const totals = frozen ? frozenTotals(checkout) : liveTotals(entry, order, lines);
  const location = entry?.locations.get(order.location_id);
  const promise = promiseView(location, order.fulfillment_method, order.promised_at);
  const fulfillment = order.fulfillment_method
    ? { method: order.fulfillment_method, fee_cents: order.fulfillment_method === "delivery" ? (location?.delivery.feeCents ?? 0) : 0 }
    : null;
  const timeZone = location?.timezone ?? null;
  const scheduledFor = order.scheduled_for ? zoned(order.scheduled_for, location?.timezone) : null;
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    business_id: order.business_id,
    merchant_product: order.merchant_product,
    merchant_location: order.location_id,
    location_name: location ? (location.name ?? `${location.street}, ${location.city}`) : null,
    currency: order.currency,
    line_items: lines.map(lineView),
    customer: customer ?? null,
    recipient: recipient ?? null,
    fulfillment,
    attributes: order.attributes,
    payment_source: order.payment_token
      ? { provider_id: order.payment_provider, default: order.payment_default, token_last4: order.payment_token.slice(-4) }
      : null,
    adjustments: adjustments.map(adjustmentView),
    totals: totalsView(totals),
    totals_frozen: Boolean(frozen),
    checkout: checkout
      ? {
          id: checkout.id,
          status: checkout.status,
          payment_status: payment?.status ?? null,
          failure_message: payment?.failure_message ?? null,
        }
      : null,
    location_time_zone: timeZone,
    scheduled_for: scheduledFor,
    ...promise,
    promise_text: confirmationPromise({ fulfillment, ...promise, scheduled_for: scheduledFor, location_time_zone: timeZone }, entry?.business.locale),
    created_at: iso(order.created_at),
    updated_at: iso(order.updated_at),
    placed_at: iso(order.placed_at),
    fulfillment_status: order.fulfillment_status ?? null,
    fulfillment_status_at: iso(order.fulfillment_status_at ?? null),
  };
}

export async function buildOrderView(q: Queryable, entry: CatalogEntry | undefined, order: OrderRow): Promise<OrderView> {
  return composeOrderView(entry, await loadOrderParts(q, order));
}
export type { OrderView };
