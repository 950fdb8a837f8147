import { DateTime } from "luxon";
import type { Location, MenuItem, Modifier } from "@mainstreet/rules/business/schema";
import { soldOutUntil, soldOutUntilText } from "@mainstreet/rules/orders/availability";
import type { PublicAvailability } from "@mainstreet/rules/api/api-views";
import type { AvailabilityItem, AvailabilityModifier, AvailabilityReply } from "@mainstreet/rules/api/manage-api";
import type { MerchantSession } from "../accounts/accounts.service";
import type { Catalog, CatalogEntry } from "../catalog/catalog";
import type { Db, Queryable } from "../db/db";
import type { EventLog } from "../events/event-log";
import { conflict, forbidden, notFound } from "../http/errors";
import { NO_CONTROLS, kitchenControlsOf } from "../kitchen/kitchen-controls";
import { soldOutMarks, type SoldOutMark } from "./sold-out";
import { clearMark, modifierKey, setMark } from "./availability.store";
import { type AvailabilityBody, type ModifierAvailabilityBody } from "@mainstreet/rules/api/manage-requests";

/**
 * Sold out from the workspace: the merchant marks an item, one variation or a modifier (on every item
 * that offers it) sold out for today
 * (until the next midnight on the primary location's clock) or until further notice; the order calls
 * refuse it (sold-out.ts), the site reads it from the public availability call. The data file's
 * `available: false` shows as "indefinitely" and is not changed here (409).
 */

export interface AvailabilityDeps {
  db: Db;
  catalog: Catalog;
  clock: () => Date;
  events: EventLog;
}

const primaryLocation = (entry: CatalogEntry): Location | undefined => entry.business.locations.find((location) => location.primaryLocation) ?? entry.business.locations[0];

export class AvailabilityService {
  constructor(private readonly deps: AvailabilityDeps) {}

  private zone(entry: CatalogEntry): string {
    return primaryLocation(entry)?.timezone ?? "UTC";
  }

  private itemView(entry: CatalogEntry, item: MenuItem, marks: readonly SoldOutMark[]): AvailabilityItem {
    const zone = this.zone(entry);
    const until = (itemId: string, variationId: string, inData: boolean) => {
      if (inData) return "indefinitely";
      const mark = marks.find((candidate) => candidate.itemId === itemId && candidate.variationId === variationId);
      return mark ? soldOutUntilText(mark.until ? mark.until.getTime() : null, zone) : null;
    };
    return {
      item_id: item.id,
      name: item.name,
      category: entry.business.menu.categories.find((category) => category.itemIds.includes(item.id))?.name ?? null,
      sold_out_until: until(item.id, "", !item.available),
      sold_out_in_data: !item.available,
      variations: item.variations.map((variation) => ({
        id: variation.id,
        name: variation.name,
        sold_out_until: until(item.id, variation.id, !variation.available),
        sold_out_in_data: !variation.available,
      })),
    };
  }

  /** The modifiers the menu's visible items offer, in the data file's order. */
  private offeredModifiers(entry: CatalogEntry): Modifier[] {
    const setIds = new Set(entry.business.menu.items.filter((item) => item.visible).flatMap((item) => item.modifierSetIds));
    const offered = new Set(entry.business.menu.modifierSets.filter((set) => setIds.has(set.id)).flatMap((set) => set.modifierIds));
    return entry.business.menu.modifiers.filter((modifier) => offered.has(modifier.id));
  }

  private modifierView(entry: CatalogEntry, modifier: Modifier, marks: readonly SoldOutMark[]): AvailabilityModifier {
    const mark = marks.find((candidate) => candidate.modifierId === modifier.id);
    return {
      modifier_id: modifier.id,
      name: modifier.name,
      sets: entry.business.menu.modifierSets.filter((set) => set.modifierIds.includes(modifier.id)).map((set) => set.name),
      sold_out_until: !modifier.available ? "indefinitely" : mark ? soldOutUntilText(mark.until ? mark.until.getTime() : null, this.zone(entry)) : null,
      sold_out_in_data: !modifier.available,
    };
  }

  async list(session: MerchantSession): Promise<AvailabilityReply> {
    const entry = this.deps.catalog.served(session.businessId);
    const marks = await soldOutMarks(this.deps.db, session.businessId, this.deps.clock());
    return {
      items: entry.business.menu.items.filter((item) => item.visible).map((item) => this.itemView(entry, item, marks)),
      modifiers: this.offeredModifiers(entry).map((modifier) => this.modifierView(entry, modifier, marks)),
    };
  }

