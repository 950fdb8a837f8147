import type { Location } from "@mainstreet/rules/business/schema";
import type { Queryable } from "../db/db";
import { controlsOfBusiness, controlsOfLocation, type ControlsRow } from "./kitchen.store";

/**
 * The kitchen's controls of one location as the workspace set them (`kitchen_controls`, migration 003): the
 * ready-time rules read them at every promise and every list of slots, so a change takes effect on the next
 * call, on every replica.
 */
export interface KitchenControls {
  rushMinutes: number;
  /** Orders paused until then; null: not paused (a past pause is the same as none). */
  pausedUntil: Date | null;
  /** The workspace's capacity per slot; null: the data file's applies. */
  ordersPerSlot: number | null;
}

export const NO_CONTROLS: KitchenControls = { rushMinutes: 0, pausedUntil: null, ordersPerSlot: null };

const controlsOf = (row: ControlsRow | undefined): KitchenControls =>
  row ? { rushMinutes: row.rush_minutes, pausedUntil: row.paused_until ? new Date(row.paused_until) : null, ordersPerSlot: row.orders_per_slot } : NO_CONTROLS;

/** The controls of every location of a business that has any, by location id. */
export async function kitchenControlsOf(q: Queryable, businessId: string): Promise<Map<string, KitchenControls>> {
  const rows = await controlsOfBusiness(q, businessId);
  return new Map(rows.map((row) => [row.location_id, controlsOf(row)]));
}

export async function kitchenControls(q: Queryable, businessId: string, locationId: string): Promise<KitchenControls> {
  return controlsOf(await controlsOfLocation(q, businessId, locationId));
}

/** The location as the ready-time rules must see it: the workspace's capacity in place of the data file's. */
export function withKitchenCapacity(location: Location, controls: KitchenControls): Location {
  if (controls.ordersPerSlot === null) return location;
  return { ...location, orderTimes: { ...location.orderTimes, ordersPerSlot: controls.ordersPerSlot } };
}
