import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/db";
import type { PricedLine, PricedModifier, StoredLine } from "./order-lines";

/** SQL for orders and their parts; services call these inside their transactions. */

export type { OrderStatus } from "@mainstreet/rules/order-api";
import type { FulfillmentStatus, OrderStatus } from "@mainstreet/rules/order-api";

export interface OrderRow extends Record<string, unknown> {
  id: string;
  session_token_hash: string;
  business_id: string;
  location_id: string;
  merchant_product: string;
  currency: string;
  status: OrderStatus;
  fulfillment_method: "pickup" | "delivery" | null;
  attributes: { tip: number; instructions: string } | { tip_percentage: number; instructions: string } | null;
  payment_token: string | null;
  payment_provider: string | null;
  payment_default: boolean;
  /** The time the visitor chose; null: as soon as possible. */
  scheduled_for: Date | null;
  /** When the order is ready (a delivery leaves then); null without a fulfillment or for shipping. */
  promised_at: Date | null;
  /** The kitchen slot it counts against while in checkout or placed. */
  promised_slot: Date | null;
  created_at: Date;
  updated_at: Date;
  placed_at: Date | null;
  /** Where the kitchen is with a placed order (null until it is placed), since when, and why it was cancelled. */
  fulfillment_status: FulfillmentStatus | null;
  fulfillment_status_at: Date | null;
  cancel_reason: string | null;
}

export interface LineRow extends StoredLine, Record<string, unknown> {
  order_id: string;
  position: number;
}

export interface CustomerRow extends Record<string, unknown> {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

export interface RecipientRow extends Record<string, unknown> {
  first_name: string;
  last_name: string;
  street_address: string;
  extended_address: string;
  locality: string;
  administrative_area_level_1: string;
  postal_code: string;
  country: string;
}

export interface AdjustmentRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  line_item_id: string | null;
  kind: "price_changed" | "unavailable";
  reason: string;
  previous_unit_price_cents: number;
  unit_price_cents: number | null;
  proposal: { variation_price_cents: number; modifiers: PricedModifier[]; unit_price_cents: number; item_name: string; variation_name: string } | null;
  status: "proposed" | "accepted" | "withdrawn";
}

export interface CheckoutRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  status: "authorized" | "payment_failed" | "closed";
  currency: string;
  subtotal_cents: number;
  tax_cents: number;
  tip_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
  attempt: number;
  closed_at: Date | null;
}

export interface PaymentRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  checkout_id: string;
  attempt: number;
  provider: string;
  source_fingerprint: string;
  idempotency_key: string;
  amount_cents: number;
  currency: string;
  status: "authorized" | "captured" | "declined" | "failed" | "voided" | "refunded";
  provider_reference: string | null;
  failure_code: string | null;
  failure_message: string | null;
}

export async function lockOrder(q: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const { rows } = await q.query<OrderRow>("SELECT * FROM orders WHERE id = $1 FOR UPDATE", [orderId]);
  return rows[0];
}

