import { DateTime } from "luxon";
import type { Location } from "@mainstreet/rules/business/schema";
import type { KitchenReply, KitchenState } from "@mainstreet/rules/api/manage-api";
import type { MerchantSession } from "../accounts/accounts.service";
import type { Catalog, CatalogEntry } from "../catalog/catalog";
import type { Db, Queryable } from "../db/db";
import type { EventLog } from "../events/event-log";
import { forbidden, unprocessable } from "../http/errors";
import { NO_CONTROLS, kitchenControls, kitchenControlsOf, type KitchenControls } from "./kitchen-controls";
import { type KitchenBody } from "@mainstreet/rules/api/manage-requests";
import { saveControls } from "./kitchen.store";

/**
 * The kitchen controls of the workspace: rush minutes, a pause and a capacity per slot for each
 * location that takes online orders. The ready-time rules read them at every promise (promises.ts), so a
 * change takes effect on the next call; each change is also an event for the open order screens.
 */

export interface KitchenDeps {
  db: Db;
  catalog: Catalog;
  clock: () => Date;
  events: EventLog;
}

/** A pause longer than this is not a pause: the data file's `ordering` switches a location off. */
const MAX_PAUSE_DAYS = 14;

export class KitchenService {
  constructor(private readonly deps: KitchenDeps) {}

  /** Locations whose kitchen the workspace controls: those taking online orders, in data order. */
  private locations(entry: CatalogEntry): Location[] {
    return entry.business.locations.filter((location) => location.orderingEnabled);
  }

  stateOf(location: Location, controls: KitchenControls): KitchenState {
    const now = this.deps.clock().getTime();
    const paused = controls.pausedUntil && controls.pausedUntil.getTime() > now ? controls.pausedUntil : null;
    return {
      location_id: location.id,
      name: location.name ?? null,
      rush_minutes: controls.rushMinutes,
      paused_until: paused ? (DateTime.fromJSDate(paused, { zone: location.timezone }).toISO() as string) : null,
      orders_per_slot: controls.ordersPerSlot,
      orders_per_slot_from_data: location.orderTimes.ordersPerSlot,
    };
  }

  async list(session: MerchantSession): Promise<KitchenReply> {
    const entry = this.deps.catalog.served(session.businessId);
    const controls = await kitchenControlsOf(this.deps.db, session.businessId);
    return { locations: this.locations(entry).map((location) => this.stateOf(location, controls.get(location.id) ?? NO_CONTROLS)) };
  }

  /** One location's state (the stream's `kitchen` event), or null when it no longer takes orders. */
  async state(businessId: string, locationId: string, q: Queryable = this.deps.db): Promise<KitchenState | null> {
    const location = this.deps.catalog.get(businessId)?.locations.get(locationId);
    if (!location || !location.orderingEnabled) return null;
    return this.stateOf(location, await kitchenControls(q, businessId, locationId));
  }

  /** Changes what the body names and keeps the rest; 403 for a location that is not the business's or takes no orders. */
  async update(session: MerchantSession, locationId: string, body: KitchenBody): Promise<KitchenState> {
    const entry = this.deps.catalog.served(session.businessId);
    const location = entry.locations.get(locationId);
    if (!location || !location.orderingEnabled) throw forbidden(`No location ${locationId} taking online orders in this business's workspace`);
    const now = this.deps.clock();
    if (body.paused_until) {
      const until = new Date(body.paused_until);
      if (until.getTime() <= now.getTime()) throw unprocessable(`paused_until: expected a time in the future, got ${body.paused_until} (send null to resume orders)`);
      if (until.getTime() > now.getTime() + MAX_PAUSE_DAYS * 86_400_000) {
        throw unprocessable(`paused_until: expected a time within ${MAX_PAUSE_DAYS} days, got ${body.paused_until} (a location that stops taking orders for longer does so in its business data)`);
      }
    }
    return this.deps.db.transaction(async (tx) => {
      const current = await kitchenControls(tx, session.businessId, locationId);
      const next: KitchenControls = {
        rushMinutes: body.rush_minutes ?? current.rushMinutes,
        pausedUntil: body.paused_until === undefined ? current.pausedUntil : body.paused_until === null ? null : new Date(body.paused_until),
        ordersPerSlot: body.orders_per_slot === undefined ? current.ordersPerSlot : body.orders_per_slot,
      };
      await saveControls(tx, { businessId: session.businessId, locationId, ...next, at: now, by: session.userId });
      await this.deps.events.record(tx, session.businessId, "kitchen", locationId);
      return this.stateOf(location, next);
    });
  }
}
