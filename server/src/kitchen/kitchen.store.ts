import type { Queryable } from "../db/db";

/** All the SQL of the kitchen's controls (`kitchen_controls`, migration 003). */

export interface ControlsRow extends Record<string, unknown> {
  location_id: string;
  rush_minutes: number;
  paused_until: Date | null;
  orders_per_slot: number | null;
}

export async function controlsOfBusiness(q: Queryable, businessId: string): Promise<ControlsRow[]> {
  const { rows } = await q.query<ControlsRow>("SELECT location_id, rush_minutes, paused_until, orders_per_slot FROM kitchen_controls WHERE business_id = $1", [businessId]);
  return rows;
}

export async function controlsOfLocation(q: Queryable, businessId: string, locationId: string): Promise<ControlsRow | undefined> {
  const { rows } = await q.query<ControlsRow>(
    "SELECT location_id, rush_minutes, paused_until, orders_per_slot FROM kitchen_controls WHERE business_id = $1 AND location_id = $2",
    [businessId, locationId],
  );
  return rows[0];
}

export async function saveControls(
  q: Queryable,
  controls: { businessId: string; locationId: string; rushMinutes: number; pausedUntil: Date | null; ordersPerSlot: number | null; at: Date; by: string },
): Promise<void> {
  await q.query(
    `INSERT INTO kitchen_controls (business_id, location_id, rush_minutes, paused_until, orders_per_slot, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (business_id, location_id) DO UPDATE
       SET rush_minutes = EXCLUDED.rush_minutes, paused_until = EXCLUDED.paused_until, orders_per_slot = EXCLUDED.orders_per_slot,
           updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [controls.businessId, controls.locationId, controls.rushMinutes, controls.pausedUntil, controls.ordersPerSlot, controls.at, controls.by],
  );
}