export async function insertOrder(
  q: Queryable,
  order: { id: string; tokenHash: string; businessId: string; locationId: string; merchantProduct: string; currency: string },
): Promise<OrderRow> {
  const { rows } = await q.query<OrderRow>(
    `INSERT INTO orders (id, session_token_hash, business_id, location_id, merchant_product, currency)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [order.id, order.tokenHash, order.businessId, order.locationId, order.merchantProduct, order.currency],
  );
  return rows[0];
}

/** The first lines of a new order, in one statement (order creation is the hot path). */
export async function insertFirstLines(q: Queryable, orderId: string, lines: readonly PricedLine[]): Promise<LineRow[]> {
  if (lines.length === 0) return [];
  const columns = 12;
  const values: unknown[] = [];
  const tuples = lines.map((line, index) => {
    values.push(
      randomUUID(),
      orderId,
      index + 1,
      line.menuItemId,
      line.variationId,
      JSON.stringify(line.modifiers),
      line.quantity,
      line.specialInstructions,
      line.itemName,
      line.variationName,
      line.variationPriceCents,
      line.unitPriceCents,
    );
    const base = index * columns;
    const slots = Array.from({ length: columns }, (_, column) => `$${base + column + 1}${column === 5 ? "::jsonb" : ""}`);
    return `(${slots.join(", ")})`;
  });
  const { rows } = await q.query<LineRow>(
    `INSERT INTO line_items (id, order_id, position, menu_item_id, variation_id, modifiers, quantity, special_instructions,
                             item_name, variation_name, variation_price_cents, unit_price_cents)
     VALUES ${tuples.join(", ")} RETURNING *`,
    values,
  );
  return rows.sort((a, b) => a.position - b.position);
}

export async function touchOrder(q: Queryable, orderId: string): Promise<void> {
  await q.query("UPDATE orders SET updated_at = now() WHERE id = $1", [orderId]);
}

export async function insertLine(q: Queryable, orderId: string, line: PricedLine): Promise<string> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO line_items (id, order_id, position, menu_item_id, variation_id, modifiers, quantity, special_instructions,
                             item_name, variation_name, variation_price_cents, unit_price_cents)
     VALUES ($1, $2, (SELECT coalesce(max(position), 0) + 1 FROM line_items WHERE order_id = $2), $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      orderId,
      line.menuItemId,
      line.variationId,
      JSON.stringify(line.modifiers),
      line.quantity,
      line.specialInstructions,
      line.itemName,
      line.variationName,
      line.variationPriceCents,
      line.unitPriceCents,
    ],
  );
  return id;
}

/** Rewrites a line's selection and agreed prices (after an edit or an accepted adjustment). */
export async function repriceLine(q: Queryable, lineId: string, line: PricedLine): Promise<void> {
  await q.query(
    `UPDATE line_items SET menu_item_id = $2, variation_id = $3, modifiers = $4::jsonb, quantity = $5, special_instructions = $6,
            item_name = $7, variation_name = $8, variation_price_cents = $9, unit_price_cents = $10, updated_at = now()
      WHERE id = $1`,
    [
      lineId,
      line.menuItemId,
      line.variationId,
      JSON.stringify(line.modifiers),
      line.quantity,
      line.specialInstructions,
      line.itemName,
      line.variationName,
      line.variationPriceCents,
      line.unitPriceCents,
    ],
  );
}

export async function listLines(q: Queryable, orderId: string): Promise<LineRow[]> {
  const { rows } = await q.query<LineRow>("SELECT * FROM line_items WHERE order_id = $1 ORDER BY position", [orderId]);
  return rows;
}

export async function findLine(q: Queryable, lineId: string): Promise<LineRow | undefined> {
  const { rows } = await q.query<LineRow>("SELECT * FROM line_items WHERE id = $1", [lineId]);
  return rows[0];
}

export async function deleteLine(q: Queryable, lineId: string): Promise<void> {
  await q.query("UPDATE adjustments SET status = 'withdrawn', resolved_at = now() WHERE line_item_id = $1 AND status = 'proposed'", [lineId]);
  await q.query("DELETE FROM line_items WHERE id = $1", [lineId]);
}

export async function findCustomer(q: Queryable, orderId: string): Promise<CustomerRow | undefined> {
  const { rows } = await q.query<CustomerRow>("SELECT first_name, last_name, email, phone FROM customers WHERE order_id = $1", [orderId]);
  return rows[0];
}

export async function upsertCustomer(q: Queryable, orderId: string, customer: CustomerRow): Promise<void> {
  await q.query(
    `INSERT INTO customers (order_id, first_name, last_name, email, phone) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (order_id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
       email = excluded.email, phone = excluded.phone, updated_at = now()`,
    [orderId, customer.first_name, customer.last_name, customer.email, customer.phone],
  );
}

export async function findRecipient(q: Queryable, orderId: string): Promise<RecipientRow | undefined> {
  const { rows } = await q.query<RecipientRow>(
    `SELECT first_name, last_name, street_address, extended_address, locality, administrative_area_level_1, postal_code, country
       FROM recipients WHERE order_id = $1`,
    [orderId],
  );
  return rows[0];
}

export async function upsertRecipient(q: Queryable, orderId: string, recipient: RecipientRow): Promise<void> {
  await q.query(
    `INSERT INTO recipients (order_id, first_name, last_name, street_address, extended_address, locality, administrative_area_level_1, postal_code, country)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (order_id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
       street_address = excluded.street_address, extended_address = excluded.extended_address, locality = excluded.locality,
       administrative_area_level_1 = excluded.administrative_area_level_1, postal_code = excluded.postal_code,
       country = excluded.country, updated_at = now()`,
    [
      orderId,
      recipient.first_name,
      recipient.last_name,
      recipient.street_address,
      recipient.extended_address,
      recipient.locality,
      recipient.administrative_area_level_1,
      recipient.postal_code,
      recipient.country,
    ],
  );
}

export async function listProposedAdjustments(q: Queryable, orderId: string): Promise<AdjustmentRow[]> {
  const { rows } = await q.query<AdjustmentRow>("SELECT * FROM adjustments WHERE order_id = $1 AND status = 'proposed' ORDER BY created_at, id", [orderId]);
  return rows;
}

export async function findCheckoutByOrder(q: Queryable, orderId: string): Promise<CheckoutRow | undefined> {
  const { rows } = await q.query<CheckoutRow>("SELECT * FROM checkouts WHERE order_id = $1", [orderId]);
  return rows[0];
}

export async function latestPayment(q: Queryable, checkoutId: string): Promise<PaymentRow | undefined> {
  const { rows } = await q.query<PaymentRow>("SELECT * FROM payments WHERE checkout_id = $1 ORDER BY attempt DESC LIMIT 1", [checkoutId]);
  return rows[0];
}
