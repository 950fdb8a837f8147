import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/db";
import type { PricedLine, PricedModifier, StoredLine } from "./order-lines";

/** All the SQL of orders and their parts (lines, customer, recipient, adjustments, kitchen slots); services call these inside their transactions. */

export type { OrderStatus } from "@mainstreet/rules/api/order-api";
import type { FulfillmentStatus, OrderStatus } from "@mainstreet/rules/api/order-api";

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

/** A priced line's columns from menu_item_id to unit_price_cents, in the order every line statement lists them. */
const lineValues = (line: PricedLine): unknown[] => [
  line.menuItemId,
  line.variationId,
  JSON.stringify(line.modifiers),
  line.quantity,
  line.specialInstructions,
  line.itemName,
  line.variationName,
  line.variationPriceCents,
  line.unitPriceCents,
];

/** The first lines of a new order, in one statement (order creation is the hot path). */
export async function insertFirstLines(q: Queryable, orderId: string, lines: readonly PricedLine[]): Promise<LineRow[]> {
  if (lines.length === 0) return [];
  const columns = 12;
  const values: unknown[] = [];
  const tuples = lines.map((line, index) => {
    values.push(randomUUID(), orderId, index + 1, ...lineValues(line));
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
    [id, orderId, ...lineValues(line)],
  );
  return id;
}

/** Rewrites a line's selection and agreed prices (after an edit or an accepted adjustment). */
export async function repriceLine(q: Queryable, lineId: string, line: PricedLine): Promise<void> {
  await q.query(
    `UPDATE line_items SET menu_item_id = $2, variation_id = $3, modifiers = $4::jsonb, quantity = $5, special_instructions = $6,
            item_name = $7, variation_name = $8, variation_price_cents = $9, unit_price_cents = $10, updated_at = now()
      WHERE id = $1`,
    [lineId, ...lineValues(line)],
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

/** Withdraws what was proposed for a line: its selection changed or it is gone. */
export async function withdrawLineAdjustments(q: Queryable, lineId: string): Promise<void> {
  await q.query("UPDATE adjustments SET status = 'withdrawn', resolved_at = now() WHERE line_item_id = $1 AND status = 'proposed'", [lineId]);
}

export async function deleteLine(q: Queryable, lineId: string): Promise<void> {
  await withdrawLineAdjustments(q, lineId);
  await q.query("DELETE FROM line_items WHERE id = $1", [lineId]);
}

export async function findCustomer(q: Queryable, orderId: string): Promise<CustomerRow | undefined> {
  const { rows } = await q.query<CustomerRow>("SELECT first_name, last_name, email, phone FROM customers WHERE order_id = $1", [orderId]);
  return rows[0];
}

/**
 * Writes the one row of `table` an order has (its customer, its recipient), replacing what was there.
 * Table and column names come from the row types above, never from a request.
 */
async function upsertOrderPart(q: Queryable, table: "customers" | "recipients", orderId: string, part: Record<string, string>): Promise<void> {
  const columns = Object.keys(part);
  const slots = columns.map((_, index) => `$${index + 2}`).join(", ");
  const updates = columns.map((column) => `${column} = excluded.${column}`).join(", ");
  await q.query(`INSERT INTO ${table} (order_id, ${columns.join(", ")}) VALUES ($1, ${slots}) ON CONFLICT (order_id) DO UPDATE SET ${updates}, updated_at = now()`, [
    orderId,
    ...columns.map((column) => part[column]),
  ]);
}

export async function upsertCustomer(q: Queryable, orderId: string, customer: CustomerRow): Promise<void> {
  const { first_name, last_name, email, phone } = customer;
  await upsertOrderPart(q, "customers", orderId, { first_name, last_name, email, phone });
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
  const { first_name, last_name, street_address, extended_address, locality, administrative_area_level_1, postal_code, country } = recipient;
  await upsertOrderPart(q, "recipients", orderId, { first_name, last_name, street_address, extended_address, locality, administrative_area_level_1, postal_code, country });
}

export async function listProposedAdjustments(q: Queryable, orderId: string): Promise<AdjustmentRow[]> {
  const { rows } = await q.query<AdjustmentRow>("SELECT * FROM adjustments WHERE order_id = $1 AND status = 'proposed' ORDER BY created_at, id", [orderId]);
  return rows;
}

export async function findOrder(q: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const { rows } = await q.query<OrderRow>("SELECT * FROM orders WHERE id = $1", [orderId]);
  return rows[0];
}

export async function setFulfillment(q: Queryable, orderId: string, fulfillment: { method: "pickup" | "delivery"; scheduledFor: Date | null; promisedAt: Date | null; promisedSlot: Date | null }): Promise<void> {
  await q.query("UPDATE orders SET fulfillment_method = $2, scheduled_for = $3, promised_at = $4, promised_slot = $5, updated_at = now() WHERE id = $1", [
    orderId,
    fulfillment.method,
    fulfillment.scheduledFor,
    fulfillment.promisedAt,
    fulfillment.promisedSlot,
  ]);
}

/** The promise worked out again at checkout: when it is ready and the kitchen slot it holds. */
export async function setPromise(q: Queryable, orderId: string, promisedAt: Date | null, promisedSlot: Date | null): Promise<void> {
  await q.query("UPDATE orders SET promised_at = $2, promised_slot = $3 WHERE id = $1", [orderId, promisedAt, promisedSlot]);
}

export async function setAttributes(q: Queryable, orderId: string, attributes: OrderRow["attributes"]): Promise<void> {
  await q.query("UPDATE orders SET attributes = $2::jsonb, updated_at = now() WHERE id = $1", [orderId, JSON.stringify(attributes)]);
}

export async function setPaymentSource(q: Queryable, orderId: string, source: { token: string; provider: string; isDefault: boolean }): Promise<void> {
  await q.query("UPDATE orders SET payment_token = $2, payment_provider = $3, payment_default = $4, updated_at = now() WHERE id = $1", [
    orderId,
    source.token,
    source.provider,
    source.isDefault,
  ]);
}

/** An open order goes into checkout once its payment is authorised. */
export async function markInCheckout(q: Queryable, orderId: string): Promise<void> {
  await q.query("UPDATE orders SET status = 'checkout', updated_at = now() WHERE id = $1", [orderId]);
}

/** Places an order in checkout; false when it was not in checkout. */
export async function markPlaced(q: Queryable, orderId: string): Promise<boolean> {
  const placed = await q.query(
    "UPDATE orders SET status = 'placed', placed_at = now(), fulfillment_status = 'placed', fulfillment_status_at = now(), updated_at = now() WHERE id = $1 AND status = 'checkout'",
    [orderId],
  );
  return placed.rowCount === 1;
}

/** Gives an order in checkout back to the visitor. */
export async function reopen(q: Queryable, orderId: string): Promise<void> {
  await q.query("UPDATE orders SET status = 'open', updated_at = now() WHERE id = $1 AND status = 'checkout'", [orderId]);
}

export async function recipientAddress(q: Queryable, orderId: string): Promise<{ postal_code: string; country: string } | undefined> {
  const { rows } = await q.query<{ postal_code: string; country: string }>("SELECT postal_code, country FROM recipients WHERE order_id = $1", [orderId]);
  return rows[0];
}

export async function countLines(q: Queryable, orderId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM line_items WHERE order_id = $1", [orderId]);
  return rows[0].n;
}

export async function orderIdOfLine(q: Queryable, lineId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ order_id: string }>("SELECT order_id FROM line_items WHERE id = $1", [lineId]);
  return rows[0]?.order_id;
}

export async function setLineQuantity(q: Queryable, lineId: string, quantity: number, specialInstructions: string): Promise<void> {
  await q.query("UPDATE line_items SET quantity = $2, special_instructions = $3, updated_at = now() WHERE id = $1", [lineId, quantity, specialInstructions]);
}

/** An accepted price change: the line takes the proposal's prices and names. */
export async function applyProposal(q: Queryable, lineId: string, proposal: NonNullable<AdjustmentRow["proposal"]>): Promise<void> {
  await q.query(
    `UPDATE line_items SET variation_price_cents = $2, modifiers = $3::jsonb, unit_price_cents = $4, item_name = $5, variation_name = $6, updated_at = now()
      WHERE id = $1`,
    [lineId, proposal.variation_price_cents, JSON.stringify(proposal.modifiers), proposal.unit_price_cents, proposal.item_name, proposal.variation_name],
  );
}

/** Removes a line an accepted adjustment takes out (its proposal is accepted right after). */
export async function deleteLineRow(q: Queryable, lineId: string): Promise<void> {
  await q.query("DELETE FROM line_items WHERE id = $1", [lineId]);
}

export async function resolveAdjustment(q: Queryable, adjustmentId: string, status: "accepted" | "withdrawn"): Promise<void> {
  await q.query("UPDATE adjustments SET status = $2, resolved_at = now() WHERE id = $1", [adjustmentId, status]);
}

export async function insertAdjustment(
  q: Queryable,
  adjustment: { orderId: string; lineId: string; kind: AdjustmentRow["kind"]; reason: string; previousUnitPriceCents: number; unitPriceCents: number | null; proposal: AdjustmentRow["proposal"] },
): Promise<AdjustmentRow> {
  const { rows } = await q.query<AdjustmentRow>(
    `INSERT INTO adjustments (id, order_id, line_item_id, kind, reason, previous_unit_price_cents, unit_price_cents, proposal)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING *`,
    [randomUUID(), adjustment.orderId, adjustment.lineId, adjustment.kind, adjustment.reason, adjustment.previousUnitPriceCents, adjustment.unitPriceCents, JSON.stringify(adjustment.proposal ?? {})],
  );
  return rows[0];
}

/** Orders in checkout or placed per kitchen slot (epoch ms) in [from, to), other than `exceptOrder`. */
export async function slotCounts(q: Queryable, range: { businessId: string; locationId: string; exceptOrder: string; from: Date; to: Date }): Promise<Map<number, number>> {
  const { rows } = await q.query<{ promised_slot: Date; n: number }>(
    `SELECT promised_slot, count(*)::int AS n FROM orders
      WHERE business_id = $1 AND location_id = $2 AND status IN ('checkout', 'placed') AND id <> $3
        AND promised_slot >= $4 AND promised_slot < $5
      GROUP BY promised_slot`,
    [range.businessId, range.locationId, range.exceptOrder, range.from, range.to],
  );
  return new Map(rows.map((row) => [new Date(row.promised_slot).getTime(), row.n]));
}

/**
 * Locks a kitchen slot's row (created on first use) until the transaction ends and counts the other
 * orders holding it under that lock, so two checkouts cannot both take its last place.
 */
export async function lockSlotAndCount(q: Queryable, hold: { businessId: string; locationId: string; slot: Date; exceptOrder: string }): Promise<number> {
  await q.query("INSERT INTO order_slots (business_id, location_id, starts_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [hold.businessId, hold.locationId, hold.slot]);
  await q.query("SELECT 1 FROM order_slots WHERE business_id = $1 AND location_id = $2 AND starts_at = $3 FOR UPDATE", [hold.businessId, hold.locationId, hold.slot]);
  const { rows } = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM orders WHERE business_id = $1 AND location_id = $2 AND promised_slot = $3 AND status IN ('checkout', 'placed') AND id <> $4",
    [hold.businessId, hold.locationId, hold.slot, hold.exceptOrder],
  );
  return rows[0].n;
}

/* The merchant workspace's queue */

/** Lines, customers and recipients of many orders, one statement each. */
export async function partsOfOrders(
  q: Queryable,
  orderIds: string[],
): Promise<{ lines: LineRow[]; customers: (CustomerRow & { order_id: string })[]; recipients: (RecipientRow & { order_id: string })[] }> {
  const [lines, customers, recipients] = await Promise.all([
    q.query<LineRow>("SELECT * FROM line_items WHERE order_id = ANY($1::uuid[]) ORDER BY order_id, position", [orderIds]),
    q.query<CustomerRow & { order_id: string }>("SELECT order_id, first_name, last_name, email, phone FROM customers WHERE order_id = ANY($1::uuid[])", [orderIds]),
    q.query<RecipientRow & { order_id: string }>(
      `SELECT order_id, first_name, last_name, street_address, extended_address, locality, administrative_area_level_1, postal_code, country
         FROM recipients WHERE order_id = ANY($1::uuid[])`,
      [orderIds],
    ),
  ]);
  return { lines: lines.rows, customers: customers.rows, recipients: recipients.rows };
}

/** The kitchen's queue: placed orders in `statuses`, the earliest promise first. */
export async function queuedOrders(q: Queryable, businessId: string, statuses: readonly FulfillmentStatus[], limit: number): Promise<OrderRow[]> {
  const { rows } = await q.query<OrderRow>(
    `SELECT * FROM orders WHERE business_id = $1 AND fulfillment_status = ANY($2::text[])
      ORDER BY promised_at ASC NULLS LAST, placed_at ASC LIMIT $3`,
    [businessId, statuses, limit],
  );
  return rows;
}

/** Orders that reached one of `statuses` after `since`, the latest first. */
export async function finishedOrders(q: Queryable, businessId: string, statuses: readonly FulfillmentStatus[], since: Date, limit: number): Promise<OrderRow[]> {
  const { rows } = await q.query<OrderRow>(
    `SELECT * FROM orders WHERE business_id = $1 AND fulfillment_status = ANY($2::text[]) AND fulfillment_status_at > $3
      ORDER BY fulfillment_status_at DESC LIMIT $4`,
    [businessId, statuses, since, limit],
  );
  return rows;
}

export async function findPlacedOrder(q: Queryable, businessId: string, orderId: string): Promise<OrderRow | undefined> {
  const { rows } = await q.query<OrderRow>("SELECT * FROM orders WHERE id = $1 AND business_id = $2 AND fulfillment_status IS NOT NULL", [orderId, businessId]);
  return rows[0];
}

/** Moves a placed order on and records who moved it, from where, and why. */
export async function moveFulfillment(
  q: Queryable,
  move: { orderId: string; from: FulfillmentStatus; to: FulfillmentStatus; at: Date; cancelReason: string | null; reason: string | null; userId: string; userEmail: string },
): Promise<OrderRow> {
  const { rows } = await q.query<OrderRow>(
    "UPDATE orders SET fulfillment_status = $2, fulfillment_status_at = $3, cancel_reason = $4, updated_at = $3 WHERE id = $1 RETURNING *",
    [move.orderId, move.to, move.at, move.cancelReason],
  );
  await q.query(
    "INSERT INTO order_status_changes (id, order_id, from_status, to_status, reason, user_id, user_email, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    [randomUUID(), move.orderId, move.from, move.to, move.reason, move.userId, move.userEmail, move.at],
  );
  return rows[0];
}
