import { DateTime } from "luxon";
import type { Location } from "@mainstreet/rules/business/schema";
import { hasAnyHours } from "@mainstreet/rules/hours/hours";
import { type FulfillmentMethod, type FulfillmentSlotsView } from "@mainstreet/rules/api/order-api";
import { ORDER_SLOT_MINUTES, type ReadyCheck, type ReadyTimesInput, checkReadyTime, promiseUntil, readyTimes } from "@mainstreet/rules/orders/ready-times";
import type { Queryable } from "../db/db";
import { kitchenControls, withKitchenCapacity, type KitchenControls } from "../kitchen/kitchen-controls";
import { liveLocation } from "../site-facts/site-facts.service";
import { lockSlotAndCount, slotCounts } from "./orders.store";

/**
 * When an order will be ready, for the order calls and the checkout: the ready-time rules
 * (@mainstreet/rules/orders/ready-times) fed with the location's data and the orders already holding each kitchen
 * slot. An order holds its slot while it is in checkout or placed, so capacity counts orders the
 * kitchen will really make; the checkout locks the slot's row before counting (holdSlot).
 */

export interface OrderPromise {
  readyAt: number;
  slotStart: number;
}

export type PromiseCheck = { ok: true; promise: OrderPromise | null } | { ok: false; problem: Exclude<ReadyCheck, { ok: true }>["problem"]; message: string };

/** Shipping (a parcel carrier) and a location without any hours promise no time. */
export function isTimed(location: Location, method: FulfillmentMethod): boolean {
  if (method === "delivery" && location.delivery.kind === "shipping") return false;
  return hasAnyHours(location.hours) || location.specialHours.some((entry) => !entry.closed);
}

/** Orders in checkout or placed per kitchen slot (epoch ms) from `from` to `to`, other than `exceptOrder`. */
export async function bookedSlots(q: Queryable, location: Location, businessId: string, from: number, to: number, exceptOrder: string): Promise<Map<number, number>> {
  if (location.orderTimes.ordersPerSlot === null) return new Map();
  return slotCounts(q, { businessId, locationId: location.id, exceptOrder, from: new Date(from), to: new Date(to) });
}

function readyInput(location: Location, now: Date, booked: ReadonlyMap<number, number>, controls: KitchenControls): ReadyTimesInput {
  return {
    rushMinutes: controls.rushMinutes,
    pausedUntil: controls.pausedUntil,
    locationName: location.name,
    now,
    timeZone: location.timezone,
    hours: location.hours,
    specialHours: location.specialHours,
    preparationMinutes: location.orderTimes.preparationMinutes,
    daysAhead: location.orderTimes.daysAhead,
    ordersPerSlot: location.orderTimes.ordersPerSlot,
    booked,
  };
}

/** The instants the rules may look at for `now`: the day before today through the last day ahead. */
function horizon(location: Location, now: Date): { from: number; to: number } {
  const today = DateTime.fromJSDate(now, { zone: location.timezone }).startOf("day");
  return { from: today.minus({ days: 1 }).toMillis(), to: today.plus({ days: location.orderTimes.daysAhead + 2 }).toMillis() };
}

/**
 * Checks a choice (a time, or null for as soon as possible) against the hours, the preparation time and
 * the kitchen's bookings. With `holdSlot` (the checkout) the chosen slot's row is locked and counted
 * again under the lock, so two checkouts cannot both take the last place; as soon as possible then moves
 * on if the slot filled meanwhile.
 */
export async function checkPromise(
  q: Queryable,
  input: { location: Location; businessId: string; orderId: string; method: FulfillmentMethod; scheduledFor: string | null; now: Date; holdSlot: boolean },
): Promise<PromiseCheck> {
  // The hours as the live site shows them (a closure for today stops orders within a minute, without a build).
  const live = await liveLocation(q, input.businessId, input.location, input.now);
  if (!isTimed(live, input.method)) return { ok: true, promise: null };
  // The kitchen's controls (rush, pause, capacity) as the workspace set them, read at every check.
  const controls = await kitchenControls(q, input.businessId, live.id);
  const location = withKitchenCapacity(live, controls);
  const { from, to } = horizon(location, input.now);
  const booked = await bookedSlots(q, location, input.businessId, from, to, input.orderId);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const result = checkReadyTime({ ...readyInput(location, input.now, booked, controls), scheduledFor: input.scheduledFor });
    if (!result.ok) return { ok: false, problem: result.problem, message: result.message };
    const promise = { readyAt: result.readyAt, slotStart: result.slotStart };
    if (!input.holdSlot || location.orderTimes.ordersPerSlot === null) return { ok: true, promise };
    const slot = new Date(result.slotStart);
    const held = await lockSlotAndCount(q, { businessId: input.businessId, locationId: location.id, slot, exceptOrder: input.orderId });
    if (held < location.orderTimes.ordersPerSlot) return { ok: true, promise };
    // Filled since it was counted: count it as full and look again.
    booked.set(result.slotStart, held);
  }
  return { ok: false, problem: "full", message: "The kitchen is fully booked around that time: choose another time." };
}

/** The times the checkout offers for a location and method (GET orders/{id}/fulfillment-slots/). */
export async function fulfillmentSlots(
  q: Queryable,
  input: { location: Location; businessId: string; orderId: string; method: FulfillmentMethod; now: Date },
): Promise<FulfillmentSlotsView> {
  const { method } = input;
  const live = await liveLocation(q, input.businessId, input.location, input.now);
  const controls = await kitchenControls(q, input.businessId, live.id);
  const location = withKitchenCapacity(live, controls);
  const windowMinutes = method === "delivery" ? location.delivery.windowMinutes : null;
  const common = {
    order_id: input.orderId,
    location_id: location.id,
    method,
    time_zone: location.timezone,
    slot_minutes: ORDER_SLOT_MINUTES,
    preparation_minutes: location.orderTimes.preparationMinutes,
    delivery_window_minutes: windowMinutes,
    days_ahead: location.orderTimes.daysAhead,
  };
  if (!isTimed(location, method)) {
    return { ...common, timed: false, asap: { available: true, promised_at: null, promised_until: null, reason: null, message: null }, days: [] };
  }
  const { from, to } = horizon(location, input.now);
  const times = readyTimes(readyInput(location, input.now, await bookedSlots(q, location, input.businessId, from, to, input.orderId), controls));
  const until = (readyAt: string) => DateTime.fromMillis(promiseUntil(method, DateTime.fromISO(readyAt).toMillis(), location.delivery.windowMinutes), { zone: location.timezone }).toISO() as string;
  return {
    ...common,
    timed: true,
    asap: times.asap.available
      ? { available: true, promised_at: times.asap.readyAt, promised_until: until(times.asap.readyAt), reason: null, message: null }
      : { available: false, promised_at: null, promised_until: null, reason: times.asap.reason, message: times.asap.message },
    days: times.days,
  };
}

/** promised_at and promised_until of an order as the view shows them, in the location's zone. */
export function promiseView(
  location: Location | undefined,
  method: FulfillmentMethod | null,
  promisedAt: Date | null,
): { promised_at: string | null; promised_until: string | null } {
  if (!promisedAt || !method) return { promised_at: null, promised_until: null };
  const zone = location?.timezone ?? "UTC";
  const at = new Date(promisedAt).getTime();
  const until = promiseUntil(method, at, location?.delivery.windowMinutes ?? 0);
  return {
    promised_at: DateTime.fromMillis(at, { zone }).toISO() as string,
    promised_until: DateTime.fromMillis(until, { zone }).toISO() as string,
  };
}