  /** Marks a modifier sold out on every item for today, until further notice, or available again. */
  async updateModifier(session: MerchantSession, modifierId: string, body: ModifierAvailabilityBody): Promise<AvailabilityModifier> {
    const entry = this.deps.catalog.served(session.businessId);
    const modifier = this.offeredModifiers(entry).find((candidate) => candidate.id === modifierId);
    if (!modifier) throw forbidden(`No modifier ${modifierId} on this business's menu`);
    if (!modifier.available) {
      throw conflict(`${modifier.name} is marked unavailable in the business data, which the workspace does not change: edit the data file to offer it again`);
    }
    const now = this.deps.clock();
    const key = modifierKey(modifier.id);
    return this.deps.db.transaction(async (tx) => {
      if (body.sold_out === false) {
        await clearMark(tx, session.businessId, key.itemId, key.variationId);
      } else {
        const until = soldOutUntil(body.sold_out, now, this.zone(entry));
        await setMark(tx, { businessId: session.businessId, ...key, until: until === null ? null : new Date(until), at: now, by: session.userId });
      }
      return this.modifierView(entry, modifier, await soldOutMarks(tx, session.businessId, now));
    });
  }

  /** One item's entry (the stream's `availability` event), or null when it is no longer on the menu. */
  async item(businessId: string, itemId: string, q: Queryable = this.deps.db): Promise<AvailabilityItem | null> {
    const entry = this.deps.catalog.get(businessId);
    const item = entry?.items.get(itemId);
    if (!entry || !item || !item.visible) return null;
    return this.itemView(entry, item, await soldOutMarks(q, businessId, this.deps.clock()));
  }

  /** Marks an item (or one variation) sold out for today, until further notice, or available again. */
  async update(session: MerchantSession, itemId: string, body: AvailabilityBody): Promise<AvailabilityItem> {
    const entry = this.deps.catalog.served(session.businessId);
    const item = entry.items.get(itemId);
    if (!item || !item.visible) throw forbidden(`No menu item ${itemId} in this business's workspace`);
    const variation = body.variation_id === undefined ? undefined : item.variations.find((candidate) => candidate.id === body.variation_id);
    if (body.variation_id !== undefined && !variation) throw forbidden(`No variation ${body.variation_id} of ${item.name} in this business's workspace`);
    const inData = variation ? !variation.available : !item.available;
    if (inData) {
      throw conflict(`${item.name}${variation?.name ? ` (${variation.name})` : ""} is marked unavailable in the business data, which the workspace does not change: edit the data file to sell it again`);
    }
    const now = this.deps.clock();
    return this.deps.db.transaction(async (tx) => {
      const variationId = variation?.id ?? "";
      if (body.sold_out === false) {
        await clearMark(tx, session.businessId, itemId, variationId);
      } else {
        const until = soldOutUntil(body.sold_out, now, this.zone(entry));
        await setMark(tx, { businessId: session.businessId, itemId, variationId, until: until === null ? null : new Date(until), at: now, by: session.userId });
      }
      await this.deps.events.record(tx, session.businessId, "availability", itemId);
      return this.itemView(entry, item, await soldOutMarks(tx, session.businessId, now));
    });
  }

  /** What the site reads (no session): everything sold out now, and each ordering location's pause and rush. */
  async publicView(businessId: string): Promise<PublicAvailability> {
    const entry = this.deps.catalog.get(businessId);
    if (!entry) throw notFound(`Business ${businessId} does not exist`);
    const now = this.deps.clock();
    const [marks, controls] = await Promise.all([soldOutMarks(this.deps.db, businessId, now), kitchenControlsOf(this.deps.db, businessId)]);
    const items = new Set(entry.business.menu.items.filter((item) => !item.available).map((item) => item.id));
    const variations = new Set(entry.business.menu.items.flatMap((item) => item.variations.filter((variation) => !variation.available).map((variation) => variation.id)));
    const modifiers = new Set(entry.business.menu.modifiers.filter((modifier) => !modifier.available).map((modifier) => modifier.id));
    for (const mark of marks) {
      if (mark.modifierId !== null) {
        if (entry.modifiers.has(mark.modifierId)) modifiers.add(mark.modifierId);
        continue;
      }
      if (!entry.items.has(mark.itemId)) continue;
      if (mark.variationId === "") items.add(mark.itemId);
      else variations.add(mark.variationId);
    }
    return {
      sold_out_items: [...items].sort(),
      sold_out_variations: [...variations].sort(),
      sold_out_modifiers: [...modifiers].sort(),
      locations: entry.business.locations
        .filter((location) => location.orderingEnabled)
        .map((location) => {
          const control = controls.get(location.id) ?? NO_CONTROLS;
          const paused = control.pausedUntil && control.pausedUntil.getTime() > now.getTime() ? control.pausedUntil : null;
          return {
            location_id: location.id,
            paused_until: paused ? (DateTime.fromJSDate(paused, { zone: location.timezone }).toISO() as string) : null,
            rush_minutes: control.rushMinutes,
          };
        }),
      as_of: now.toISOString(),
    };
  }
}
